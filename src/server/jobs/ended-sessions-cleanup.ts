/** Forgets sessions ended by signing out once every token they issued has expired (repositories/users.ts). */
import type { Db } from '../db/database';
import { dropEndedSessions } from '../repositories/users';

export const ENDED_SESSIONS_CLEANUP_JOB = 'ended-sessions-cleanup';
/** Hourly: a row outliving its tokens by an hour costs nothing, and the table stays small. */
export const ENDED_SESSIONS_CLEANUP_CRON = '29 * * * *';

export async function cleanupEndedSessions(db: Db, now = new Date()): Promise<{ removed: number }> {
  return { removed: await dropEndedSessions(db, now) };
}
