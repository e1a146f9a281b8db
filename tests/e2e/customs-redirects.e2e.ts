/**
 * The path redirects (customs area) on the real server: a customs user opening an
 * admin ta-invoice path lands on the customs predoc of that ticket; an admin opening a customs
 * documentation path lands on the admin ta-invoice of that ticket. Demo data: trip 11 is TA_INVOICED at
 * customs1's Eagle Pass crossing, trip 13 a railcar in MX_TRANSIT at Laredo (customs1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, PHONE, launch, newContext, watchErrors } from './support/browser';
import { expectPath, signIn } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('admin and customs path redirects', () => {
  it('should send customs1 from an admin ta-invoice path to the predoc of that ticket, and show it', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, 'customs1');
    await page.goto('/dashboard/admin/ta-invoice/11');
    await expectPath(page, '/dashboard/customs/predoc/11');
    await page.getByRole('heading', { name: 'Truck documentation · Trip ID 11' }).waitFor();
    await page.getByRole('heading', { name: 'Supplier documentation' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should send the admin from each customs documentation path to the ta-invoice of that ticket', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, 'admin');
    for (const [path, id] of [
      ['/dashboard/customs/predoc/11', 11],
      ['/dashboard/customs/truck-documentation/11', 11],
      ['/dashboard/customs/railcar-documentation/13', 13],
    ] as const) {
      await page.goto(path);
      await expectPath(page, `/dashboard/admin/ta-invoice/${id}`);
      await page.getByRole('heading', { name: `Trip ID ${id}` }).waitFor();
    }
    await page.getByRole('heading', { name: 'Supplier documentation' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should send the read-only admin the same way', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await signIn(page, 'adminro');
    await page.goto('/dashboard/customs/truck-documentation/12');
    await expectPath(page, '/dashboard/admin/ta-invoice/12');
    await context.close();
  });

  it('should send customs2 home when the redirected ticket is at another crossing', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await signIn(page, 'customs2');
    await page.goto('/dashboard/admin/ta-invoice/11');
    await expectPath(page, '/dashboard/customs');
    await context.close();
  });
});
