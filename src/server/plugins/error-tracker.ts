/**
 * `app.errorTracker`: where the server's failures and the app's reports go besides the log
 * (services/error-tracker.ts); a tracker that reports nothing unless ERROR_TRACKER_DSN is set. Closing the
 * app waits for the reports on their way.
 */
import { createRequire } from 'node:module';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createErrorTracker, noErrorTracker, type ErrorTracker } from '../services/error-tracker';

declare module 'fastify' {
  interface FastifyInstance {
    errorTracker: ErrorTracker;
  }
}

/** The portal's version (package.json), as each report's release. */
const release = (createRequire(import.meta.url)('../../../package.json') as { version: string }).version;

async function registerErrorTracker(app: FastifyInstance) {
  const dsn = app.config.errorTrackerDsn;
  if (!dsn) {
    app.decorate('errorTracker', noErrorTracker);
    return;
  }
  const tracker = createErrorTracker({
    dsn,
    environment: app.config.errorTrackerEnvironment,
    release: `scrap-logistics-portal@${release}`,
    log: app.log,
  });
  app.decorate('errorTracker', tracker);
  // Registered before the plugins whose failures it reports, so closed after them (Fastify closes in
  // reverse order): what they report while closing is still sent.
  app.addHook('onClose', () => tracker.close());
}

export const errorTrackerPlugin = fp(registerErrorTracker, { name: 'error-tracker' });
