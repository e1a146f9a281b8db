/**
 * "The screen is shown": no API call of the page in flight (the live-event stream aside), no loader or
 * skeleton, no transition running (a dialog fading in has the wrong colours for a contrast check), and
 * all of that twice in a row.
 */
import type { Page } from 'playwright-core';
import { PATIENCE_MS } from '../../fixtures/patience';

const inFlight = new WeakMap<Page, Set<unknown>>();

const isApiCall = (url: string) => {
  const { pathname } = new URL(url);
  return pathname.startsWith('/api/') && !pathname.startsWith('/api/events');
};

/** Starts counting the page's API calls; call once per page, before it navigates. */
export function trackRequests(page: Page): void {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  page.on('request', (request) => {
    if (isApiCall(request.url())) pending.add(request);
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
