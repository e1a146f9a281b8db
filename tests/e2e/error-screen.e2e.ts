/**
 * A screen whose code cannot be fetched (the usual render failure on a phone: a deploy replaced it, or
 * the connection dropped as it loaded) shows the error screen, in both languages and widths, usable by
 * keyboard, with no serious accessibility finding; and its way home works once the code can be had.
 * The failure reaches the error tracker the portal reports to (support/global-setup.ts), through the
 * portal, naming the user and the screen's path.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Event } from '@sentry/core';
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

/** The app's render failures on the supplier's home that the error tracker received so far. */
async function homeFailuresReported(): Promise<Event[]> {
  const events = (await (await fetch(`${inject('errorTrackerUrl')}/events`)).json()) as Event[];
  return events.filter(
    (event) =>
      event.tags?.source === 'app' && event.tags.kind === 'render' && event.request?.url === '/dashboard/suppliers',
  );
}

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
      const reportedBefore = (await homeFailuresReported()).length;
      await page.goto('/dashboard/suppliers');

      await page.getByRole('heading', { name: heading }).waitFor();
      // Reported once, by the app to the portal and by the portal to the tracker (each case is a new
      // page load, so one more than before).
      let reported = await homeFailuresReported();
      while (reported.length === reportedBefore) {
        await page.waitForTimeout(100);
        reported = await homeFailuresReported();
      }
      expect(reported).toHaveLength(reportedBefore + 1);
      expect(reported.at(-1)).toMatchObject({
        exception: { values: [{ type: 'TypeError', value: expect.stringMatching(/dynamically imported module/) }] },
        user: { id: String(session.user.id) },
      });
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
