/**
 * A test file whose stories need the demo data as seeded, or whose writes would disturb the other
 * files (an RPA locks invoices, failed sign-ins bring up the captcha), runs on a portal process of its
 * own serving the built app, with one browser for the file. This registers the file's beforeAll and
 * afterAll; `browser` and `server` are there once they ran.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startPortalProcess, type PortalProcess } from '../../fixtures/portal-process';
import { launch } from './browser';

export function useOwnPortal(env: Record<string, string> = {}): {
  readonly browser: Browser;
  readonly server: PortalProcess;
} {
  const own = {} as { browser: Browser; server: PortalProcess };
  beforeAll(async () => {
    own.server = await startPortalProcess({
      env: { DIST_DIR: path.resolve(process.env.DIST_DIR ?? 'dist'), LOGIN_RATE_LIMIT: '1000', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    own.browser = await launch();
  });
  afterAll(async () => {
    await own.browser?.close();
    await own.server?.stop();
  });
  return own;
}
