/**
 * Builds the real app on a fresh database for one test file: an in-memory PGlite by default, or a new
 * PostgreSQL database (created and dropped here) when TEST_DATABASE=postgres and DATABASE_URL are set.
 * Either is a copy of a template the run's global setup migrated (database-templates.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import type { Writable } from 'node:stream';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../../src/server/app';
import type { Config } from '../../../src/server/config';
import { openDatabase, type Database } from '../../../src/server/db/database';
import { DEMO_PASSWORD, seedDemo } from '../../../src/server/seed/demo-seed';
import { LocalFileStore } from '../../../src/server/files/local-file-store';

export const usePostgres = process.env.TEST_DATABASE === 'postgres' && !!process.env.DATABASE_URL;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  /** Signs in a demo user and returns the bearer token. */
  login(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** A new PostgreSQL database copied from one of the run's templates; `drop` removes it. */
export async function createPostgresDatabase(template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL!;
  const name = `portal_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // Let pools that are closing finish on their own before forcing the rest out.
      for (let i = 0; i < 50; i++) {
        const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function createTestApp(
  options: { seed?: boolean; seedFiles?: boolean; config?: Partial<Config>; logStream?: Writable } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  let drop: (() => Promise<void>) | undefined;
  let database: Database;
  let databaseUrl: string | undefined;
  // Each file starts from a copy of a database the run migrated once (and seeded, for most tests). The
  // documentation, invoices and files of the demo are seeded only when a test asks (seedFiles), into a
  // copy of the empty one, because the files live in this test's own folder.
  const seedHere = options.seedFiles === true && options.seed !== false;
  const templates = inject('databaseTemplates');
  const template = options.seed === false || seedHere ? templates.empty : templates.seeded;
  if (usePostgres) {
    const created = await createPostgresDatabase(template);
    drop = created.drop;
    databaseUrl = created.url;
    database = await openDatabase({ url: databaseUrl });
  } else {
    database = await openDatabase({ dataDir: 'memory', loadDataDir: new Blob([readFileSync(template)]) });
  }
  if (seedHere) await seedDemo(database.db, undefined, new LocalFileStore(path.join(dataDir, 'files')));
  const app = await buildApp({
    database,
    logger: false,
    logStream: options.logStream,
    config: {
      dataDir,
      databaseUrl,
      distDir: path.join(dataDir, 'no-dist'),
      jobsEnabled: false,
      // Every answer of every server test is checked against its route's declared response schema.
      checkResponses: true,
      seedDemo: false,
      loginRateLimit: 1000,
      ...options.config,
    },
  });
  await app.ready();

  return {
    app,
    database,
    dataDir,
    async login(username, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      return res.json<{ token: string }>().token;
    },
    async close() {
      await app.close();
      await database.close();
      await drop?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json<T>();
}
