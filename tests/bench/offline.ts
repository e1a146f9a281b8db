/**
 * Offline figures for `npm run bench` (printed, never asserted), measured in real Chromium against the
 * real server and the built app (dist/, or DIST_DIR):
 * - a 12-megapixel photo (4032 x 3024, drawn on a canvas in Chromium and saved as a JPEG, as a phone
 *   camera would): its size, the time the truck form takes to compress it in its worker until the
 *   thumbnail shows, and the compressed size stored in the outbox;
 * - the time from reconnecting to a synced outbox item of 8 files (4 PDFs of 300 kB, 4 such photos).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { earliestSlot } from '../../src/shared/domain/withdrawal';
import { pdf } from '../fixtures/files';
import { startPortalProcess } from '../fixtures/portal-process';
import { queuedPhotoSizes, twelveMegapixelJpeg } from '../e2e/support/camera-photo';

const PASSWORD = 'Demo-1234!';
const mb = (n: number) => `${(n / 1_000_000).toFixed(2)} MB`;

async function api<T>(
  base: string,
  pathname: string,
  token: string | null,
  method = 'GET',
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}/api${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function confirmedTruckTicket(base: string): Promise<number> {
  const login = (username: string) =>
    api<{ token: string; user: { userDetail: { supplier: { depots: { id: number }[] } | null } } }>(
      base,
      '/auth/login',
      null,
      'POST',
      {
        username,
        password: PASSWORD,
      },
    );
  const supplier = await login('supplier1');
  const admin = await login('admin');
  const carrier = await login('carrier1');
  const { tickets } = await api<{ tickets: { id: number }[] }>(base, '/tickets', supplier.token, 'POST', {
    ticket: { count: 1, originDepotId: supplier.user.userDetail.supplier?.depots[0]?.id },
  });
  const id = tickets[0]!.id;
  const { carriers } = await api<{ carriers: { id: number; businessName: string }[] }>(base, '/carriers', admin.token);
  const carrier1 = carriers.find((c) => c.businessName === 'Rápido Freight Lines')!;
  await api(base, `/tickets/${id}/manual`, admin.token, 'PUT', {
    ticket: { carrierId: carrier1.id, reason: 'bench' },
  }).catch(() => undefined);
  const slot = earliestSlot(new Date(), 0);
  await api(base, `/tickets/${id}/confirm`, carrier.token, 'PUT', {
    ticket: { withdrawalDate: slot.instant.toISOString(), timezone: 0 },
  });
  return id;
}

async function choose(page: Page, label: RegExp, option?: RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  const item = option ? page.getByRole('option', { name: option }).first() : page.getByRole('option').first();
  await item.waitFor({ state: 'visible' });
  await item.click();
}

export async function offlineFigures(): Promise<void> {
  const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
  if (!existsSync(path.join(distDir, 'index.html'))) {
    console.log('offline: dist/ missing (run npm run build, or set DIST_DIR)');
    return;
  }
  const { base, stop } = await startPortalProcess({ env: { DIST_DIR: distDir, LOGIN_RATE_LIMIT: '100000' } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const tripId = await confirmedTruckTicket(base);
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'allow',
    });
    const page = await context.newPage();
    await page.goto('/login/tradicional');
    await page.getByLabel('Username').fill('supplier1');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await page.goto('/dashboard/suppliers/truck-documentation');
    await choose(page, /Ticket \(by carrier\)/, new RegExp(`^#${tripId} `));
    await choose(page, /^Destination/);
    await page.getByRole('button', { name: /Invoice date/ }).click();
    await page.getByRole('button', { name: /^1 / }).first().click();
    await page.getByRole('textbox', { name: /Invoice number/ }).fill(`BENCH-${Date.now()}`);
    await page.getByRole('textbox', { name: /Invoice amount/ }).fill('1000');
    await page.getByRole('textbox', { name: /Car\/Equipment/ }).fill('TRK998877');
    await page.getByRole('textbox', { name: /Gross weight/ }).fill('70000');
    await page.getByRole('textbox', { name: /Tare weight/ }).fill('30000');
    await choose(page, /^Material/);
    for (const slot of ['salesInvoice', 'weightCertificate', 'BL', 'radioactiveCertificate']) {
      await page
        .locator(`input[data-slot="${slot}"]`)
        .setInputFiles({ name: `${slot}.pdf`, mimeType: 'application/pdf', buffer: pdf(300_000) });
    }

    const times: number[] = [];
    let original = 0;
    for (let i = 1; i <= 4; i++) {
      const jpeg = await twelveMegapixelJpeg(page, i);
      original += jpeg.length;
      const started = performance.now();
      await page
        .locator('input[data-slot="photos"]')
        .setInputFiles({ name: `photo-${i}.jpg`, mimeType: 'image/jpeg', buffer: jpeg });
      await page.getByRole('button', { name: `Remove photo ${i}` }).waitFor();
      times.push(performance.now() - started);
    }

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/suppliers');
    const sizes = await queuedPhotoSizes(page);
    const avg = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
    console.log(
      `offline: 12 MP photo (4032x3024 JPEG, ${mb(original / 4)} on average): compressed in the form's worker in ${(avg(times) / 1000).toFixed(2)} s ` +
        `(min ${(Math.min(...times) / 1000).toFixed(2)} s, max ${(Math.max(...times) / 1000).toFixed(2)} s, 4 photos), ` +
        `stored ${sizes.map(mb).join(', ')}`,
    );

    const outbox = page.getByRole('button', { name: /^Outbox: / });
    await outbox.waitFor();
    const reconnected = performance.now();
    await context.setOffline(false);
    await outbox.waitFor({ state: 'detached' });
    const synced = performance.now() - reconnected;
    const total = 4 * 300_000 + sizes.reduce((a, b) => a + b, 0);
    console.log(
      `offline: reconnect to synced 8-file item (${mb(total)}, local server): ${(synced / 1000).toFixed(2)} s`,
    );
    await context.close();
  } finally {
    await browser.close();
    await stop();
  }
}
