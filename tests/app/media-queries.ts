/**
 * The tests say which media queries the app's matchMedia answers as matching (a desktop width, a dark
 * device), whatever the test window's width. The default, set up in setup.ts, matches none.
 */
import { vi } from 'vitest';

/** A MediaQueryList for `query` that matches when `matches` says so, and never changes. */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    media: query,
    matches,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

/** From now until the mocks are restored, the queries `matches` accepts match. */
export function pretendMedia(matches: (query: string) => boolean): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => mediaQueryList(query, matches(query)));
}
