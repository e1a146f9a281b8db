/**
 * `npm run backup` and `npm run restore` (src/server/tools/backup.ts), run as commands with the
 * server's environment: the demo portal is backed up, wiped, and restored, and then every table, every
 * file and a user's sign-in are as before, a token issued before the backup included. On the embedded
 * database with the files in a folder, and on PostgreSQL with the files in an S3 bucket.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import type { FileStore } from '../../src/server/files/file-store';
import { createFileStore } from '../../src/server/plugins/file-store';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/seed/demo-seed';
import { startS3Server, type S3Server } from '../fixtures/s3-server';
import { createRunDatabase, withAdmin } from './helpers/database-templates';
import { bearer, usePostgres } from './helpers/test-app';

const execFileAsync = promisify(execFile);

/** What must come back: each table's rows (as text, in order), each file's hash. */
interface State {
  tables: Record<string, string>;
  files: Record<string, string>;
}

const TABLES = `select schemaname || '.' || tablename as name from pg_tables
  where schemaname not in ('pg_catalog', 'information_schema') order by 1`;
const rowsOf = (table: string) =>
  `select count(*)::text || ' ' || coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as rows from ${table} t`;

async function filesOf(store: FileStore): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for await (const { key } of store.list()) {
    const hash = createHash('sha256');
    for await (const chunk of (await store.open(key))!) hash.update(chunk as Buffer);
    files[key] = hash.digest('hex');
  }
  return files;
}

/** The portal as its users see it through the API, on the configuration `env` describes. */
async function portal(env: Record<string, string>) {
  const app = await buildApp({
    logger: false,
    config: { ...loadConfig(env), jobsEnabled: false, distDir: '/nonexistent' },
  });
  await app.ready();
  return app;
}

