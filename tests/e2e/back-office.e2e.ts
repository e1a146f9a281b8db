/**
 * Back office end to end on the real server and the built app: the admin edits an active contract's
 * price (the ended contract's edit stays disabled) and the offer waiting time; the server keeps both.
 * Screens are captured at 390 px and 1280 px in English and Spanish when SHOTS_DIR is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launch, newContext, watchErrors } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

describe('back office journey', () => {
  it('should let the admin change an active contract and the offer waiting time', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, 'admin');
    await page.goto('/dashboard/admin/contracts?status=active');
    const table = page.getByRole('table', { name: 'Contracts' });
    await table.waitFor();
    const edit = page.getByRole('button', { name: /^Edit contract \d+$/ }).first();
    const target = { id: Number(/\d+/.exec((await edit.getAttribute('aria-label')) ?? '')?.[0]) };
    await edit.click();
    const dialog = page.getByRole('dialog');
    const price = dialog.getByRole('textbox', { name: /^Price/ });
    await price.fill('3100');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'The contract was updated').waitFor();
    const after = await api<{ contracts: { id: number; price: number }[] }>(
      page,
      '/api/contracts?contractStatus=active&limit=50',
    );
    expect(after.contracts.find((c) => c.id === target.id)?.price).toBe(3100);

    await page.goto('/dashboard/admin/contracts?status=inactive');
    const ended = await api<{ contracts: { id: number; ended: boolean }[] }>(
      page,
      '/api/contracts?contractStatus=inactive&limit=50',
    );
    const endedId = ended.contracts.find((c) => c.ended)!.id;
    await expect
      .poll(() => page.getByRole('button', { name: `Edit contract ${endedId}`, exact: true }).isDisabled())
      .toBe(true);

    await page.goto('/dashboard/admin/settings');
    const hours = page.getByRole('textbox', { name: 'Offer waiting time (hours)' });
    await hours.waitFor();
    await hours.fill('5');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await toast(page, 'Configuration has been updated').waitFor();
    const { configurations } = await api<{ configurations: { key: string; value: string }[] }>(
      page,
      '/api/configurations',
    );
    expect(configurations.find((c) => c.key === 'ALLOCATION_FREQUENCY')?.value).toBe('5');
    expect(errors).toEqual([]);
    await context.close();
  });

  // Seven screens, each at two widths in two languages: 40 s on a quiet machine, more beside
  // the PostgreSQL API run, so it gets more than the suite's 60 s.
  it('should show every back-office screen at 390 px and 1280 px in English and Spanish', async () => {
    const dir = process.env.SHOTS_DIR;
    const screens: [string, string, string][] = [
      ['admin', '/dashboard/admin/contracts', 'contracts'],
      ['admin', '/dashboard/admin/settings', 'settings'],
      ['admin', '/dashboard/admin/categories', 'categories'],
      ['admin', '/dashboard/admin/service-level', 'service-level'],
      ['admin', '/dashboard/admin/suppliersabm', 'suppliers'],
      ['admin', '/dashboard/admin/depotsabm', 'depots'],
      ['carrier1', '/dashboard/carrier/vehicles', 'vehicles'],
    ];
    for (const viewport of [PHONE, DESKTOP]) {
      for (const lang of ['en', 'es']) {
        const context = await newContext(browser, viewport);
        const page = await context.newPage();
        const errors = watchErrors(page);
        let user = '';
        for (const [login, path, name] of screens) {
          if (login !== user) {
            await page.goto('/login');
            await page.evaluate(() => localStorage.clear());
            await signIn(page, login);
            await page.evaluate((l) => localStorage.setItem('locale', l), lang);
            user = login;
          }
          await page.goto(path);
          await page.locator('h1').first().waitFor();
          await page.waitForLoadState('networkidle');
          await expect.poll(() => page.locator('[data-testid="list-loading"]').count()).toBe(0);
          if (dir) await page.screenshot({ path: `${dir}/${name}-${viewport.width}-${lang}.png`, fullPage: true });
        }
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
