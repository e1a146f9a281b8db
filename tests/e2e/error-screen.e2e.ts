/**
 * A screen whose code cannot be fetched (the usual render failure on a phone: a deploy replaced it, or
 * the connection dropped as it loaded) shows the error screen, in both languages and widths, usable by
 * keyboard, with no serious accessibility finding; and its way home works once the code can be had.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, PHONE, baseUrl, launch, shot } from './support/browser';
import { apiLogin } from './support/api';
import { runAxe } from './support/axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const HOME_CHUNK = /\/assets\/suppliers-home-page-[\w-]+\.js$/;

describe('the error screen', () => {
  it.each([
    ['en', PHONE, 'Something went wrong', 'Reload', 'Go to my home', 'My requests'],
    ['es', PHONE, 'Algo salió mal', 'Recargar', 'Ir a mi inicio', 'Mis solicitudes'],
    ['en', DESKTOP, 'Something went wrong', 'Reload', 'Go to my home', 'My requests'],
    ['es', DESKTOP, 'Algo salió mal', 'Recargar', 'Ir a mi inicio', 'Mis solicitudes'],
  ] as const)(
    'should replace a screen that cannot load (%s, %o) and lead home once it can',
    async (locale, viewport, heading, reload, home, homeHeading) => {
      const session = await apiLogin('supplier1');
      // No service worker: it would answer the screen's code from its cache, past the cut below.
      const context = await browser.newContext({ baseURL: baseUrl(), viewport, serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.goto('/favicon.svg');
      await page.evaluate(
        ([t, u, l]) => {
          localStorage.setItem('token', t);
          localStorage.setItem('user', u);
          localStorage.setItem('locale', l);
        },
        [session.token, JSON.stringify(session.user), locale] as const,
      );
      await page.route(HOME_CHUNK, (route) => route.abort('internetdisconnected'));
      await page.goto('/dashboard/suppliers');

      await page.getByRole('heading', { name: heading }).waitFor();
      await shot(page, `error-screen-${viewport.width}-${locale}`);
      const serious = (await runAxe(page)).filter((f) => f.impact === 'critical' || f.impact === 'serious');
      expect(serious).toEqual([]);
      // By keyboard: the first stop is Reload, the next the way home.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(reload);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(home);

      // The code can be had again: the way home leads to the supplier's home.
      await page.unroute(HOME_CHUNK);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: homeHeading }).first().waitFor();
      await context.close();
    },
  );
});
