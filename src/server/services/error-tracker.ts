/**
 * Reports the server's failures, and the app's as the app posts them, to an error tracker that speaks
 * Sentry's protocol (Sentry itself, or GlitchTip and others that take its envelopes), at the address
 * ERROR_TRACKER_DSN names. Off unless that is set. (decisions/0011-error-tracker.md)
 *
 * Built on @sentry/core's ServerRuntimeClient, the client Sentry's runtime SDKs build on, with no
 * global setup: each app has its own client (tests build several apps in one process), nothing is
 * instrumented, and only what this file hands it is sent. What a report carries, and what it never does:
 * - the error's type, message and stack (the server's parsed into frames; the app's, from a minified
 *   bundle, as the text the browser gave);
 * - where: the route's pattern (`/api/tickets/:id`, never the address with its query, which may hold a
 *   recovery token), the job's name, or the app's path; the request id, to find the log lines;
 * - who: the user's id only (no name, mail or address), when the request was signed in;
 * - never a body, header or cookie.
 * Sending never delays or fails a request: reports go in the background, a tracker that cannot be
 * reached costs a warning in the log, and closing the app waits a few seconds for what is on its way.
 */
import { hostname } from 'node:os';
import { Scope, createStackParser, createTransport, type Event } from '@sentry/core';
import { ServerRuntimeClient, nodeStackLineParser } from '@sentry/core/server';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppErrorReport } from '../../shared/schemas/app-errors';

/** How long one report may take to reach the tracker before it is given up. */
const SEND_TIMEOUT_MS = 10_000;
/** How long closing the app waits for reports still on their way. */
export const FLUSH_TIMEOUT_MS = 5_000;

export interface ErrorTracker {
  /** Whether reports go anywhere (ERROR_TRACKER_DSN set). */
  readonly enabled: boolean;
  /** A failure of the server: a request answered 5xx, a job that threw. */
  captureServerError(error: unknown, where: { request?: FastifyRequest; job?: string }): void;
  /** What the app posted about its own failure (routes/app-errors). */
  captureAppError(report: AppErrorReport, request: FastifyRequest): void;
  /** Resolves once every report made so far was answered by the tracker or failed to reach it. */
  flush(): Promise<void>;
  /** Waits for the reports on their way (at most FLUSH_TIMEOUT_MS) and stops sending. */
  close(): Promise<void>;
}

export const noErrorTracker: ErrorTracker = {
  enabled: false,
  captureServerError() {},
  captureAppError() {},
  flush: async () => {},
  close: async () => {},
};

export interface ErrorTrackerOptions {
  dsn: string;
  environment: string;
  release: string;
  log: FastifyBaseLogger;
}

/** Who and where, for one report: never more than the user id, the route pattern and the request id. */
function scopeOf(request: FastifyRequest | undefined, source: 'server' | 'app'): Scope {
  const scope = new Scope();
  scope.setTag('source', source);
  if (!request) return scope;
  scope.setTag('request_id', request.id);
  if (request.auth) scope.setUser({ id: String(request.auth.id) });
  return scope;
}

export function createErrorTracker(options: ErrorTrackerOptions): ErrorTracker {
  const { log } = options;
  let reachable = true;
  const client = new ServerRuntimeClient({
    dsn: options.dsn,
    environment: options.environment,
    release: options.release,
    serverName: hostname(),
    platform: 'node',
    runtime: { name: 'node', version: process.version },
    integrations: [],
    sendDefaultPii: false,
    sendClientReports: false,
    stackParser: createStackParser(nodeStackLineParser()),
    transport: (transportOptions) =>
      createTransport(transportOptions, async (request) => {
        try {
          const answer = await fetch(transportOptions.url, {
            method: 'POST',
            // fetch's types take a Buffer or a string, not every Uint8Array.
            body: typeof request.body === 'string' ? request.body : Buffer.from(request.body),
            headers: transportOptions.headers,
            signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
          });
          await answer.body?.cancel();
          if (answer.status >= 400) log.warn({ status: answer.status }, 'the error tracker refused a report');
          reachable = true;
          return {
            statusCode: answer.status,
            headers: {
              'x-sentry-rate-limits': answer.headers.get('x-sentry-rate-limits'),
              'retry-after': answer.headers.get('retry-after'),
            },
          };
        } catch (error) {
          // Once per outage, not once per report: a tracker that is down must not flood the log.
          if (reachable) log.warn({ err: error }, 'the error tracker cannot be reached');
          reachable = false;
          throw error;
        }
      }),
  });
  client.init();

  return {
    enabled: true,
    captureServerError(error, where) {
      const scope = scopeOf(where.request, 'server');
      const route = where.request?.routeOptions.url;
      if (route) {
        scope.setTag('route', `${where.request!.method} ${route}`);
        scope.setTransactionName(`${where.request!.method} ${route}`);
      }
      if (where.job) {
        scope.setTag('job', where.job);
        scope.setTransactionName(`job ${where.job}`);
      }
      client.captureException(error, { mechanism: { type: 'portal', handled: false } }, scope);
    },
    captureAppError(report, request) {
      const scope = scopeOf(request, 'app');
      scope.setTag('kind', report.kind);
      scope.setTransactionName(report.path);
      const event: Event = {
        level: 'error',
        platform: 'javascript',
        exception: {
          values: [{ type: report.name, value: report.message, mechanism: { type: report.kind, handled: false } }],
        },
        // The browser's own words for where it failed: its frames name the built bundle's files.
        extra: report.stack ? { stack: report.stack } : undefined,
        request: { url: report.path },
      };
      if (request.headers['user-agent']) scope.setTag('user_agent', request.headers['user-agent'].slice(0, 200));
      client.captureEvent(event, undefined, scope);
    },
    async flush() {
      // No limit of its own: each send is bounded by SEND_TIMEOUT_MS.
      await client.flush();
    },
    async close() {
      await client.close(FLUSH_TIMEOUT_MS);
    },
  };
}
