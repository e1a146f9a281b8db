/**
 * A test run that is killed leaves its PostgreSQL templates behind; the next run's global setup drops
 * those whose process is gone and keeps those of runs still going.
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
      "select datname from pg_database where datname like 'portal_template_%'",
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
  it('should drop the templates of a run whose process is gone and keep those of a live one', async () => {
    // A process that has already ended: its pid names a run that was killed.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    const orphan = `portal_template_seeded_${gone}_0ddba1`;
    const live = `portal_template_seeded_${process.pid}_a11ce0`;
    await create(orphan);
    await create(live);
    try {
      const dropped = await dropOrphanTemplates();
      expect(dropped).toContain(orphan);
      expect(dropped).not.toContain(live);
      const left = await databases();
      expect(left).not.toContain(orphan);
      expect(left).toContain(live);
    } finally {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      for (const name of [orphan, live]) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
