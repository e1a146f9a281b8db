/**
 * The audit rows and notification events of a ticket write, sent in one statement when its work is done
 * instead of one statement each as they are written.
 *
 * A write's cost is mostly its round trips to the database, not their work: on the bench machine each
 * costs the portal about 70 µs of CPU and PostgreSQL as much again, whatever the statement. An accept
 * writes an audit row and an event, a request of a ticket two audit rows and an event, and a pass on an
 * offer two audit rows. Inside `withTransactionLog` `writeAudit` and `writeEvent` keep their rows here,
 * in the order written, and the rows go with one insert into each table, both in one statement, before
 * the transaction commits; outside it they insert at once, as before. Nothing reads these tables in the
 * transaction that writes them: the audit trail is read by people later, the events by the delivery job
 * once committed.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/database';

export interface AuditRow {
  userId: number | null;
  entity: string;
  entityId: string;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  reason: string | null;
  data: Record<string, unknown> | null;
  /** The row's time; the database's now when absent. */
  at?: Date | undefined;
}

export interface EventRow {
  type: string;
  ticketId: number;
  payload: Record<string, unknown>;
}

interface Kept {
  audit: AuditRow[];
  events: EventRow[];
}

const kept = new WeakMap<object, Kept>();

/** Where `writeAudit` and `writeEvent` keep the rows of `tx`, while `withTransactionLog` runs on it. */
export function keptLog(tx: Tx): Kept | undefined {
  return kept.get(tx);
}

const json = (value: Record<string, unknown> | null) =>
  value === null ? sql`null` : sql`${JSON.stringify(value)}::jsonb`;

/** The one statement that inserts the rows kept, or undefined when there are none. */
export function logStatement({ audit, events }: Kept): SQL | undefined {
  const parts: SQL[] = [];
  if (audit.length > 0) {
    const rows = audit.map(
      (a) =>
        sql`(${a.at ? sql`${a.at.toISOString()}::timestamptz` : sql`default`}, ${a.userId}::int, ${a.entity}, ${a.entityId},
          ${a.action}, ${a.fromStatus}, ${a.toStatus}, ${a.reason}, ${json(a.data)})`,
    );
    parts.push(sql`audit as (insert into audit_log (at, user_id, entity, entity_id, action, from_status, to_status,
      reason, data) values ${sql.join(rows, sql`, `)})`);
  }
  if (events.length > 0) {
    const rows = events.map((e) => sql`(${e.type}, ${e.ticketId}::int, ${json(e.payload)})`);
    parts.push(sql`events as (insert into events (type, ticket_id, payload) values ${sql.join(rows, sql`, `)})`);
  }
  if (parts.length === 0) return undefined;
  return sql`with ${sql.join(parts, sql`, `)} select 1`;
}

/**
 * Runs `work` in `tx` with its audit rows and events kept, then writes them in one statement. Work that
 * throws writes none: its transaction rolls back anyway.
 */
export async function withTransactionLog<T>(tx: Tx, work: () => Promise<T>): Promise<T> {
  const log: Kept = { audit: [], events: [] };
  kept.set(tx, log);
  try {
    const value = await work();
    kept.delete(tx);
    const statement = logStatement(log);
    if (statement) await queryRows(tx, statement);
    return value;
  } finally {
    kept.delete(tx);
  }
}
