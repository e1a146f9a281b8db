/**
 * The embedded database (PGlite) runs PostgreSQL in single-user mode, where autovacuum never runs: its
 * planner statistics stay those of the day the database was made. With a few demo rows on record, a
 * carrier's filtered list over a few thousand tickets was planned as a nested loop of millions of row
 * comparisons (about a second per request). This job does what autovacuum does on a PostgreSQL server:
 * ANALYZE, hourly and once at start; on PostgreSQL it is not scheduled.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/database';

export const REFRESH_STATISTICS_JOB = 'refresh-statistics';
/** Hourly: ANALYZE samples at most 30,000 rows a table, a second or two even at a million tickets. */
export const REFRESH_STATISTICS_CRON = '17 * * * *';

export async function refreshStatistics(db: Tx): Promise<void> {
  await db.execute(sql`analyze`);
}
