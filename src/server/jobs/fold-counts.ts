/**
 * Folds the count tables' piled-up +1/-1 rows (repositories/count-tables.ts) every minute, so a count or
 * a deep page sums about a row per key and a minute of writes, while no read request writes.
 */
import type { Db } from '../db/database';
import { foldCountTables } from '../repositories/count-tables';

export const FOLD_COUNTS_JOB = 'fold-counts';
export const FOLD_COUNTS_CRON = '* * * * *';

export async function foldCounts(db: Db): Promise<{ removed: number }> {
  return foldCountTables(db);
}
