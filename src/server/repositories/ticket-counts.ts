/**
 * Ticket counts per status (GET /tickets/count/states) from the count tables the triggers keep
 * (repositories/count-tables.ts): a scope's totals, and those of the last 24 hours from the per-hour
 * rows plus the tickets of the one hour the day starts in.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { TICKET_STATUSES, type TicketStatus } from '../../shared/domain/ticket-status';
import type { StatusCount } from '../../shared/schemas/ticket-view';
import { queryRows, type Tx } from '../db/database';
import { prepared } from '../db/prepared';
import { ticketCounts, ticketHourCounts, tickets, type TicketCountScope } from '../db/schema/tickets';
import {
  countScope,
  keyedView,
  partyParameter,
  partyScope,
  viewScope,
  type CountScope,
  type Viewer,
} from './ticket-scope';

/** The maintained rows of one scope, summed per status (prepared: it runs on every list and count). */
const scopeCounts = (db: Tx) =>
  prepared(db, 'ticket_counts_of_scope', (db) =>
    db
      .select({
        status: ticketCounts.status,
        n: sql<number>`sum(${ticketCounts.n})::int`,
      })
      .from(ticketCounts)
      .where(and(eq(ticketCounts.scope, sql.placeholder('scope')), eq(ticketCounts.partyId, sql.placeholder('party'))))
      .groupBy(ticketCounts.status)
      .prepare('ticket_counts_of_scope'),
  );

/**
 * Live tickets per status in one scope, from the maintained counts (+1/-1 rows that the fold-counts job
 * folds every minute: repositories/count-tables.ts).
 */
export async function maintainedCounts(
  db: Tx,
  scope: CountScope | { kind: TicketCountScope; id: number },
): Promise<Map<TicketStatus, number>> {
  const rows = await scopeCounts(db).execute({ scope: scope.kind, party: scope.id });
  return new Map(rows.map((r) => [r.status as TicketStatus, Number(r.n)]));
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** UTC midnight at or before `t`, and the one at or after it; the same for whole UTC hours. */
export const floorDay = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;
export const ceilDay = (t: number) => Math.ceil(t / DAY_MS) * DAY_MS;
export const ceilHour = (t: number) => Math.ceil(t / HOUR_MS) * HOUR_MS;
export const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
export const isoTime = (t: number) => new Date(t).toISOString();

/**
 * Live tickets of one maintained scope created in [since, until), per status, counted one by one:
 * prepared per scope kind, with the party as a parameter, and planned once. A range with both ends is
 * what lets one plan serve any values: PostgreSQL takes a bounded range of creation times for a narrow
 * one and reads it from the creation-time index, where `created_at >= $1` alone looks like a third of
 * the table and would need planning for each value. The range is at most the hour a window starts in.
 */
function createdBetweenByStatus(db: Tx, kind: CountScope['kind']) {
  const name = `ticket_created_between_by_status_${kind}`;
  const since = sql`${sql.placeholder('since')}::timestamptz`;
  const until = sql`${sql.placeholder('until')}::timestamptz`;
  const view = keyedView(kind);
  return prepared(db, name, (db) =>
    view
      ? // A carrier's open view and an agent's view keep each ticket's creation time and status: their own
        // index answers.
        db
          .select({ status: sql<string>`${view.status}`, n: sql<number>`count(*)::int` })
          .from(view.table)
          .where(
            and(
              sql`${view.party} = ${partyParameter}`,
              view.counted,
              sql`${view.createdAt} >= ${since} and ${view.createdAt} < ${until}`,
            ),
          )
          .groupBy(view.status)
          .prepare(name)
      : db
          .select({ status: tickets.status, n: sql<number>`count(*)::int` })
          .from(tickets)
          .where(
            and(
              sql`${tickets.createdAt} >= ${since} and ${tickets.createdAt} < ${until}`,
              isNull(tickets.deletedAt),
              partyScope(kind, partyParameter),
            ),
          )
          .groupBy(tickets.status)
          .prepare(name),
  );
}

/** One scope's maintained hour rows from an hour on, summed per status (prepared, planned once). */
const hourCountsFrom = (db: Tx) =>
  prepared(db, 'ticket_hour_counts_from', (db) =>
    db
      .select({
        status: ticketHourCounts.status,
        n: sql<number>`sum(${ticketHourCounts.n})::int`,
      })
      .from(ticketHourCounts)
      .where(
        and(
          eq(ticketHourCounts.scope, sql.placeholder('scope')),
          eq(ticketHourCounts.partyId, sql.placeholder('party')),
          sql`${ticketHourCounts.hour} >= ${sql.placeholder('from')}::timestamptz`,
        ),
      )
      .groupBy(ticketHourCounts.status)
      .prepare('ticket_hour_counts_from'),
  );

/**
 * Live tickets of one scope created at or after `since` (any time ahead of the clock included), per
 * status: the whole UTC hours from the maintained hour rows, the tickets of the hour `since` falls inside
 * one by one. The cost follows one hour's tickets and a day's hour rows, not the day's tickets.
 */
async function createdSince(db: Tx, scope: CountScope, since: number): Promise<Map<TicketStatus, number>> {
  const whole = isoTime(ceilHour(since));
  const [hours, edge] = await Promise.all([
    hourCountsFrom(db).execute({ scope: scope.kind, party: scope.id, from: whole }),
    createdBetweenByStatus(db, scope.kind).execute({ since: isoTime(since), until: whole, party: scope.id }),
  ]);
  const young = new Map<TicketStatus, number>();
  for (const r of [...hours, ...edge]) {
    const status = r.status as TicketStatus;
    young.set(status, (young.get(status) ?? 0) + Number(r.n));
  }
  return young;
}

/** Days of per-hour counts kept: the longest window read from them (30 days) and two to spare. */
export const HOUR_COUNTS_KEPT_DAYS = 32;

/** Removes the per-hour ticket and offer counts of the hours before `before`; answers how many rows. */
export async function dropOldHourCounts(db: Tx, before: Date): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with tickets_gone as (delete from ticket_hour_counts where hour < ${before.toISOString()} returning 1),
      offers_gone as (delete from carrier_offer_hours where hour < ${before.toISOString()} returning 1)
      select ((select count(*) from tickets_gone) + (select count(*) from offers_gone))::int as n`,
  );
  return rows[0]?.n ?? 0;
}

/** Tickets per stored status within the caller's view; oldestCount: created more than 24 h before `now`. */
export async function countByStatus(db: Tx, viewer: Viewer, now = new Date()): Promise<StatusCount[]> {
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const scope = countScope(viewer);
  if (scope) {
    // Maintained totals; the day-old ones are the total less the tickets of the last 24 h.
    const [totals, young] = await Promise.all([
      maintainedCounts(db, scope),
      createdSince(db, scope, now.getTime() - DAY_MS),
    ]);
    return TICKET_STATUSES.map((status) => {
      const total = totals.get(status) ?? 0;
      return { status, total, oldestCount: total - (young.get(status) ?? 0) };
    });
  }
  const rows = await db
    .select({
      status: tickets.status,
      total: sql<number>`count(*)::int`,
      oldestCount: sql<number>`(count(*) filter (where ${tickets.createdAt} < ${dayAgo}))::int`,
    })
    .from(tickets)
    .where(and(isNull(tickets.deletedAt), viewScope(viewer)))
    .groupBy(tickets.status);
  return TICKET_STATUSES.map((status) => {
    const row = rows.find((r) => r.status === status);
    return { status, total: Number(row?.total ?? 0), oldestCount: Number(row?.oldestCount ?? 0) };
  });
}
