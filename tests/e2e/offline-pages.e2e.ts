/**
 * Pages never kept on the device, in Chromium on the built app: offline, each role's other lists and a
 * ticket page say they are not saved on this device (no error toast, no "nothing here", no endless
 * skeleton) and load once the connection returns; with the server out of reach while the browser
 * thinks it is online, 'Try again' loads the list once the server answers. Set E2E_SHOTS=<folder> to
 * keep screenshots of each state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, launch, newContext, untilOfflineReady, watchErrors } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const NOT_SAVED_LIST = 'This list is not saved on this device yet';

async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` });
}

/** Signed in with the service worker in control, so an offline reload still opens the app. */
async function installedSession(username: string, viewport = PHONE, language: 'en' | 'es' = 'en') {
  const context = await newContext(browser, viewport, 'en-US', 'light', 'installed');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signIn(page, username);
  // The language chosen on this device applies from the next page load on (online: that load fetches
  // its catalogue, which the service worker then keeps).
  if (language === 'es') {
    await page.evaluate(() => localStorage.setItem('locale', 'es'));
    await page.reload();
  }
  await untilOfflineReady(page, language);
  return { context, page, errors };
}

const errorToasts = (page: Page) => page.locator('.mantine-Notification-root').filter({ hasText: /error/i }).count();

async function offlineListThenOnline(
  context: BrowserContext,
  page: Page,
  path: string,
  loaded: (page: Page) => Promise<void>,
  name: string,
) {
  await context.setOffline(true);
  await page.goto(path);
  await page.getByText(NOT_SAVED_LIST).waitFor();
  expect(await page.getByRole('button', { name: 'Try again' }).isDisabled()).toBe(true);
  await shot(page, name);
  await context.setOffline(false);
  await loaded(page);
  await page.getByText(NOT_SAVED_LIST).waitFor({ state: 'detached' });
  expect(await errorToasts(page)).toBe(0);
}

describe('pages never kept on this device', () => {
  it("should say the carrier's /all list is not saved here while offline, then load it", async () => {
    const { context, page, errors } = await installedSession('carrier1');
    await offlineListThenOnline(
      context,
      page,
      '/dashboard/carrier/all',
      (p) => p.locator('[data-ticket-id]').first().waitFor(),
      'offline-carrier-all-390-en',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it("should say the admin's delivered list is not saved here while offline, at 1280 px in Spanish", async () => {
    const { context, page, errors } = await installedSession('admin', DESKTOP, 'es');
    await context.setOffline(true);
    await page.goto('/dashboard/admin/delivered');
    await page.getByText('Esta lista aún no está guardada en este dispositivo').waitFor();
    expect(await page.getByText('Todavía no hay solicitudes entregadas').count()).toBe(0);
    await shot(page, 'offline-admin-delivered-1280-es');
    await context.setOffline(false);
    await page.locator('[data-ticket-id]').first().waitFor();
    expect(await errorToasts(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should say a customs documentation list is not saved here while offline, then load it', async () => {
    const { context, page, errors } = await installedSession('customs1', DESKTOP);
    await offlineListThenOnline(
      context,
      page,
      '/dashboard/customs/truck-documentation',
      (p) => p.getByRole('table', { name: 'Documentation' }).waitFor(),
      'offline-customs-trucks-1280-en',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should say a ticket page is not saved here while offline instead of a skeleton, then show it', async () => {
    const { context, page, errors } = await installedSession('supplier1');
    await page.locator('[data-ticket-id]').first().waitFor();
    const id = await page.locator('[data-ticket-id]').first().getAttribute('data-ticket-id');
    await context.setOffline(true);
    await page.goto(`/dashboard/suppliers/ticket?id=${id}`);
    await page.getByText('This ticket is not saved on this device yet').waitFor();
    expect(await page.getByTestId('ticket-loading').count()).toBe(0);
    await shot(page, 'offline-ticket-390-en');
    await context.setOffline(false);
    await page.getByRole('heading', { name: `Trip #${id}` }).waitFor();
    expect(await errorToasts(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("should offer 'Try again' when the server cannot be reached, in Spanish at 390 px, and load the list with it", async () => {
    const { context, page, errors } = await installedSession('supplier1', PHONE, 'es');
    // Connected to a network that does not reach the server (a yard's Wi-Fi without uplink).
    await page.route('**/api/tickets?**', (route) => route.abort('connectionrefused'));
    await page.goto('/dashboard/suppliers/previous');
    await page.getByText('Esta lista aún no está guardada en este dispositivo').waitFor();
    expect(await page.getByText('No hay solicitudes anteriores').count()).toBe(0);
    expect(await page.getByText('Error al obtener las solicitudes').count()).toBe(0);
    await shot(page, 'unreachable-supplier-previous-390-es');
    // While the query still retries by itself the button shows it is trying; once the tries end it waits
    // for the user, and only then is the network mended (otherwise a retry, not the button, loads it).
    const retry = page.getByRole('button', { name: 'Reintentar' });
    await expect.poll(() => retry.isEnabled()).toBe(true);
    await page.unroute('**/api/tickets?**');
    await retry.click();
    await page.getByText('Esta lista aún no está guardada en este dispositivo').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