for (const kind of usePostgres ? (['postgres'] as const) : (['pglite'] as const)) {
  describe(`backup and restore (${kind})`, () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-backup-data-'));
    const backupDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'portal-backup-')), 'today');
    let s3: S3Server | undefined;
    let run: Awaited<ReturnType<typeof createRunDatabase>> | undefined;
    let env: Record<string, string> = {};

    const command = (args: string[]) =>
      execFileAsync(process.execPath, ['--import', 'tsx', 'src/server/tools/backup.ts', ...args], {
        env: { ...process.env, DATABASE_URL: '', FILE_STORE: '', ...env },
      });

    async function state(): Promise<State> {
      const tables: Record<string, string> = {};
      if (env.DATABASE_URL) {
        const client = new pg.Client({ connectionString: env.DATABASE_URL });
        await client.connect();
        for (const { name } of (await client.query<{ name: string }>(TABLES)).rows)
          tables[name] = (await client.query<{ rows: string }>(rowsOf(name))).rows[0]!.rows;
        await client.end();
      } else if (existsSync(path.join(dataDir, 'db'))) {
        const client = await PGlite.create(path.join(dataDir, 'db'));
        for (const { name } of (await client.query<{ name: string }>(TABLES)).rows)
          tables[name] = (await client.query<{ rows: string }>(rowsOf(name))).rows[0]!.rows;
        await client.close();
      }
      return { tables, files: await filesOf(createFileStore(loadConfig(env))) };
    }

    /** Runs one statement on the portal's database. */
    async function execute(statement: string): Promise<void> {
      if (env.DATABASE_URL) {
        const client = new pg.Client({ connectionString: env.DATABASE_URL });
        await client.connect();
        await client.query(statement);
        await client.end();
      } else {
        const client = await PGlite.create(path.join(dataDir, 'db'));
        await client.exec(statement);
        await client.close();
      }
    }

    async function wipe(): Promise<void> {
      rmSync(dataDir, { recursive: true, force: true });
      if (run) {
        await withAdmin(async (client) => {
          await client.query(`drop database ${run!.name} with (force)`);
          await client.query(`create database ${run!.name}`);
        });
        // The bucket too: every object under the portal's prefix.
        const store = createFileStore(loadConfig(env));
        for await (const { key } of store.list()) await store.remove(key);
      }
    }

    let before: State;
    let token: string;

    beforeAll(async () => {
      if (kind === 'postgres') {
        s3 = await startS3Server();
        run = await createRunDatabase('backup');
        env = { DATA_DIR: dataDir, DATABASE_URL: run.url, ...s3.env('portal/') };
      } else {
        env = { DATA_DIR: dataDir };
      }
      // The demo portal with its files, as a first start leaves it (key files included).
      const config = loadConfig(env);
      const database = await openDatabase(
        config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(dataDir) },
      );
      await seedDemo(database.db, undefined, createFileStore(config));
      await database.close();
      const app = await portal(env);
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'supplier1', password: DEMO_PASSWORD },
      });
      token = login.json().token as string;
      await app.close();
      before = await state();
    });
    afterAll(async () => {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(path.dirname(backupDir), { recursive: true, force: true });
      await run?.drop();
      await s3?.stop();
    });

    it("should bring back every table, every file and the users' sign-in after a wipe", async () => {
      expect(Object.keys(before.files).length).toBeGreaterThan(10);
      expect(before.tables['public.tickets']).toMatch(/^[1-9]\d* /);
      const { stdout } = await command(['backup', backupDir]);
      expect(stdout).toContain(
        `backed up the ${kind} database, ${Object.keys(before.files).length} files and 2 key files`,
      );

      await wipe();
      const empty = await state();
      expect(empty.files).toEqual({});

      await command(['restore', backupDir]);
      const after = await state();
      expect(after.tables).toEqual(before.tables);
      expect(after.files).toEqual(before.files);

      const app = await portal(env);
      try {
        // The token issued before the backup is still taken: the signing key came back too.
        const mine = await app.inject({ method: 'GET', url: '/api/tickets', headers: bearer(token) });
        expect(mine.statusCode).toBe(200);
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'admin', password: DEMO_PASSWORD },
        });
        expect(login.statusCode).toBe(200);
        // And a file the database names opens.
        const first = Object.keys(before.files)[0]!;
        expect(await app.files.exists(first)).toBe(true);
      } finally {
        await app.close();
      }
    });

    it('should refuse to restore over a portal that holds data, and restore over it with --force', async () => {
      // A change made after the backup, which the restore must undo.
      await execute("update users set email = 'changed-after-the-backup@example.com' where username = 'admin'");
      expect((await state()).tables).not.toEqual(before.tables);
      await expect(command(['restore', backupDir])).rejects.toMatchObject({
        stderr: expect.stringMatching(/already holds data|exists: restore into an empty/),
      });
      await command(['restore', backupDir, '--force']);
      expect((await state()).tables).toEqual(before.tables);
    });

    it('should refuse a damaged backup, or one naming a file outside its place, before writing anything', async () => {
      const [key] = Object.keys(before.files);
      const copy = path.join(backupDir, 'files', key!);
      writeFileSync(copy, Buffer.concat([readFileSync(copy), Buffer.from('x')]));
      await wipe();
      await expect(command(['restore', backupDir])).rejects.toMatchObject({
        stderr: expect.stringContaining(`the backup's file files/${key} is missing or damaged`),
      });
      expect(await state()).toEqual({ tables: {}, files: {} });

      // A manifest naming a key file outside DATA_DIR's own is refused too, with nothing written.
      writeFileSync(copy, readFileSync(copy).subarray(0, -1));
      const manifestFile = path.join(backupDir, 'manifest.json');
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { keys: { name: string }[] };
      manifest.keys[0]!.name = '../../outside.key';
      writeFileSync(manifestFile, JSON.stringify(manifest));
      await expect(command(['restore', backupDir])).rejects.toMatchObject({
        stderr: expect.stringContaining('names a key file the portal has not: ../../outside.key'),
      });
      expect(await state()).toEqual({ tables: {}, files: {} });
    });
  });
}
