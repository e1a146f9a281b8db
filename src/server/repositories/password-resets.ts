/**
 * Password recovery links and password changes. A link's token is stored only as its SHA-256 hash, so
 * a copy of the database cannot be turned into working links; a link is spent by the first change that
 * uses it. Changing a password raises the user's token version (every earlier session token stops
 * working) and announces the new version on SESSIONS_CHANNEL, where every server process ends that
 * user's open event streams.
 */
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { passwordResets, users } from '../db/schema/accounts';
import { publishNotification } from './notifications';

/** PostgreSQL channel announcing `{userId, tokenVersion}` after a password change. */
export const SESSIONS_CHANNEL = 'portal_sessions';

export interface SessionsMessage {
  userId: number;
  tokenVersion: number;
  /** The session that made the change (sessionOf): its streams close without 'session ended'. */
  changedBy?: string;
}

/** The active user a recovery request names (username, case-insensitive), with where to write. */
export async function findRecoveryUser(db: Tx, username: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, name: users.name, email: users.email })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, eq(users.active, true)));
  return row;
}

export async function createPasswordReset(db: Tx, userId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt });
}

/**
 * Links of the user (used or not) that expire after `after`; with `after` = now, the links mailed
 * within one link lifetime. Bounds how often one mailbox is written to.
 */
export async function resetsExpiringAfter(db: Tx, userId: number, after: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gt(passwordResets.expiresAt, after)));
  return row?.n ?? 0;
}

/** Deletes the links that expired by `now` (used or not): none can be spent, and none counts toward the mail limit. */
export async function deleteExpiredPasswordResets(db: Tx, now = new Date()): Promise<number> {
  const rows = await db
    .delete(passwordResets)
    .where(lte(passwordResets.expiresAt, now))
    .returning({ id: passwordResets.id });
  return rows.length;
}

/**
 * Spends the link with this token hash if it is unused and unexpired; returns its user, else undefined.
 * One conditional UPDATE, so of two racing changes with one link exactly one gets the user.
 */
export async function spendPasswordReset(db: Tx, tokenHash: string, now = new Date()): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

/**
 * Stores a new password hash for an active user, raises the token version, spends every other open
 * link of the user (a link mailed before the change must not undo it) and announces the new version.
 * Returns the new token version, or undefined when the user is gone or disabled.
 */
export async function setPassword(
  db: Tx,
  userId: number,
  passwordHash: string,
  changedBy?: string,
): Promise<number | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(and(eq(users.id, userId), eq(users.active, true)))
    .returning({ tokenVersion: users.tokenVersion });
  if (!row) return undefined;
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  // Inside a transaction NOTIFY is delivered on commit, so no process acts on a change that rolled back.
  const message: SessionsMessage = { userId, tokenVersion: row.tokenVersion, changedBy };
  await publishNotification(db, SESSIONS_CHANNEL, JSON.stringify(message));
  return row.tokenVersion;
}

/** The stored password hash of an active user (the signed-in change checks the current password). */
export async function passwordHashOf(db: Tx, userId: number): Promise<string | null | undefined> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.active, true)));
  return row ? row.passwordHash : undefined;
}
