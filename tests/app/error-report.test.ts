/**
 * What the app tells the server about its own failures (lib/error-report.ts): each report is one the
 * server's schema takes, sent once per error, never while offline or for a request that got no answer,
 * never with a query, cut to the server's limits, and errors nothing handled are reported too.
 */
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../src/app/lib/api-client';
import { forgetReports, MAX_REPORTS, reportAppError, reportUncaughtErrors } from '../../src/app/lib/error-report';
import { setSession, clearSession } from '../../src/app/lib/session-store';
import { AppErrorReportSchema } from '../../src/shared/schemas/app-errors';
import { installFakeServer, USERS, type FakeServer } from './fake-server';

let server: FakeServer;
beforeEach(() => {
  forgetReports();
  server = installFakeServer();
  server.on('POST /api/app-errors', () => ({ status: 200, body: { ok: true } }));
});
afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

/** The reports sent so far, each checked against the server's schema. */
const reports = () =>
  server.calls
    .filter((call) => call.path === '/api/app-errors')
    .map((call) => v.parse(AppErrorReportSchema, call.body));

describe('error reports', () => {
  it("should send the error's name, message, stack and path, with the session's token", () => {
    setSession('token-supplier1', USERS.supplier1);
    const error = new TypeError("Cannot read properties of undefined (reading 'folio')");
    reportAppError(error, 'render', '/tickets/17');
    expect(reports()).toEqual([
      { kind: 'render', name: 'TypeError', message: error.message, stack: error.stack, path: '/tickets/17' },
    ]);
    expect(server.calls[0]?.headers.get('authorization')).toBe('Bearer token-supplier1');
  });

  it('should send the same error once, and no more than its allowance in a page load', () => {
    const error = new Error('again and again');
    for (let i = 0; i < 3; i++) reportAppError(error, 'uncaught', '/');
    expect(reports()).toHaveLength(1);
    for (let i = 0; i < MAX_REPORTS + 5; i++) reportAppError(new Error(`error ${i}`), 'uncaught', '/');
    expect(reports()).toHaveLength(MAX_REPORTS);
  });

  it('should send nothing while offline, nor for a request that got no answer, nor for browser noise', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    reportAppError(new Error('while offline'), 'render', '/');
    vi.restoreAllMocks();
    reportAppError(new NetworkError(new TypeError('Failed to fetch')), 'uncaught', '/');
    reportAppError('ResizeObserver loop completed with undelivered notifications.', 'uncaught', '/');
    expect(reports()).toEqual([]);
    reportAppError(new Error('once online'), 'render', '/');
    expect(reports().map((report) => report.message)).toEqual(['once online']);
  });

  it('should leave out the query and fragment, and cut text to what the server takes', () => {
    const long = new Error('x'.repeat(5000));
    long.stack = `Error: ${'y'.repeat(20_000)}`;
    reportAppError(long, 'render', '/login/change-password?token=abc#top');
    const [report] = reports();
    expect(report?.path).toBe('/login/change-password');
    expect(report?.message).toHaveLength(2000);
    expect(report?.stack).toHaveLength(16_000);
  });

  it('should describe what was thrown when it is not an Error', () => {
    reportAppError('a plain string', 'uncaught', '/');
    reportAppError({ code: 7 }, 'uncaught', '/');
    expect(reports().map(({ name, message }) => [name, message])).toEqual([
      ['Error', 'a plain string'],
      ['Error', '{"code":7}'],
    ]);
  });

  it('should report errors and rejections nothing handled', () => {
    reportUncaughtErrors();
    window.dispatchEvent(new ErrorEvent('error', { error: new RangeError('uncaught here'), message: 'uncaught here' }));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error('rejected, unhandled');
    window.dispatchEvent(rejection);
    expect(reports().map(({ kind, name, message }) => [kind, name, message])).toEqual([
      ['uncaught', 'RangeError', 'uncaught here'],
      ['uncaught', 'Error', 'rejected, unhandled'],
    ]);
  });
});
