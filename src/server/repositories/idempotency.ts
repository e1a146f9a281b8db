/**
 * Stored responses of writes sent with an Idempotency-Key. A row is claimed
 * (state `in_flight`) before the handler runs and completed with the response, or deleted so the client
 * may retry. Rows live 24 h; an `in_flight` row whose process died is claimable again after a while.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/database';

export const IDEMPOTENCY_TTL_HOURS = 24;
/** An `in_flight` row this old belongs to a request whose process died: the key may be claimed again. */
export const IDEMPOTENCY_STALE_MINUTES = 10;

export interface StoredIdempotency {
  requestHash: string;
  state: 'in_flight' | 'done';
  statusCode: number | null;
  responseBody: unknown;
}

/**
 * Claims the key for this request; false when a live row already holds it. A row older than the TTL,
 * or a stale `in_flight` row, is taken over in the same statement.
 */
export async function claimIdempotencyKey(db: Tx, userId: number, key: string, requestHash: string): Promise<boolean> {
  const rows = await queryRows<{ claimed: number }>(
    db,
    sql`
    insert into idempotency_keys (user_id, key, request_hash, state, created_at)
    values (${userId}, ${key}, ${requestHash}, 'in_flight', now())
    on conflict (user_id, key) do update
      set request_hash = excluded.request_hash, state = 'in_flight', status_code = null,
          response_body = null, created_at = now()
      where idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
         or (idempotency_keys.state = 'in_flight'
             and idempotency_keys.created_at < now() - make_interval(mins => ${IDEMPOTENCY_STALE_MINUTES}))
    returning 1 as claimed`,
  );
  return rows.length > 0;
}

export async function findIdempotencyKey(db: Tx, userId: number, key: string): Promise<StoredIdempotency | undefined> {
  const [row] = await queryRows<{
    request_hash: string;
    state: string;
    status_code: number | null;
    response_body: unknown;
  }>(
    db,
    sql`select request_hash, state, status_code, response_body from idempotency_keys
        where user_id = ${userId} and key = ${key}`,
  );
  if (!row) return undefined;
  return {
    requestHash: row.request_hash,
    state: row.state === 'done' ? 'done' : 'in_flight',
    statusCode: row.status_code,
    responseBody: row.response_body,
  };
}

/** Stores the response of the claim identified by `claimHash`; `requestHash` is the final request hash. */
export async function completeIdempotencyKey(
  db: Tx,
  claim: { userId: number; key: string; claimHash: string },
  result: { requestHash: string; statusCode: number; body: unknown },
): Promise<void> {
  const body = result.body === undefined || result.body === null ? null : JSON.stringify(result.body);
  await db.execute(sql`
    update idempotency_keys
    set state = 'done', request_hash = ${result.requestHash}, status_code = ${result.statusCode},
        response_body = ${body}::jsonb
    where user_id = ${claim.userId} and key = ${claim.key} and state = 'in_flight' and request_hash = ${claim.claimHash}`);
}

/** Gives the key back (5xx, thrown error, a response that cannot be stored). */
export async function releaseIdempotencyKey(
  db: Tx,
  claim: { userId: number; key: string; claimHash: string },
): Promise<void> {
  await db.execute(sql`
    delete from idempotency_keys
    where user_id = ${claim.userId} and key = ${claim.key} and state = 'in_flight' and request_hash = ${claim.claimHash}`);
}

/** Removes rows past the TTL; answers how many. */
export async function deleteExpiredIdempotencyKeys(db: Tx, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_HOURS * 3600_000);
  const rows = await queryRows<{ n: number }>(
    db,
    sql`
    with gone as (delete from idempotency_keys where created_at < ${cutoff.toISOString()} returning 1)
    select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}
