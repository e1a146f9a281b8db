/**
 * Removes recovery links once they expired. An expired link is refused anyway, and the limit on how many
 * links one user is mailed counts only unexpired ones, so the rows serve nothing after that.
 */
import type { Db } from '../db/database';
import { deleteExpiredPasswordResets } from '../repositories/password-resets';

export const PASSWORD_RESET_CLEANUP_JOB = 'password-reset-cleanup';
/** Hourly: a link lives one hour, so a row outlives its link by at most another hour. */
export const PASSWORD_RESET_CLEANUP_CRON = '47 * * * *';

export async function cleanupExpiredPasswordResets(db: Db, now = new Date()): Promise<{ removed: number }> {
  return { removed: await deleteExpiredPasswordResets(db, now) };
}
