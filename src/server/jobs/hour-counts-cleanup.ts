/**
 * Drops the per-hour ticket and offer counts older than the longest window read from them (the service
 * level's 30 days) with two days to spare. Triggers keep adding +1/-1 rows to a ticket's or offer's own
 * creation hour whenever it changes, however old; without this the tables would keep a row per change.
 */
import type { Db } from '../db/database';
import { dropOldHourCounts, HOUR_COUNTS_KEPT_DAYS } from '../repositories/ticket-counts';

export const HOUR_COUNTS_CLEANUP_JOB = 'hour-counts-cleanup';
/** Daily: a day of extra rows is nothing beside the month kept. */
export const HOUR_COUNTS_CLEANUP_CRON = '41 3 * * *';

export async function cleanupHourCounts(db: Db, now = new Date()): Promise<{ removed: number }> {
  return { removed: await dropOldHourCounts(db, new Date(now.getTime() - HOUR_COUNTS_KEPT_DAYS * 86_400_000)) };
}
