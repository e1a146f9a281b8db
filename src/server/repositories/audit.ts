/** The audit trail of one row per ticket transition (who, when, from, to, reason). */
import type { Tx } from '../db/database';
import { auditLog } from '../db/schema/system';
import { keptLog } from './transaction-log';

export interface AuditEntry {
  /** Null for the allocation sweep: no user acted. */
  userId: number | null;
  ticketId: number;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  reason?: string | null;
  data?: Record<string, unknown>;
  at?: Date;
}

/** Writes ticket audit rows, or keeps them for the transaction's one log statement (transaction-log.ts). */
export async function writeAudit(db: Tx, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  const rows = list.map((e) => ({
    userId: e.userId,
    entity: 'ticket',
    entityId: String(e.ticketId),
    action: e.action,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    reason: e.reason ?? null,
    data: e.data ?? null,
    ...(e.at ? { at: e.at } : {}),
  }));
  const log = keptLog(db);
  if (log) log.audit.push(...rows);
  else await db.insert(auditLog).values(rows);
}

/** An audit row for a master-data write (contract, carrier, supplier, depot, setting, vehicle). */
export async function writeEntityAudit(
  db: Tx,
  e: { userId: number; entity: string; entityId: number; action: string; data?: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values({
    userId: e.userId,
    entity: e.entity,
    entityId: String(e.entityId),
    action: e.action,
    data: e.data ?? null,
  });
}
