/**
 * Starts the real server (demo data, the built app from dist/) for the end-to-end suite, with single
 * sign-on through a real OpenID provider on loopback, and stops both afterwards.
 *
 * Its database: a new PostgreSQL database of this run when DATABASE_URL is set (as in CI), else the
 * embedded PGlite in a fresh folder. PostgreSQL is what a company runs, and it takes the database's
 * work off the server's one thread: the suite's browser journeys ran about a tenth faster on it. The
 * files with a portal of their own (support/own-portal.ts) keep the embedded database, so a browser
 * drives both in every run.
 *
 * The portal reports its failures, and the app's, to an error tracker on loopback started here
 * (ERROR_TRACKER_DSN): a test reads what arrived at `errorTrackerUrl` + /events.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { LoopbackErrorTracker } from '../../fixtures/error-tracker';
import type { OpenIdProvider } from '../../fixtures/openid-provider';
import { freePort, startPortalProcess, type PortalProcess } from '../../fixtures/portal-process';
import { createRunDatabase } from '../../server/helpers/database-templates';
import { startSsoProvider } from './sso-provider';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** An empty folder of this run, where the first file with a portal of its own leaves a seeded data folder for the others (support/own-portal.ts). */
    ownPortalTemplate: string;
    /** The loopback error tracker the shared portal reports to; GET /events lists what it received. */
    errorTrackerUrl: string;
  }
}

let server: PortalProcess | undefined;
let ssoProvider: OpenIdProvider | undefined;
let database: { url: string; drop: () => Promise<void> } | undefined;
let ownPortalTemplate: string | undefined;
let errorTracker: LoopbackErrorTracker | undefined;

export async function setup(project: TestProject) {
  // DIST_DIR lets parallel work build into its own folder (vite build --outDir …); the server reads it too.
  const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error('Build the app first: npm run build');
  // The provider must know the portal's callback addresses, so the portal's port is chosen first.
  const port = await freePort();
  const sso = await startSsoProvider(`http://127.0.0.1:${port}`);
  ssoProvider = sso.provider;
  database = process.env.DATABASE_URL ? await createRunDatabase('e2e') : undefined;
  const databaseEnv: Record<string, string> = database ? { DATABASE_URL: database.url, SEED_DEMO: 'true' } : {};
  errorTracker = new LoopbackErrorTracker();
  await errorTracker.start();
  server = await startPortalProcess({
    port,
    // E2E_LOG_LEVEL=info shows the server's request log beside the test output when a test needs looking into.
    env: {
      ...databaseEnv,
      DIST_DIR: distDir,
      LOGIN_RATE_LIMIT: '1000',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      ERROR_TRACKER_DSN: errorTracker.dsn,
      ...sso.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  project.provide('baseUrl', server.base);
  project.provide('errorTrackerUrl', errorTracker.url);
  ownPortalTemplate = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-template-'));
  project.provide('ownPortalTemplate', ownPortalTemplate);
}

export async function teardown() {
  await server?.stop();
  await ssoProvider?.stop();
  await errorTracker?.stop();
  await database?.drop();
  if (ownPortalTemplate) rmSync(ownPortalTemplate, { recursive: true, force: true });
}
