import { bigserial, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const configurationProperties = pgTable('configuration_properties', {
  id: serial().primaryKey(),
  key: text().notNull().unique(),
  value: text().notNull(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userId: integer().references(() => users.id),
    entity: text().notNull(),
    entityId: text().notNull(),
    action: text().notNull(),
    fromStatus: text(),
    toStatus: text(),
    reason: text(),
    data: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

/** Stored responses of writes sent with an Idempotency-Key, kept 24 h. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    state: text().notNull().default('in_flight'),
    statusCode: integer(),
    responseBody: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Transactional outbox of notifications (new ticket, confirmed, truck loaded, invoiced, customs). */
export const events = pgTable(
  'events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    type: text().notNull(),
    ticketId: integer(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('events_undelivered_idx').on(t.deliveredAt, t.id)],
);

/** The read model's SQL last applied (db/read-model): its hash, so a start applies a changed file once. */
export const readModelSource = pgTable('read_model_source', {
  id: integer().primaryKey(),
  hash: text().notNull(),
  appliedAt: timestamp({ withTimezone: true }).notNull(),
});
