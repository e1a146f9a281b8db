/**
 * The start script as an operator meets it: a setting that cannot work stops the start with a message
 * naming it, and SIGTERM stops the server cleanly, or within the time limit when a request never ends.
 * Its portals run on the embedded database in every run, so `npm test` runs it once, not again on
 * PostgreSQL (tests/run-all.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { startPortalProcess, type PortalProcess } from '../fixtures/portal-process';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function exitOf(child: ReturnType<typeof spawn>): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('configuration', () => {
  it('should stop the start with a message naming a PORT that is not a number', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-config-'));
    folders.push(dataDir);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: 'abc', DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    expect(await exitOf(child)).toBe(1);
    expect(stderr).toContain('The portal cannot start: PORT must be a port number from 0 to 65535 (got "abc")');
  });

  it('should refuse a HOST that is not an address and URLs that are not URLs, naming each', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-config-'));
    folders.push(dataDir);
    const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir, ...env });
    expect(load({ HOST: 'not a host' })).toThrow(ConfigError);
    expect(load({ HOST: 'not a host' })).toThrow('HOST must be a host name or an IP address (got "not a host")');
    expect(load({ DATABASE_URL: 'localhost:5432/portal' })).toThrow('DATABASE_URL must be a URL');
    expect(load({ MAIL_FROM: 'Patio Norte' })).toThrow(
      'MAIL_FROM must be an e-mail address, or a name and an address in <>',
    );
    expect(loadConfig({ DATA_DIR: dataDir, MAIL_FROM: '"Patio Norte" <avisos@patio-norte.test>' }).mailFrom).toBe(
      '"Patio Norte" <avisos@patio-norte.test>',
    );
    expect(load({ PUBLIC_URL: 'ftp://example.com' })).toThrow(
      'PUBLIC_URL must be a URL starting with http:// or https://',
    );
    expect(load({ PORT: '70000', JOBS_ENABLED: 'maybe' })).toThrow(
      'PORT must be a port number from 0 to 65535 (got "70000"); JOBS_ENABLED must be true or false (got "maybe")',
    );
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '8080', HOST: '::1' })).toMatchObject({ port: 8080, host: '::1' });
  });
});

describe('graceful shutdown', () => {
  let portal: PortalProcess | undefined;
  afterEach(async () => {
    await portal?.stop();
    portal = undefined;
  });

  async function start(env: Record<string, string> = {}) {
    portal = await startPortalProcess({
      env: { SEED_DEMO: 'false', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
      node: true,
    });
    let out = '';
    portal.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    return { portal, output: () => out };
  }

  it('should close the server and exit 0 on SIGTERM', async () => {
    const { portal, output } = await start();
    const exited = exitOf(portal.child);
    portal.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).toContain('shut down');
    await expect(fetch(`${portal.base}/api/health`)).rejects.toThrow();
  });

  it('should exit after the time limit when a request never ends', async () => {
    const { portal, output } = await start({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
    // A sign-in whose body never arrives whole: the server waits for it until the limit.
    const stalled = http.request(`${portal.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '1000' },
    });
    stalled.on('error', () => undefined);
    stalled.write('{"username":');
    // Its own line, not the health checks' of the start (their lines may still sit in the pipe).
    await expect
      .poll(() =>
        output()
          .split('\n')
          .some((line) => line.includes('incoming request') && line.includes('/api/auth/login')),
      )
      .toBe(true);
    const exited = exitOf(portal.child);
    portal.child.kill('SIGTERM');
    expect(await exited).toBe(1);
    expect(output()).toContain('shutdown took longer than 1 s: exiting anyway');
    stalled.destroy();
  });
});
