/**
 * A test run that is killed leaves its PostgreSQL databases behind (the server tests' templates, the
 * browser tests' portal database); the next run's global setup drops those whose process is gone and
 * keeps those of runs still going.
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { dropOrphanTemplates } from './helpers/database-templates';
import { usePostgres } from './helpers/test-app';

async function databases(): Promise<string[]> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'portal_%'",
    );
    return rows.map((r) => r.datname);
  } finally {
    await admin.end();
  }
}

async function create(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

describe.runIf(usePostgres)('templates left by a killed run', () => {
  it('should drop the databases of a run whose process is gone and keep those of a live one', async () => {
    // A process that has already ended: its pid names a run that was killed.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    const orphans = [`portal_template_seeded_${gone}_0ddba1`, `portal_e2e_${gone}_0ddba2`];
    const live = `portal_template_seeded_${process.pid}_a11ce0`;
    for (const name of [...orphans, live]) await create(name);
    try {
      const dropped = await dropOrphanTemplates();
      expect(dropped).toEqual(expect.arrayContaining(orphans));
      expect(dropped).not.toContain(live);
      const left = await databases();
      expect(left.filter((name) => orphans.includes(name))).toEqual([]);
      expect(left).toContain(live);
    } finally {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      for (const name of [...orphans, live]) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
