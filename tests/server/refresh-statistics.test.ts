/**
 * The embedded database has no autovacuum: the server refreshes its planner statistics itself, at start
 * and hourly (src/server/jobs/refresh-statistics.ts). After a bulk of new tickets the planner knows how
 * many there are, and the server's schedules name the job on PGlite only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';
import { REFRESH_STATISTICS_JOB, refreshStatistics } from '../../src/server/jobs/refresh-statistics';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { jobsEnabled: true } });
});
afterAll(async () => {
  await t.close();
});

const estimatedTickets = async () =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select reltuples::int as n from pg_class where relname = 'tickets'`,
      )
    )[0]?.n,
  );

describe('planner statistics', () => {
  it('should count 2,000 new tickets once refreshed', async () => {
    await queryRows(
      t.database.db,
      sql`insert into tickets (id, supplier_id, origin_depot_id, status)
        select 200000 + g, d.supplier_id, d.id, 'CANCELED' from generate_series(1, 2000) g,
          (select id, supplier_id from depots order by id limit 1) d`,
    );
    await refreshStatistics(t.database.db);
    expect(await estimatedTickets()).toBeGreaterThanOrEqual(2000);
  });

  it('should be scheduled on the embedded database only', async () => {
    const schedules = await t.app.boss!.getSchedules();
    expect(schedules.some((s) => s.name === REFRESH_STATISTICS_JOB)).toBe(t.database.kind === 'pglite');
  });
});
