/** Removes spent captcha solutions once their challenge expired (a replay of those is refused as expired). */
import type { Db } from '../db/database';
import { deleteExpiredCaptchas } from '../repositories/captcha';

export const CAPTCHA_CLEANUP_JOB = 'captcha-cleanup';
/** Hourly: a spent row outlives its 10-minute challenge by at most an hour, which costs only a little space. */
export const CAPTCHA_CLEANUP_CRON = '41 * * * *';

export async function cleanupSpentCaptchas(db: Db, now = new Date()): Promise<{ removed: number }> {
  return { removed: await deleteExpiredCaptchas(db, now) };
}
