/** Single sign-on: spending a sign-in's state once, and finding the portal account a provider vouched for. */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { spentCaptchas, users } from '../db/schema/accounts';

/**
 * Marks a sign-in's state as used; true when this call spent it. The table of spent captcha solutions
 * holds any single-use random value until it expires (and its hourly sweep removes it then); the prefix
 * keeps the two kinds apart. One INSERT ... ON CONFLICT DO NOTHING: of two racing callbacks, in any
 * process, exactly one wins.
 */
export const spendSsoState = (db: Tx, state: string, expiresAt: Date) => spendOnce(db, `sso-state:${state}`, expiresAt);

/** Marks a finished sign-in's hand-off as taken, the same way: one session per hand-off. */
export const spendSsoHandoff = (db: Tx, id: string, expiresAt: Date) => spendOnce(db, `sso-handoff:${id}`, expiresAt);

async function spendOnce(db: Tx, nonce: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(spentCaptchas)
    .values({ nonce, expiresAt })
    .onConflictDoNothing({ target: spentCaptchas.nonce })
    .returning({ nonce: spentCaptchas.nonce });
  return rows.length === 1;
}

export interface SsoIdentity {
  /** Only an address the provider has not said is unverified. */
  email?: string;
  preferredUsername?: string;
}

/**
 * The active account for a provider's identity: the one whose e-mail matches (ignoring case), else the
 * one whose username equals `preferred_username`. An e-mail shared by several accounts names none of
 * them, so the username decides then.
 */
export async function findSsoUser(
  db: Tx,
  identity: SsoIdentity,
): Promise<{ id: number; tokenVersion: number } | undefined> {
  const columns = { id: users.id, tokenVersion: users.tokenVersion };
  if (identity.email) {
    const byEmail = await db
      .select(columns)
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${identity.email})`, eq(users.active, true)))
      .limit(2);
    if (byEmail.length === 1) return byEmail[0];
  }
  if (identity.preferredUsername) {
    const [byUsername] = await db
      .select(columns)
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${identity.preferredUsername})`, eq(users.active, true)));
    return byUsername;
  }
  return undefined;
}
