/** Removes stored Idempotency-Key responses once their 24 h are over. */
import type { Db } from '../db/database';
import { deleteExpiredIdempotencyKeys } from '../repositories/idempotency';

export const IDEMPOTENCY_CLEANUP_JOB = 'idempotency-cleanup';
/** Hourly, so no row outlives its 24 h by more than an hour (expired rows are ignored meanwhile). */
export const IDEMPOTENCY_CLEANUP_CRON = '23 * * * *';

export async function cleanupIdempotencyKeys(db: Db, now = new Date()): Promise<{ removed: number }> {
  return { removed: await deleteExpiredIdempotencyKeys(db, now) };
}
