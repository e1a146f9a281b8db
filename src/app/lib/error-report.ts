/**
 * Tells the server about a failure of the app's own (POST /api/app-errors): a screen that could not
 * render (the error screen, kind 'render') or an error nothing caught ('uncaught'). The server logs it
 * and sends it on to the error tracker when one is configured; the app never talks to a tracker itself,
 * so the page's CSP stays same-origin and no tracker address is built into the app.
 *
 * What a report holds: the error's name, message and stack, and the path (never the query or fragment: a
 * recovery link carries its token there). What is not sent:
 * - an error from being offline, or from a request that never got an answer: the app's offline design
 *   handles those, they are not faults;
 * - the same error twice in one page load (React renders a failing screen twice in development, and an
 *   error in a loop fires again and again), nor more than MAX_REPORTS in all;
 * - anything while the browser says it is offline: the report could not arrive.
 * Text longer than the server takes is cut to fit: a report is the app's own text, not anything a user
 * typed, and a cut stack is worth more than none.
 */
import type { AppErrorReport } from '../../shared/schemas/app-errors';
import { apiFetch, NetworkError } from './api-client';

export const MAX_REPORTS = 10;
const LIMITS = { name: 200, message: 2000, stack: 16_000, path: 1000 };

/** Browser noise that is no failure: Chromium's ResizeObserver notice fires window errors in normal use. */
const NOT_A_FAILURE = /^ResizeObserver loop/;

const reported = new Set<string>();

function describeError(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error) return { name: error.name || 'Error', message: error.message, stack: error.stack };
  if (typeof error === 'string') return { name: 'Error', message: error };
  let message: string;
  try {
    message = JSON.stringify(error) ?? String(error);
  } catch {
    message = String(error);
  }
  return { name: 'Error', message };
}

/** `path`: where the app was (the router's path); the address bar's by default. */
export function reportAppError(
  error: unknown,
  kind: AppErrorReport['kind'],
  path: string = window.location.pathname,
): void {
  if (!navigator.onLine || error instanceof NetworkError || reported.size >= MAX_REPORTS) return;
  const { name, message, stack } = describeError(error);
  if (NOT_A_FAILURE.test(message)) return;
  const key = `${kind}\n${name}\n${message}\n${stack ?? ''}`;
  if (reported.has(key)) return;
  reported.add(key);
  const report: AppErrorReport = {
    kind,
    name: name.slice(0, LIMITS.name) || 'Error',
    message: message.slice(0, LIMITS.message),
    ...(stack ? { stack: stack.slice(0, LIMITS.stack) } : {}),
    path: path.split(/[?#]/)[0]!.slice(0, LIMITS.path) || '/',
  };
  // A report that cannot be sent is let go: there is nothing more to tell the user than the screen does.
  void apiFetch('/app-errors', { method: 'POST', body: report, skipUnauthorizedLogout: true }).catch(() => undefined);
}

/** Reports the errors and rejections nothing handled, from the start of the app. */
export function reportUncaughtErrors(): void {
  window.addEventListener('error', (event) => reportAppError(event.error ?? event.message, 'uncaught'));
  window.addEventListener('unhandledrejection', (event) => reportAppError(event.reason, 'uncaught'));
}

/** For tests: forget what this page load reported. */
export function forgetReports(): void {
  reported.clear();
}
