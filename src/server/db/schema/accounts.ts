import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { carriers, customsAgents, suppliers } from './parties';

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    username: text().notNull(),
    email: text(),
    name: text().notNull(),
    passwordHash: text(),
    /** Raised on password change: tokens carrying an older version are rejected. */
    tokenVersion: integer().notNull().default(0),
    supplierId: integer().references(() => suppliers.id),
    carrierId: integer().references(() => carriers.id),
    customsAgentId: integer().references(() => customsAgents.id),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_uq').on(sql`lower(${t.username})`), index('users_email_idx').on(t.email)],
);

/** Ordered roles: position 0 is the first role, which alone decides the landing page. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const firebaseTokens = pgTable(
  'firebase_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('firebase_tokens_token_uq').on(t.token), index('firebase_tokens_user_idx').on(t.userId)],
);

/**
 * Sessions ended on the server by signing out: a token of such a session (its `sid` claim, kept across
 * silent renewals) is refused although it has not expired. A row is kept until every token of the
 * session has expired (`endsAt`), then the daily cleanup deletes it.
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    sid: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endsAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('ended_sessions_ends_idx').on(t.endsAt)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial().primaryKey(),
    username: text().notNull(),
    ip: text().notNull(),
    success: boolean().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_user_at_idx').on(t.username, t.at), index('login_attempts_ip_at_idx').on(t.ip, t.at)],
);

export const passwordResets = pgTable('password_resets', {
  id: serial().primaryKey(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
});

/**
 * Captcha solutions already used, by their challenge's nonce. A row lives until its challenge expires
 * (an expired challenge is refused anyway), so every process sharing the database refuses a replay.
 */
export const spentCaptchas = pgTable(
  'spent_captchas',
  {
    nonce: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('spent_captchas_expires_idx').on(t.expiresAt)],
);
