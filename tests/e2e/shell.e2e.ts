import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Route } from 'playwright-core';
import { HOME_LISTS } from '../../src/app/home-lists';
import { FIRST_SCREEN_IDLE } from '../../src/app/lib/idle';
import { firstListRequest } from '../../src/shared/domain/first-list';
import {
  DEMO_PASSWORD,
  DESKTOP,
  PHONE,
  baseUrl,
  launch,
  newContext,
  untilOfflineReady,
  watchErrors,
} from './support/browser';
import { apiLogin } from './support/api';
import { expectPath, signIn } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A phone with nothing cached and no service worker, holding `username`'s session in localStorage as
 * the app leaves it (none for null): the next page it opens starts cold.
 */
async function coldPhone(username: string | null, locale?: string) {
  const session = username ? await apiLogin(username) : null;
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: PHONE, locale, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/favicon.svg');
  if (session) {
    await page.evaluate(
      ([t, u]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('user', u);
      },
      [session.token, JSON.stringify(session.user)] as const,
    );
  }
  return { context, page };
}

describe('signing in and the app shell', () => {
  it.each([
    ['admin', '/dashboard/admin/ongoing', 'Alicia Ramírez', 'Administrator'],
    ['adminro', '/dashboard/admin/ongoing', 'Roberto Díaz', 'Read-only administrator'],
    ['supplier1', '/dashboard/suppliers', 'Sam Kowalski', 'Midwest Scrap Recycling LLC'],
    ['supplier2', '/dashboard/suppliers', 'Laura Garza', 'Lone Star Metal Yards Inc.'],
    ['carrier1', '/dashboard/carrier', 'Miguel Torres', 'Rápido Freight Lines'],
    ['carrier2', '/dashboard/carrier', 'Dana Whitfield', 'Border Haulers Co.'],
    ['rail1', '/dashboard/carrier', 'Ernesto Salinas', 'Northern Rail Logistics'],
    ['customs1', '/dashboard/customs', 'Patricia Luna', 'Aduanas del Norte S.C.'],
    ['customs2', '/dashboard/customs', 'Jorge Medina', 'Agencia Aduanal Frontera S.A.'],
  ])(
    'should sign %s in and land on %s with name and business in the header',
    async (username, home, name, business) => {
      const context = await newContext(browser, DESKTOP);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await signIn(page, username);
      await expectPath(page, home);
      const header = page.locator('header');
      await expect.poll(() => header.getByText(name).first().isVisible()).toBe(true);
      await expect.poll(() => header.getByText(business).first().isVisible()).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('should show the server message for a wrong password', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login/tradicional');
    await page.getByLabel('Username').fill('carrier2');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.locator('form').getByRole('alert').textContent())
      .toContain('Incorrect user or password');
    expect(new URL(page.url()).pathname).toBe('/login/tradicional');
    await context.close();
  });

  it('should send an unknown route and a forged token to /login', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await expectPath(page, '/login');
    await page.evaluate(() => {
      localStorage.setItem('token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidmVyIjowfQ.forged-signature');
      localStorage.setItem(
        'user',
        JSON.stringify({
          id: 1,
          username: 'admin',
          email: null,
          roles: [{ name: 'ADMIN' }],
          userDetail: { name: 'X', carrier: null, supplier: null, customsAgent: null },
        }),
      );
    });
    await page.goto('/dashboard/admin/ongoing');
    await expectPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('should keep a signed-in user out of another role area', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'supplier1');
    await page.goto('/dashboard/admin/ongoing');
    await expectPath(page, '/login');
    await context.close();
  });

  it("should open /login with that screen's own messages, the rest of the catalogue once it is idle, and sign in in Spanish", async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: DESKTOP,
      locale: 'es-MX',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    expect(await page.getByText('Elige cómo quieres entrar al portal.').isVisible()).toBe(true);
    // Files the page asked for, split at the moment its first screen was idle.
    const catalogues = () =>
      page.evaluate((mark) => {
        const idle = performance.getEntriesByName(mark)[0]?.startTime ?? Infinity;
        const files = performance
          .getEntriesByType('resource')
          .map((entry) => ({ file: new URL(entry.name).pathname.split('/').pop()!, at: entry.startTime }))
          .filter(({ file }) => file.includes('catalogue-'));
        return {
          before: files.filter(({ at }) => at < idle).map(({ file }) => file.replace(/-[\w-]{8}\.js$/, '')),
          after: files.filter(({ at }) => at >= idle).map(({ file }) => file.replace(/-[\w-]{8}\.js$/, '')),
        };
      }, FIRST_SCREEN_IDLE);
    await expect.poll(async () => (await catalogues()).after).toEqual(['catalogue-es']);
    expect((await catalogues()).before).toEqual(['sign-in-catalogue-es']);
    await page.getByRole('link', { name: /Usuario y contraseña/ }).click();
    await page.getByLabel('Usuario', { exact: true }).fill('supplier1');
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expectPath(page, '/dashboard/suppliers');
    await expect.poll(() => page.getByRole('navigation', { name: 'Menú principal' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['supplier1', '/dashboard/suppliers', 'es-MX'],
    ['carrier1', '/dashboard/carrier', 'en-US'],
    ['admin', '/dashboard/admin/ongoing', 'en-US'],
    ['customs1', '/dashboard/customs', 'es-MX'],
    ['a signed-out phone', '/login/tradicional', 'es-MX'],
  ])(
    'should name, for %s at %s, every file a cold start loads there before it is idle',
    async (username, home, locale) => {
      // The server adds the screen's files and the browser language's catalogue to a home path's page
      // (and the sign-in form's), so a phone downloads them while the page is parsed: none may be found
      // only once the app runs.
      const { context, page } = await coldPhone(username === 'a signed-out phone' ? null : username, locale);
      const errors = watchErrors(page);
      const response = await page.goto(home);
      const named = new Set(
        [...(await response!.text()).matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]),
      );
      await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, FIRST_SCREEN_IDLE);
      const loaded = await page.evaluate((mark) => {
        const idle = performance.getEntriesByName(mark)[0]!.startTime;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < idle)
          .map((entry) => new URL(entry.name).pathname)
          .filter((file) => /\.(?:js|css)$/.test(file));
      }, FIRST_SCREEN_IDLE);
      expect(loaded.length).toBeGreaterThan(20);
      expect(loaded.filter((file) => !named.has(file))).toEqual([]);
      // One catalogue, the one of the browser's language (a Spanish start once downloaded the English one too).
      const catalogues = loaded.filter((file) => file.includes('/catalogue-'));
      expect(catalogues.map((file) => /catalogue-(\w+)-/.exec(file)?.[1])).toEqual([locale.slice(0, 2)]);
      await expectPath(page, home);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each([
    ['supplier1', '/dashboard/suppliers', 'suppliers-home-page'],
    ['carrier1', '/dashboard/carrier', 'carrier-home-page'],
    ['admin', '/dashboard/admin/ongoing', 'ongoing-page'],
    ['customs1', '/dashboard/customs', 'customs-home-page'],
  ])(
    'should ask, on a cold start of %s at %s, for the list while the screen is still loading, and show that answer',
    async (username, home, screenFile) => {
      const { context, page } = await coldPhone(username);
      const errors = watchErrors(page);
      // The screen's code is held until the list has been asked for: an app that asked for its list only
      // once the screen had run would wait here for ever.
      let listAsked!: () => void;
      const asked = new Promise<void>((resolve) => (listAsked = resolve));
      let screenHeld = false;
      await page.route(new RegExp(`/assets/${screenFile}-[\\w-]{8}\\.js$`), async (route) => {
        screenHeld = true;
        await asked;
        await route.continue();
      });
      // Every list request after the first (the page's own) waits until the list is on screen: what the
      // screen shows is the page's answer, not one of its own.
      const lists: string[] = [];
      const held: Route[] = [];
      await page.route('**/api/tickets?*', async (route) => {
        const url = new URL(route.request().url());
        lists.push(url.pathname + url.search);
        listAsked();
        if (lists.length === 1) await route.continue();
        else held.push(route);
      });
      await page.goto(home);
      await expect
        .poll(() =>
          page
            .getByRole('link', { name: /^Trip #\d+/ })
            .first()
            .isVisible(),
        )
        .toBe(true);
      expect(screenHeld).toBe(true);
      expect(lists[0]).toBe(firstListRequest(HOME_LISTS[home]!.list).url);
      for (const route of held) await route.continue();
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('should switch the menu to Spanish and remember it after a reload', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await signIn(page, 'admin');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect.poll(() => menu.getByText('Ongoing').isVisible()).toBe(true);
    await page.getByRole('radiogroup', { name: 'Language' }).getByText('ES').click();
    const menuEs = page.getByRole('navigation', { name: 'Menú principal' });
    await expect.poll(() => menuEs.getByText('En curso').isVisible()).toBe(true);
    await page.reload();
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Menú principal' }).getByText('Entregados').isVisible())
      .toBe(true);
    await context.close();
  });

  it('should show the bottom bar instead of the side menu at 390 px', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await signIn(page, 'admin');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect.poll(() => nav.count()).toBe(1);
    const box = await nav.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeGreaterThan(PHONE.height - 4);
    expect(box!.width).toBeGreaterThan(PHONE.width - 4);
    const bodyWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(bodyWidth).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('should reopen with the network off, still signed in', async () => {
    const context = await newContext(browser, PHONE, 'en-US', 'light', 'installed');
    const page = await context.newPage();
    await signIn(page, 'carrier1');
    await expectPath(page, '/dashboard/carrier');
    // Wait until the service worker controls the page and holds the carrier's screens.
    await untilOfflineReady(page);
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.locator('header').getByText('Miguel Torres').first().isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/dashboard/carrier');
    await context.setOffline(false);
    await context.close();
  });

  it('should take over a page that loaded past the service worker, so its screens still open offline', async () => {
    const context = await newContext(browser, PHONE, 'en-US', 'light', 'installed');
    const page = await context.newPage();
    await signIn(page, 'supplier2');
    await expectPath(page, '/dashboard/suppliers');
    await untilOfflineReady(page);
    // A hard reload loads the page from the network with no worker in control, as Chromium also leaves a
    // page whose navigation was under way while the worker activated (the sign-in on a first visit).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.reload', { ignoreCache: true });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // In control, the worker serves a screen this page has not loaded yet once the connection is gone.
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Previous requests' }).first().click();
    await page.getByRole('heading', { name: 'Previous requests' }).waitFor();
    await context.setOffline(false);
    await context.close();
  });

  it('should offer an installable manifest', async () => {
    const context = await newContext(browser, DESKTOP, 'en-US', 'light', 'installed');
    const page = await context.newPage();
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = await (await page.request.get(href!)).json();
    expect(manifest).toMatchObject({ display: 'standalone', theme_color: '#4157A1', start_url: '/' });
    const sizes = manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}:${i.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
    for (const icon of manifest.icons as { src: string }[]) {
      expect((await page.request.get(icon.src)).status()).toBe(200);
    }
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Automation contexts are always incognito; every other installability error counts.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    await context.close();
  });
});
