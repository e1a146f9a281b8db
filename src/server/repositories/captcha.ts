/** Spent captcha solutions: recorded on first use, refused after, removed once their challenge expired. */
import { lt } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { spentCaptchas } from '../db/schema/accounts';

/**
 * Marks a challenge's solution as used. True when this call spent it, false when it was spent before:
 * one INSERT ... ON CONFLICT DO NOTHING, so of two racing requests (in any process) exactly one wins.
 */
export async function spendCaptcha(db: Tx, nonce: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(spentCaptchas)
    .values({ nonce, expiresAt })
    .onConflictDoNothing({ target: spentCaptchas.nonce })
    .returning({ nonce: spentCaptchas.nonce });
  return rows.length === 1;
}

/** Removes the spent solutions whose challenge expired before `now`; returns how many. */
export async function deleteExpiredCaptchas(db: Tx, now = new Date()): Promise<number> {
  const rows = await db
    .delete(spentCaptchas)
    .where(lt(spentCaptchas.expiresAt, now))
    .returning({ nonce: spentCaptchas.nonce });
  return rows.length;
}
