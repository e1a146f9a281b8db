/**
 * A test file whose stories need the demo data as seeded, or whose writes would disturb the other
 * files (an RPA locks invoices, failed sign-ins bring up the captcha), runs on a portal process of its
 * own serving the built app, with one browser for the file. This registers the file's beforeAll and
 * afterAll; `browser` and `server` are there once they ran.
 *
 * Each such portal runs on the embedded database, started from a copy of a data folder migrated and
 * seeded once per run (by the first of these files), so the others skip the 8-10 s of migrations and
 * seed a fresh folder costs.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { startPortalProcess, type PortalProcess } from '../../fixtures/portal-process';
import { launch } from './browser';

/**
 * The run's seeded data folder, made by the first file that needs it (the files run one at a time). It
 * is made beside its place and renamed into it once whole, so a first start that fails leaves nothing a
 * later file would take for a seeded folder.
 */
async function seededDataDir(dist: string): Promise<string> {
  const data = path.join(inject('ownPortalTemplate'), 'data');
  if (!existsSync(data)) {
    const making = `${data}.making`;
    rmSync(making, { recursive: true, force: true });
    const first = await startPortalProcess({ env: { DIST_DIR: dist }, keepDataDir: making, stdio: 'ignore' });
    await first.stop();
    renameSync(making, data);
  }
  return data;
}

export function useOwnPortal(env: Record<string, string> = {}): {
  readonly browser: Browser;
  readonly server: PortalProcess;
} {
  const own = {} as { browser: Browser; server: PortalProcess };
  beforeAll(async () => {
    const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
    own.server = await startPortalProcess({
      copyDataDir: await seededDataDir(dist),
      env: { DIST_DIR: dist, LOGIN_RATE_LIMIT: '1000', ...env },
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
