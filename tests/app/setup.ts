/**
 * Test set-up for the app project (happy-dom): jest-dom matchers, the browser APIs Mantine needs,
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
import { setWindowWidth } from './window-width';

// A findBy/waitFor polls until its element shows up; the library's 1 s would let a busy machine decide
// the result (tests/fixtures/patience.ts).
configure({ asyncUtilTimeout: PATIENCE_MS });

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => mediaQueryList(query, false),
});

// happy-dom's FormData names a Blob appended with a filename "blob" (it keeps the name of a File only);
// the standard, and every browser, make it a File of that name (https://xhr.spec.whatwg.org/#create-an-entry).
// The outbox sends its stored files that way, so the test DOM is brought to the standard.
for (const method of ['append', 'set'] as const) {
  const original = FormData.prototype[method] as (name: string, value: unknown, filename?: string) => void;
  FormData.prototype[method] = function (this: FormData, name: string, value: unknown, filename?: string) {
    const named =
      filename !== undefined && value instanceof Blob && !(value instanceof File)
        ? new File([value], filename, { type: value.type })
        : value;
    original.call(this, name, named, filename);
  } as FormData['append'];
}

let errors: string[] = [];
beforeEach(async () => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
    errors.push(text);
  });
  localStorage.clear();
  reloadSession();
  markServerReachable(true);
  await activateLocale('en');
});

afterEach(() => {
  cleanup();
  setWindowWidth(1024);
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.join('\n')}`);
});
