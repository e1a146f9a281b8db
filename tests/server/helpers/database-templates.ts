/**
 * Global setup of the server tests: migrates two databases once per run, one empty and one with the
 * demo data, so that each test file starts from a copy instead of running every migration and the seed
 * again (that took about 2.5 s a file on PGlite).
 * - PGlite: each database is dumped to a tar file that `createTestApp` loads into a new in-memory PGlite.
 * - PostgreSQL (TEST_DATABASE=postgres with DATABASE_URL): two template databases that each file's
 *   database is created from (`CREATE DATABASE … TEMPLATE …`); they are dropped at the end of the run.
 * The migrations and the seed themselves are still run here on every run, and the start-up path
 * (migrating an empty data folder, seeding it) has tests of its own.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../../../src/server/db/database';
import { seedDemo } from '../../../src/server/seed/demo-seed';

export interface DatabaseTemplates {
  /** Tar files of the PGlite data folders, or the names of the PostgreSQL template databases. */
  empty: string;
  seeded: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

const usePostgres = process.env.TEST_DATABASE === 'postgres' && !!process.env.DATABASE_URL;

/** Runs `work` on a connection to the test server's own database (DATABASE_URL), closed after. */
export async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function fill(database: Database, seeded: boolean): Promise<void> {
  if (seeded) await seedDemo(database.db);
}

/** Whether a process with this id still runs on this machine (EPERM: it runs, as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The databases a run makes: its kind, the pid of the run's process, a random part. */
const RUN_DATABASE = /^portal_(template_empty|template_seeded|e2e|backup)_([0-9]+)_[0-9a-f]+$/;

/**
 * A run that was killed never reached its teardown, so its databases (the server tests' templates, the
 * browser tests' portal database) stay in the server. Their names carry the pid of the run that made
 * them: those whose process is gone are dropped here. A database of a run still going (another
 * engineer's, or a parallel project) is left alone. This assumes the runs that share the test server
 * share this machine, as they do here: a pid from elsewhere would look dead.
 */
export async function dropOrphanTemplates(): Promise<string[]> {
  return withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'portal_%'",
    );
    const orphans = rows
      .map((r) => r.datname)
      .filter((name) => {
        const pid = RUN_DATABASE.exec(name)?.[2];
        return pid !== undefined && !alive(Number(pid));
      });
    for (const name of orphans) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    return orphans;
  });
}

/** A new empty database of this run (`kind` names what it is for), and how to drop it. */
export async function createRunDatabase(
  kind: 'e2e' | 'backup',
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  await dropOrphanTemplates();
  const name = `portal_${kind}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  return {
    name,
    url: databaseUrl(name),
    drop: () => withAdmin(async (admin) => void (await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

async function postgresTemplates(): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> {
  await dropOrphanTemplates();
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const templates = { empty: `portal_template_empty_${suffix}`, seeded: `portal_template_seeded_${suffix}` };
  for (const [kind, name] of Object.entries(templates)) {
    await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
    const database = await openDatabase({ url: databaseUrl(name) });
    await fill(database, kind === 'seeded');
    // A template may have no open connection while it is copied.
    await database.close();
  }
  return {
    templates,
    remove: () =>
      withAdmin(async (admin) => {
        for (const name of Object.values(templates)) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

async function pgliteTemplates(): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-templates-'));
  const templates = { empty: path.join(folder, 'empty.tar'), seeded: path.join(folder, 'seeded.tar') };
  for (const [kind, file] of Object.entries(templates)) {
    const database = await openDatabase({ dataDir: 'memory' });
    await fill(database, kind === 'seeded');
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  return { templates, remove: async () => rmSync(folder, { recursive: true, force: true }) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, remove } = usePostgres ? await postgresTemplates() : await pgliteTemplates();
  project.provide('databaseTemplates', templates);
  return remove;
}
