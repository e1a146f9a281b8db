/**
 * Delivery side of the events outbox: locking undelivered rows, resolving who may see the ticket
 *, publishing with pg_notify, and the Firebase tokens of the recipients.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/database';
import { CUSTOMS_VISIBLE_STATUSES } from '../../shared/domain/ticket-transitions';

export interface PendingEvent {
  id: number;
  type: string;
  ticketId: number | null;
  payload: Record<string, unknown>;
}

/** The oldest undelivered events, locked for this transaction; rows another worker holds are skipped. */
export async function lockUndeliveredEvents(tx: Tx, limit: number): Promise<PendingEvent[]> {
  const rows = await queryRows<{
    id: number | string;
    type: string;
    ticket_id: number | null;
    payload: Record<string, unknown>;
  }>(
    tx,
    sql`select id, type, ticket_id, payload from events
        where delivered_at is null
        order by id
        limit ${limit}
        for update skip locked`,
  );
  return rows.map((r) => ({ id: Number(r.id), type: r.type, ticketId: r.ticket_id, payload: r.payload }));
}

/** Whether any event waits for delivery (the floor poll asks this before queueing a job). */
export async function hasUndeliveredEvents(db: Tx): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from events where delivered_at is null limit 1`,
  );
  return rows.length > 0;
}

/** Events not yet delivered, by any process (the metrics' backlog: read from the index's null end). */
export async function countUndeliveredEvents(db: Tx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from events where delivered_at is null`,
  );
  return row?.n ?? 0;
}

export interface EventAudience {
  userIds: number[];
  /** Trade name of the customs agent of the ticket's provider invoice, if any. */
  providerName: string | null;
}

const customsStatuses = sql.join(
  CUSTOMS_VISIBLE_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * Active users who see the ticket now: all admins (ADMIN, ADMINRO), the ticket's supplier users, the
 * users of its carrier (current carrier or an open offer), and the customs users of its provider
 * invoice's border crossing once the ticket is in a customs status. No ticket: admins only.
 */
export async function eventAudience(tx: Tx, ticketId: number | null): Promise<EventAudience> {
  if (ticketId === null) {
    const admins = await queryRows<{ id: number }>(
      tx,
      sql`
      select distinct u.id from users u join user_roles r on r.user_id = u.id
      where u.active and r.role in ('ADMIN', 'ADMINRO') order by u.id`,
    );
    return { userIds: admins.map((r) => Number(r.id)), providerName: null };
  }
  const users = await queryRows<{ id: number }>(
    tx,
    sql`
    select distinct u.id
    from tickets t
    join users u on u.active
    join user_roles r on r.user_id = u.id
    where t.id = ${ticketId} and (
      r.role in ('ADMIN', 'ADMINRO')
      or (r.role = 'SUPPLIER' and u.supplier_id = t.supplier_id)
      or (r.role = 'CARRIER' and (u.carrier_id = t.carrier_id or exists (
            select 1 from ticket_assignments a
            where a.ticket_id = t.id and a.carrier_id = u.carrier_id and a.status in ('PENDING', 'CONFIRMED'))))
      or (r.role = 'CUSTOMS' and t.status in (${customsStatuses}) and exists (
            select 1 from provider_invoices pi join border_crossings bc on bc.id = pi.border_crossing_id
            where pi.ticket_id = t.id and bc.customs_agent_id = u.customs_agent_id))
    )
    order by u.id`,
  );
  const [provider] = await queryRows<{ trade_name: string }>(
    tx,
    sql`
    select ca.trade_name from provider_invoices pi
    join border_crossings bc on bc.id = pi.border_crossing_id
    join customs_agents ca on ca.id = bc.customs_agent_id
    where pi.ticket_id = ${ticketId}
    limit 1`,
  );
  return { userIds: users.map((r) => Number(r.id)), providerName: provider?.trade_name ?? null };
}

/** NOTIFY, delivered to listeners when the transaction commits (and not at all if it rolls back). */
export async function publishNotification(tx: Tx, channel: string, payload: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export async function markEventsDelivered(tx: Tx, ids: readonly number[], at = new Date()): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`update events set delivered_at = ${at.toISOString()} where id in (${list})`);
}

export interface UserToken {
  userId: number;
  token: string;
}

export async function firebaseTokensOfUsers(db: Tx, userIds: readonly number[]): Promise<UserToken[]> {
  if (userIds.length === 0) return [];
  const list = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ user_id: number; token: string }>(
    db,
    sql`select user_id, token from firebase_tokens where user_id in (${list}) order by id`,
  );
  return rows.map((r) => ({ userId: Number(r.user_id), token: r.token }));
}

/** Forgets tokens that FCM reported as no longer valid, whoever registered them. */
export async function removeFirebaseTokens(db: Tx, tokens: readonly string[]): Promise<number> {
  if (tokens.length === 0) return 0;
  const list = sql.join(
    tokens.map((t) => sql`${t}`),
    sql`, `,
  );
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from firebase_tokens where token in (${list}) returning 1) select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}
