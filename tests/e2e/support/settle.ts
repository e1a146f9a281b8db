/**
 * "The screen is shown": no request of the page in flight (the live-event stream aside: a screen's code
 * and styles count, as its API calls do), no loader, skeleton or busy region (the router marks the page
 * busy while it opens the next screen), no transition running (a dialog fading in has the wrong colours
 * for a contrast check), and all of that twice in a row.
 */
import type { Page } from 'playwright-core';
import { PATIENCE_MS } from '../../fixtures/patience';

const inFlight = new WeakMap<Page, Set<unknown>>();

/** The live-event stream stays open as long as the page: every other request ends. */
const isTracked = (url: string) => !new URL(url).pathname.startsWith('/api/events');

/** Starts counting the page's requests; call once per page, before it navigates. */
export function trackRequests(page: Page): void {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  page.on('request', (request) => {
    if (isTracked(request.url())) pending.add(request);
  });
  const done = (request: unknown) => pending.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

const QUIET = `(() => {
  const busy = document.querySelector('.mantine-Skeleton-root[data-visible], .mantine-Loader-root, [aria-busy="true"]');
  if (busy) return false;
  return document.getAnimations().every((a) => {
    const iterations = a.effect && a.effect.getTiming ? a.effect.getTiming().iterations : 1;
    return a.playState !== 'running' || iterations === Infinity;
  });
})()`;

export async function settle(page: Page, timeoutMs = PATIENCE_MS): Promise<void> {
  const pending = inFlight.get(page);
  const deadline = Date.now() + timeoutMs;
  let quietPolls = 0;
  while (quietPolls < 2) {
    if (Date.now() > deadline) throw new Error(`The page at ${page.url()} did not settle in ${timeoutMs} ms`);
    const quiet = (pending?.size ?? 0) === 0 && (await page.evaluate<boolean>(QUIET));
    quietPolls = quiet ? quietPolls + 1 : 0;
    await page.waitForTimeout(quiet ? 60 : 50);
  }
}
