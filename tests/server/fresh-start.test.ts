/**
 * Several processes started at once on a fresh PostgreSQL database all come up: the first applies the
 * migrations under an advisory lock while the others wait (before it, two of three failed with
 * duplicate keys in pg_type). `npm run db:migrate` applies them alone, beside a running server.
 * PostgreSQL only: the embedded database belongs to one process.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startPortalProcess, type PortalProcess } from '../fixtures/portal-process';
import { createPostgresDatabase, usePostgres } from './helpers/test-app';

const migrationCount = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    return rows[0]!.n;
  } finally {
    await client.end();
  }
};

describe.runIf(usePostgres)('starting on a fresh PostgreSQL database', () => {
  const drops: (() => Promise<void>)[] = [];
  const processes: PortalProcess[] = [];
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    for (const drop of drops) await drop();
  });

  it('should bring up three processes started at once, the migrations applied once', async () => {
    const fresh = await createPostgresDatabase('template0');
    drops.push(fresh.drop);
    const env = {
      DATABASE_URL: fresh.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      CAPTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
    };
    const start = () => startPortalProcess({ env, node: true, stdio: ['ignore', 'ignore', 'inherit'] });
    const started = await Promise.allSettled([start(), start(), start()]);
    for (const result of started) if (result.status === 'fulfilled') processes.push(result.value);
    expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    for (const p of processes) expect((await fetch(`${p.base}/api/health`)).status).toBe(200);
    const applied = await migrationCount(fresh.url);
    expect(applied).toBeGreaterThan(10);
    // A fourth start finds nothing to apply.
    processes.push(await start());
    expect(await migrationCount(fresh.url)).toBe(applied);
  });

  it('should apply the migrations with npm run db:migrate and exit', async () => {
    const fresh = await createPostgresDatabase('template0');
    drops.push(fresh.drop);
    const child = spawn('npm', ['run', '--silent', 'db:migrate'], {
      env: { ...process.env, DATABASE_URL: fresh.url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect({ code, output: output.trim() }).toEqual({ code: 0, output: 'migrations applied' });
    expect(await migrationCount(fresh.url)).toBeGreaterThan(10);
  });
});
