/**
 * Spanish texts are longer than English ones: the admin's ongoing table still fits a 1280 px screen with
 * its 'Factura TA' buttons in sight, and no bottom-bar label is cut on a 390 px phone, for every role;
 * nor the buttons of a list's filter drawer on a phone, nor the suppliers' status badges at 1280 px.
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

/** Button labels and badges on the page (open drawers and modals included) whose text is cut. */
const cutTexts = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.mantine-Button-label, .mantine-Badge-label')]
      .filter((label) => label.clientWidth > 0 && label.scrollWidth > label.clientWidth)
      .map((label) => label.textContent),
  );

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

  it("should show the filter drawer's buttons whole at 390 px", async () => {
    const { context, page, errors } = await spanish('admin', PHONE, '/dashboard/admin/contracts');
    await page.getByRole('list', { name: 'Contratos' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Filtros' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtros' });
    await drawer.getByRole('button', { name: /^Ver \d+ contratos$/ }).waitFor();
    expect(await cutTexts(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("should show the suppliers' request badges whole at 1280 px", async () => {
    const { context, page, errors } = await spanish('admin', DESKTOP, '/dashboard/admin/suppliersabm');
    await page.getByRole('table', { name: 'Proveedores' }).getByText('Permitidas').first().waitFor({ timeout: 20_000 });
    expect(await cutTexts(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("should show a contract's dates in its edit modal as the list writes them", async () => {
    const { context, page, errors } = await spanish('admin', DESKTOP, '/dashboard/admin/contracts?status=active');
    const row = page.getByRole('table', { name: 'Contratos' }).getByRole('row').nth(1);
    await row.waitFor({ timeout: 20_000 });
    const listed = (await row.innerText()).match(/\d{2}\/\d{2}\/\d{4}/g)!;
    await row.getByRole('button', { name: /^Editar contrato/ }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByRole('button', { name: /^Desde/ }).innerText(), { timeout: 10_000 })
      .toBe(listed[0]);
    expect(await dialog.getByRole('button', { name: /^Hasta/ }).innerText()).toBe(listed[1]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should name every carrier in the service-level chart at 390 px', async () => {
    const { context, page, errors } = await spanish('admin', PHONE, '/dashboard/admin/service-level');
    const cards = page.getByRole('list', { name: 'Nivel de servicio por transportista' });
    await cards.waitFor({ timeout: 20_000 });
    const carriers = await cards
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.firstElementChild?.textContent ?? ''));
    const tickTexts = page.locator('svg text.recharts-cartesian-axis-tick-value');
    await expect.poll(() => tickTexts.count(), { timeout: 20_000 }).toBeGreaterThan(carriers.length);
    // A name that wraps is split over lines: compare without spaces.
    const squeeze = (text: string) => text.replace(/\s+/g, '');
    const ticks = (await tickTexts.allTextContents()).map(squeeze);
    expect(carriers.length).toBeGreaterThan(2);
    for (const name of carriers) expect(ticks).toContain(squeeze(name));
    expect(errors).toEqual([]);
    await context.close();
  });
});
