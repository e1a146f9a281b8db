/**
 * Test set-up for the app project (jsdom): jest-dom matchers, the browser APIs Mantine needs,
 * English catalogue loaded, a clean localStorage and session per test, and console.error = failure.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, vi } from 'vitest';
import { activateLocale } from '../../src/app/lib/i18n';
import { reloadSession } from '../../src/app/lib/session-store';
import { markServerReachable } from '../../src/app/lib/connectivity';
import { PATIENCE_MS } from '../fixtures/patience';
import { mediaQueryList } from './media-queries';

// A findBy/waitFor polls until its element shows up; the library's 1 s would let a busy machine decide
// the result (tests/fixtures/patience.ts).
configure({ asyncUtilTimeout: PATIENCE_MS });

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => mediaQueryList(query, false),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

/** jsdom cannot load another document; the app does that on purpose in /token (a full reload). */
const JSDOM_NAVIGATION = /Not implemented: navigation/;

let errors: string[] = [];
beforeEach(async () => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
    if (!JSDOM_NAVIGATION.test(text)) errors.push(text);
  });
  localStorage.clear();
  reloadSession();
  markServerReachable(true);
  await activateLocale('en');
});

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.join('\n')}`);
});
