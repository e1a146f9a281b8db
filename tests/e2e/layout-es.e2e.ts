/**
 * Spanish texts are longer than English ones: the admin's ongoing table still fits a 1280 px screen with
 * its 'Factura TA' buttons in sight, and no bottom-bar label is cut on a 390 px phone, for every role.
 * Widths depend on the rows shown, so this runs on its own server with the demo data as seeded, not on
 * whatever the other journeys left behind.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, watchErrors } from './support/browser';
import { useOwnPortal } from './support/own-portal';
import { signIn } from './support/session';

const own = useOwnPortal();

async function spanish(username: string, viewport: { width: number; height: number }, path: string) {
  const context = await own.browser.newContext({ baseURL: own.server.base, viewport, locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signIn(page, username);
  await page.evaluate(() => localStorage.setItem('locale', 'es'));
  await page.goto(path);
  return { context, page, errors };
}

/** Labels of the bottom bar whose text is wider than the room it has. */
const cutLabels = (page: Page) =>
  page.evaluate(() => {
    const bars = [...document.querySelectorAll('nav')].filter(
      (nav) => nav.getBoundingClientRect().bottom >= window.innerHeight - 1,
    );
    return bars.flatMap((bar) =>
      [...bar.querySelectorAll('span')]
        .filter((span) => span.clientWidth > 0 && span.scrollWidth > span.clientWidth)
        .map((span) => span.textContent),
    );
  });

describe('Spanish layout', () => {
  it("should fit the admin's ongoing table in 1280 px with every 'Factura TA' button in sight", async () => {
    const { context, page, errors } = await spanish('admin', DESKTOP, '/dashboard/admin/ongoing');
    const table = page.getByRole('table', { name: 'Tickets' });
    await table.waitFor({ timeout: 20_000 });
    const buttons = page.getByRole('link', { name: 'Factura TA' });
    await buttons.first().waitFor({ timeout: 20_000 });
    const widths = await table.evaluate((element) => ({
      table: element.scrollWidth,
      room: element.parentElement!.clientWidth,
    }));
    expect(widths.table).toBeLessThanOrEqual(widths.room);
    const right = await table.evaluate((element) => element.parentElement!.getBoundingClientRect().right);
    for (const box of await Promise.all((await buttons.all()).map((button) => button.boundingBox()))) {
      expect(box!.x + box!.width).toBeLessThanOrEqual(right);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['admin', '/dashboard/admin/ongoing'],
    ['supplier1', '/dashboard/suppliers'],
    ['carrier1', '/dashboard/carrier'],
    ['customs1', '/dashboard/customs'],
  ])('should show every bottom-bar label of %s whole at 390 px', async (username, path) => {
    const { context, page, errors } = await spanish(username, PHONE, path);
    await page.getByRole('navigation', { name: 'Menú principal' }).last().waitFor({ timeout: 20_000 });
    expect(await cutLabels(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
