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
import { auditLog, events as eventsTable } from '../db/schema/system';

interface Kept {
  audit: (typeof auditLog.$inferInsert)[];
  events: (typeof eventsTable.$inferInsert)[];
}

const kept = new WeakMap<object, Kept>();

/** Where `writeAudit` and `writeEvent` keep the rows of `tx`, while `withTransactionLog` runs on it. */
export function keptLog(tx: Tx): Kept | undefined {
  return kept.get(tx);
}

/** The one statement that inserts the rows kept (drizzle's own inserts, as CTEs), or undefined for none. */
function logStatement(tx: Tx, { audit, events }: Kept): SQL | undefined {
  const parts: SQL[] = [];
  if (audit.length > 0) parts.push(sql`audit as (${tx.insert(auditLog).values(audit).getSQL()})`);
  if (events.length > 0) parts.push(sql`events as (${tx.insert(eventsTable).values(events).getSQL()})`);
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
    const statement = logStatement(tx, log);
    if (statement) await queryRows(tx, statement);
    return value;
  } finally {
    kept.delete(tx);
  }
}
