/**
 * Ticket reads: the list of GET /tickets with every filter, one ticket, and the counts.
 * Every query is scoped to the caller in SQL by `viewScope`, so a ticket outside
 * the caller's view is never listed, counted or read. A page is two statements whatever its size: the
 * page with its tickets' stored views (ticket-views.ts), and its total; a home list (filtered by status
 * alone) runs both prepared, its total from the maintained counts, and a deep home page a third first,
 * to find the block of ids it starts in (pageStart).
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Role } from '../../shared/domain/roles';
import { TICKET_STATUSES, type TicketStatus } from '../../shared/domain/ticket-status';
import type { TicketView } from '../../shared/schemas/ticket-view';
import { queryRows, type Tx } from '../db/database';
import { contains } from './paging';
import {
  ticketCarrierViews,
  ticketCounts,
  ticketCustomsViews,
  ticketHourCounts,
  tickets,
  type CountScopeKind,
} from '../db/schema/tickets';
import { prepared } from '../db/prepared';
import { parseViews, viewsQuery, type OfferReader } from './ticket-views';

/** Who is asking: the fields of AuthUser that decide the view. */
export interface Viewer {
  roles: readonly Role[];
  supplierId: number | null;
  carrierId: number | null;
  customsAgentId: number | null;
}

export interface TicketListFilter {
  /** Stored statuses, aliases already expanded; empty selects no ticket. */
  statuses: readonly TicketStatus[];
  page: number;
  limit: number;
  ticketId?: number | undefined;
  invoiceNumber?: string | undefined;
  taInvoiceNumber?: string | undefined;
  equipment?: string | undefined;
  carrierIds?: readonly number[] | undefined;
  carrierModes?: readonly string[] | undefined;
  supplierIds?: readonly number[] | undefined;
  destinationIds?: readonly number[] | undefined;
  borderCrossingIds?: readonly number[] | undefined;
  orderBy?: 'ASC' | 'DESC' | undefined;
  beforeDate?: Date | undefined;
  unassigned?: boolean | undefined;
  /** The carrier's /all page: also tickets it was offered before. */
  all?: boolean | undefined;
  /** Tickets customs have (true) or have not (false) read. */
  customsRead?: boolean | undefined;
  /** Only tickets with a provider invoice that has no payment voucher yet. */
  unpaid?: boolean | undefined;
}
export type { TicketView };

const isAdmin = (viewer: Viewer) => viewer.roles.includes('ADMIN') || viewer.roles.includes('ADMINRO');
/** A carrier sees only its own offers; the other roles see the whole offer history. */
const seesOnlyOwnOffers = (viewer: Viewer) =>
  !isAdmin(viewer) && !viewer.roles.includes('SUPPLIER') && !viewer.roles.includes('CUSTOMS');

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The tickets of one party's view as a condition on `tickets`: everything, a supplier's tickets, a
 * carrier's or a customs agent's. `party` is the party's id, as a value or a statement's placeholder. A
 * carrier's view is ticket_carrier_views: the tickets it holds an open offer for or carries (`open`), and
 * with `carrierAll` also those it was offered before; a primary-key probe instead of reading offers. An
 * agent's is ticket_customs_views: the live tickets in a status customs see whose provider invoice names
 * one of the agent's crossings (kept by triggers, db/read-model/read-model.sql).
 */
function partyScope(kind: CountScopeKind, party: SQL, carrierAll = false): SQL {
  if (kind === 'all') return sql`true`;
  if (kind === 'supplier') return sql`${tickets.supplierId} = ${party}`;
  if (kind === 'customs') {
    return sql`exists (select 1 from ${ticketCustomsViews} v where v.customs_agent_id = ${party} and v.ticket_id = ${tickets.id})`;
  }
  return sql`exists (select 1 from ${ticketCarrierViews} v
    where v.carrier_id = ${party} and v.ticket_id = ${tickets.id}${carrierAll ? sql`` : sql` and v.open`})`;
}
/** A statement's party parameter. */
const partyParameter = sql`${sql.placeholder('party')}::int`;

/**
 * The tickets the viewer may see, as a condition on `tickets`. A user holding several roles sees the
 * union. `carrierAll` widens a carrier's view to tickets it was offered before (its /all page).
 */
export function viewScope(viewer: Viewer, carrierAll = false): SQL {
  if (isAdmin(viewer)) return sql`true`;
  const parts: SQL[] = [];
  if (viewer.roles.includes('SUPPLIER') && viewer.supplierId != null) {
    parts.push(partyScope('supplier', sql`${viewer.supplierId}`));
  }
  if (viewer.roles.includes('CARRIER') && viewer.carrierId != null) {
    parts.push(partyScope('carrier', sql`${viewer.carrierId}`, carrierAll));
  }
  if (viewer.roles.includes('CUSTOMS') && viewer.customsAgentId != null) {
    parts.push(partyScope('customs', sql`${viewer.customsAgentId}`));
  }
  if (parts.length === 0) return sql`false`;
  return sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * The one scope whose counts are maintained (ticket_counts) when the viewer has exactly one: everything
 * for an admin, the supplier's tickets, the carrier's open view, the customs agent's view. A user holding
 * several roles sees a union whose size no maintained count gives: those count.
 */
type CountScope = { kind: CountScopeKind; id: number };
function countScope(viewer: Viewer): CountScope | null {
  if (isAdmin(viewer)) return { kind: 'all', id: 0 };
  const scopes: (CountScope | null)[] = [];
  if (viewer.roles.includes('SUPPLIER') && viewer.supplierId != null)
    scopes.push({ kind: 'supplier', id: viewer.supplierId });
  if (viewer.roles.includes('CARRIER') && viewer.carrierId != null)
    scopes.push({ kind: 'carrier', id: viewer.carrierId });
  if (viewer.roles.includes('CUSTOMS') && viewer.customsAgentId != null)
    scopes.push({ kind: 'customs', id: viewer.customsAgentId });
  return scopes.length === 1 ? scopes[0]! : null;
}

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
async function maintainedCounts(db: Tx, scope: CountScope): Promise<Map<TicketStatus, number>> {
  const rows = await scopeCounts(db).execute({ scope: scope.kind, party: scope.id });
  return new Map(rows.map((r) => [r.status as TicketStatus, Number(r.n)]));
}

/** What every list path reads itself: the statuses, the page and the order. Any other field is a filter. */
const PAGING_FIELDS: ReadonlySet<string> = new Set<keyof TicketListFilter>(['statuses', 'page', 'limit', 'orderBy']);

/**
 * The filters a list sets beyond its statuses and paging. Read from the filter's own fields, so a field
 * added to TicketListFilter counts here by itself and no shorter path can ignore it (a filter missing
 * from a hand-written list of them was once silently dropped on a single-role home list).
 */
const filtersSet = (f: TicketListFilter): string[] =>
  Object.entries(f)
    .filter(([key, value]) => !PAGING_FIELDS.has(key) && value !== undefined && value !== '')
    .filter(([, value]) => !(Array.isArray(value) && value.length === 0))
    .map(([key]) => key);

/** A list filtered by status alone: its total is a sum of maintained counts. */
const onlyStatusFilter = (f: TicketListFilter) => filtersSet(f).length === 0;

/** Statuses and the read flag alone: an agent's unread (or read) list, answered from the agent's view rows. */
const onlyStatusAndRead = (f: TicketListFilter) => {
  const set = filtersSet(f);
  return set.length === 1 && set[0] === 'customsRead';
};

/** `%text%` for ILIKE with the user's own % and _ taken literally. */

function filterConditions(f: TicketListFilter): SQL[] {
  const where: SQL[] = [];
  where.push(f.statuses.length > 0 ? inArray(tickets.status, [...f.statuses]) : sql`false`);
  if (f.ticketId !== undefined) where.push(eq(tickets.id, f.ticketId));
  if (f.invoiceNumber) {
    where.push(sql`exists (select 1 from shipping_documents sd
      where sd.ticket_id = ${tickets.id} and sd.invoice_number ilike ${contains(f.invoiceNumber)})`);
  }
  if (f.equipment) {
    where.push(sql`exists (select 1 from shipping_documents sd
      where sd.ticket_id = ${tickets.id} and sd.car_equipment ilike ${contains(f.equipment)})`);
  }
  if (f.taInvoiceNumber) {
    where.push(sql`exists (select 1 from provider_invoices pi
      where pi.ticket_id = ${tickets.id} and pi.number ilike ${contains(f.taInvoiceNumber)})`);
  }
  if (f.carrierIds?.length) where.push(inArray(tickets.carrierId, [...f.carrierIds]));
  if (f.carrierModes?.length) {
    where.push(sql`exists (select 1 from carriers c
      where c.id = ${tickets.carrierId} and c.mode in (${sql.join(
        f.carrierModes.map((m) => sql`${m}`),
        sql`, `,
      )}))`);
  }
  if (f.supplierIds?.length) where.push(inArray(tickets.supplierId, [...f.supplierIds]));
  if (f.destinationIds?.length) where.push(inArray(tickets.destinationId, [...f.destinationIds]));
  if (f.borderCrossingIds?.length) {
    // The crossing of the provider invoice once there is one, before that the origin yard's crossing.
    where.push(sql`coalesce(
      (select pi.border_crossing_id from provider_invoices pi where pi.ticket_id = ${tickets.id}),
      (select d.border_crossing_id from depots d where d.id = ${tickets.originDepotId})
    ) in (${idList(f.borderCrossingIds)})`);
  }
  if (f.beforeDate) where.push(sql`${tickets.createdAt} < ${f.beforeDate.toISOString()}`);
  if (f.unassigned) {
    where.push(sql`${tickets.status} = 'PENDING' and not exists (select 1 from ticket_assignments a
      where a.ticket_id = ${tickets.id} and a.status = 'PENDING')`);
  }
  if (f.customsRead !== undefined) where.push(eq(tickets.customsRead, f.customsRead));
  if (f.unpaid) {
    where.push(sql`exists (select 1 from provider_invoices pi
      where pi.ticket_id = ${tickets.id} and pi.payment_date is null)`);
  }
  return where;
}

/** The carrier whose offers alone a viewer sees in a ticket's history, or null for every offer. */
const offerReader = (viewer: Viewer): OfferReader => ({
  ownOffersOf: seesOnlyOwnOffers(viewer) ? (viewer.carrierId ?? -1) : null,
});

/**
 * How a home page is read. Walking the scope's tickets in id order and keeping those of the requested
 * statuses reads about (offset + limit) × scope ÷ matching entries; reading the matching tickets by
 * status and sorting them reads about `matching`. The maintained counts give both sizes, so the walk
 * (one plan for any values) is taken when it is short, and otherwise a plan made for the values, with
 * which PostgreSQL reads by status (a handful of PENDING tickets among a supplier's thousands).
 */
export function homePagePlan(matching: number, scope: number, offset: number, limit: number): 'walk' | 'by-value' {
  if (matching <= 0) return 'by-value';
  const walk = ((offset + limit) * scope) / matching;
  return walk <= Math.max(matching, 2_000) ? 'walk' : 'by-value';
}

/** Ticket ids are counted in blocks of this many (`id / 1024`, ticket_block_counts). */
const BLOCK = 1024;
/** From this offset on, a walked home page starts at its offset's block instead of the list's first id. */
export const BLOCK_SKIP_FROM = 1_000;

/** A walk from the list's first id, newest or oldest, with the whole offset still to skip. */
const fromListStart = (order: 'ASC' | 'DESC', offset: number) => ({
  start: order === 'ASC' ? -2_147_483_648 : 2_147_483_647,
  offset,
});

/**
 * The block a home page's offset falls in and the tickets of the asked statuses before it, from
 * ticket_page_start (db/read-model/read-model.sql), which sums the scope's blocks in list order and stops there.
 */
const blockStart = (db: Tx) =>
  prepared(db, 'ticket_page_start', (db) =>
    db
      .select({
        block: sql<number | null>`s.block`,
        before: sql<number>`s.before`,
      })
      .from(
        sql`ticket_page_start(${sql.placeholder('scope')}::text, ${partyParameter}, ${sql.placeholder('statuses')}::text[],
          ${sql.placeholder('offset')}::int, ${sql.placeholder('descending')}::boolean) s`,
      )
      .prepare('ticket_page_start'),
  );

/**
 * Where a deep home page starts: the edge of the block its offset falls in, and the offset left from
 * there, from the maintained block counts (the tickets before a block are the sum of the blocks before
 * it). With no block that far (an offset past the end), the walk starts at the first id as usual.
 */
async function pageStart(
  db: Tx,
  scope: CountScope,
  order: 'ASC' | 'DESC',
  statuses: readonly TicketStatus[],
  offset: number,
): Promise<{ start: number; offset: number }> {
  const [row] = await blockStart(db).execute({
    scope: scope.kind,
    party: scope.id,
    statuses: [...statuses],
    offset,
    descending: order === 'DESC',
  });
  if (!row || row.block === null) return fromListStart(order, offset);
  const block = Number(row.block);
  return {
    start: order === 'ASC' ? block * BLOCK : (block + 1) * BLOCK - 1,
    offset: offset - Number(row.before),
  };
}

/**
 * The view rows a carrier's and a customs agent's home lists and day counts are read from: the table,
 * its party, ticket, status and creation-time columns, and the rows that count (a carrier's open ones;
 * written out, not a parameter, so that a plan made once sees it and uses the open rows' indexes).
 */
const KEYED_VIEWS = {
  carrier: {
    table: ticketCarrierViews,
    party: ticketCarrierViews.carrierId,
    ticketId: ticketCarrierViews.ticketId,
    status: ticketCarrierViews.status,
    createdAt: ticketCarrierViews.createdAt,
    counted: sql`${ticketCarrierViews.open}`,
    read: undefined,
  },
  customs: {
    table: ticketCustomsViews,
    party: ticketCustomsViews.customsAgentId,
    ticketId: ticketCustomsViews.ticketId,
    status: ticketCustomsViews.status,
    createdAt: ticketCustomsViews.createdAt,
    counted: undefined,
    read: ticketCustomsViews.read,
  },
} as const;
const keyedView = (kind: CountScopeKind) => (kind === 'carrier' || kind === 'customs' ? KEYED_VIEWS[kind] : null);

/**
 * The page of a list filtered by status alone within one maintained scope: the shape of every home list,
 * prepared per scope kind, order and plan (statuses, party, limit and offset are its parameters).
 */
function homePage(db: Tx, kind: CountScope['kind'], order: 'ASC' | 'DESC', plan: 'walk' | 'by-value') {
  const statuses = sql.placeholder('statuses');
  const name = `ticket_home_page_${kind}_${order.toLowerCase()}${plan === 'walk' ? '' : '_by_value'}`;
  // The walk starts at the id `start` (inclusive), from which `offset` counts: the first id of the list,
  // or the edge of the block a deep page's offset falls in (pageStart).
  const startingAt = (id: AnyPgColumn) =>
    order === 'ASC' ? sql`${id} >= ${sql.placeholder('start')}::int` : sql`${id} <= ${sql.placeholder('start')}::int`;
  return prepared(
    db,
    name,
    (db) => {
      const view = keyedView(kind);
      const page = view
        ? // A carrier's or an agent's page is walked from its own view rows' indexes, newest first, and
          // stops at the page. Those rows alone decide it: the triggers keep them in the write's
          // transaction with the ticket's status, and a deleted ticket has none.
          db
            .select({ id: sql<number>`${view.ticketId}`.as('id') })
            .from(view.table)
            .where(
              and(
                sql`${view.party} = ${partyParameter}`,
                view.counted,
                sql`${view.status} = any(${statuses}::text[])`,
                startingAt(view.ticketId),
              ),
            )
            .orderBy(order === 'ASC' ? asc(view.ticketId) : desc(view.ticketId))
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'))
        : // The others walk tickets by id, a supplier's through (supplier_id, id).
          db
            .select({ id: tickets.id })
            .from(tickets)
            .where(
              and(
                isNull(tickets.deletedAt),
                partyScope(kind, partyParameter),
                sql`${tickets.status} = any(${statuses}::text[])`,
                startingAt(tickets.id),
              ),
            )
            .orderBy(order === 'ASC' ? asc(tickets.id) : desc(tickets.id))
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'));
      return viewsQuery(db, page, sql.placeholder('own'), order).prepare(name);
    },
    plan === 'walk' ? 'once' : 'per-value',
  );
}

/**
 * A page of GET /tickets: its views as the JSON text the database wrote (an array, passed on as it is)
 * and the total of the filter.
 */
export async function listTickets(
  db: Tx,
  viewer: Viewer,
  f: TicketListFilter,
): Promise<{ viewsJson: string; count: number }> {
  const scope = countScope(viewer);
  const reader = offerReader(viewer);
  const order = f.orderBy === 'ASC' ? 'ASC' : 'DESC';
  const offset = (f.page - 1) * f.limit;
  if (scope && onlyStatusFilter(f)) {
    // The home lists: the total from maintained counts, then one prepared statement for the page and its
    // tickets, read the way those counts say is shorter.
    const counts = await maintainedCounts(db, scope);
    const count = f.statuses.reduce((sum, s) => sum + (counts.get(s) ?? 0), 0);
    const all = [...counts.values()].reduce((sum, n) => sum + n, 0);
    const plan = homePagePlan(count, all, offset, f.limit);
    const start =
      plan === 'walk' && offset >= BLOCK_SKIP_FROM
        ? await pageStart(db, scope, order, f.statuses, offset)
        : fromListStart(order, offset);
    const rows = await homePage(db, scope.kind, order, plan).execute({
      statuses: [...f.statuses],
      party: scope.id,
      limit: f.limit,
      offset: start.offset,
      start: start.start,
      own: reader.ownOffersOf,
    });
    return { viewsJson: rows[0]?.views ?? '[]', count };
  }
  if (scope?.kind === 'customs' && onlyStatusAndRead(f)) return customsReadPage(db, scope.id, reader, f, order, offset);
  const where = and(isNull(tickets.deletedAt), viewScope(viewer, f.all === true), ...filterConditions(f));
  // A carrier's or an agent's page is walked from its own view rows, as above.
  const view = scope && keyedView(scope.kind);
  const page =
    scope && view
      ? db
          .select({ id: sql<number>`${view.ticketId}`.as('id') })
          .from(view.table)
          .innerJoin(tickets, eq(tickets.id, view.ticketId))
          .where(
            and(
              eq(view.party, scope.id),
              f.all === true ? undefined : view.counted,
              view.read && f.customsRead !== undefined ? readCondition(view.read, f.customsRead) : undefined,
              f.statuses.length > 0 ? inArray(view.status, [...f.statuses]) : sql`false`,
              isNull(tickets.deletedAt),
              ...filterConditions(f),
            ),
          )
          .orderBy(order === 'ASC' ? asc(view.ticketId) : desc(view.ticketId))
          .limit(f.limit)
          .offset(offset)
      : db
          .select({ id: tickets.id })
          .from(tickets)
          .where(where)
          .orderBy(order === 'ASC' ? asc(tickets.id) : desc(tickets.id))
          .limit(f.limit)
          .offset(offset);
  const [rows, count] = await Promise.all([
    viewsQuery(db, page, reader.ownOffersOf, order),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(where)
      .then((r) => Number(r[0]?.n ?? 0)),
  ]);
  return { viewsJson: rows[0]?.views ?? '[]', count };
}

/** The read flag as written SQL, so a plan sees `not read` and takes the unread rows' partial index. */
const readCondition = (column: AnyPgColumn, read: boolean) => (read ? sql`${column}` : sql`not ${column}`);

/**
 * An agent's tickets by status and read flag (the customs home's unread documentation): page and total
 * from the agent's view rows alone, the unread ones from their partial index. The rows are kept with the
 * ticket's flag in the writing transaction (db/read-model/read-model.sql), so nothing else is read.
 */
async function customsReadPage(
  db: Tx,
  agentId: number,
  reader: OfferReader,
  f: TicketListFilter,
  order: 'ASC' | 'DESC',
  offset: number,
): Promise<{ viewsJson: string; count: number }> {
  const v = ticketCustomsViews;
  const where = and(
    eq(v.customsAgentId, agentId),
    f.statuses.length > 0 ? inArray(v.status, [...f.statuses]) : sql`false`,
    readCondition(v.read, f.customsRead === true),
  );
  const page = db
    .select({ id: sql<number>`${v.ticketId}`.as('id') })
    .from(v)
    .where(where)
    .orderBy(order === 'ASC' ? asc(v.ticketId) : desc(v.ticketId))
    .limit(f.limit)
    .offset(offset);
  const [rows, count] = await Promise.all([
    viewsQuery(db, page, reader.ownOffersOf, order),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(v)
      .where(where)
      .then((r) => Number(r[0]?.n ?? 0)),
  ]);
  return { viewsJson: rows[0]?.views ?? '[]', count };
}

/** The one ticket `id` names, within `scope` (a condition on `tickets`), as the page of viewsQuery. */
const ticketPage = (db: Tx, id: SQL, scope: SQL) =>
  db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(sql`${tickets.id} = ${id}`, isNull(tickets.deletedAt), scope));

/** A ticket within one party's view (a carrier's wide one), prepared per scope kind. */
function ticketOfScope(db: Tx, kind: CountScope['kind']) {
  const name = `ticket_view_${kind}`;
  return prepared(db, name, (db) =>
    viewsQuery(
      db,
      ticketPage(db, sql`${sql.placeholder('id')}::int`, partyScope(kind, partyParameter, true)),
      sql.placeholder('own'),
    ).prepare(name),
  );
}

/**
 * One ticket within the caller's view (a carrier also reads tickets it was offered before), in one
 * statement: prepared when the viewer has one party's view, built for the union of several otherwise.
 */
export async function findTicket(db: Tx, viewer: Viewer, id: number): Promise<TicketView | undefined> {
  const reader = offerReader(viewer);
  const scope = countScope(viewer);
  const rows = scope
    ? await ticketOfScope(db, scope.kind).execute({ id, party: scope.id, own: reader.ownOffersOf })
    : await viewsQuery(db, ticketPage(db, sql`${id}`, viewScope(viewer, true)), reader.ownOffersOf);
  return parseViews(rows)[0];
}

/** Builds the views of `ids` in their order, in one prepared statement whatever their number. */
export async function hydrate(db: Tx, viewer: Viewer, ids: readonly number[]): Promise<TicketView[]> {
  if (ids.length === 0) return [];
  const reader = offerReader(viewer);
  const statement = prepared(db, 'ticket_views_by_id', (db) =>
    viewsQuery(
      db,
      db
        .select({ id: tickets.id })
        .from(tickets)
        .where(sql`${tickets.id} = any(${sql.placeholder('ids')}::int[])`),
      sql.placeholder('own'),
    ).prepare('ticket_views_by_id'),
  );
  const views = parseViews(await statement.execute({ ids: [...ids], own: reader.ownOffersOf }));
  const byId = new Map(views.map((v) => [v.id, v]));
  return ids.flatMap((id) => {
    const v = byId.get(id);
    return v ? [v] : [];
  });
}

export interface StatusCount {
  status: TicketStatus;
  total: number;
  oldestCount: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** UTC midnight at or before `t`, and the one at or after it; the same for whole UTC hours. */
const floorDay = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;
const ceilDay = (t: number) => Math.ceil(t / DAY_MS) * DAY_MS;
const ceilHour = (t: number) => Math.ceil(t / HOUR_MS) * HOUR_MS;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const isoTime = (t: number) => new Date(t).toISOString();

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

/** A window bound of the service level: a UTC day, or an instant. */
type LevelBound = 'monthDays' | 'weekDays' | 'today' | 'monthHours' | 'weekHours' | 'month' | 'week';

/**
 * The service level's statement, prepared and planned once: its plan does not depend on the bounds (each
 * range is read from an index), and planning it took as long as running it.
 */
const serviceLevelsStatement = (db: Tx) =>
  prepared(db, 'carrier_service_levels', (db) => {
    const day = (name: LevelBound) => sql`${sql.placeholder(`${name}Day`)}::date`;
    const at = (name: LevelBound) => sql`${sql.placeholder(name)}::timestamptz`;
    // Each part is summed per carrier before the carriers are joined: a row a carrier a side, not a row
    // per carrier and day, hour or offer to sort.
    const levels = sql`with days as (
        select carrier_id,
          sum(offers)::int as month_total, sum(confirmed)::int as month_confirmed,
          coalesce(sum(offers) filter (where day >= ${day('weekDays')}), 0)::int as week_total,
          coalesce(sum(confirmed) filter (where day >= ${day('weekDays')}), 0)::int as week_confirmed
        from carrier_offer_days where day >= ${day('monthDays')} and day <= ${day('today')}
        group by carrier_id
      ), hours as (
        select carrier_id,
          coalesce(sum(offers) filter (where hour < ${at('monthDays')}), 0)::int as month_total,
          coalesce(sum(confirmed) filter (where hour < ${at('monthDays')}), 0)::int as month_confirmed,
          coalesce(sum(offers) filter (where hour >= ${at('weekHours')}), 0)::int as week_total,
          coalesce(sum(confirmed) filter (where hour >= ${at('weekHours')}), 0)::int as week_confirmed
        -- One range scan each, from the index alone (an OR of the two is a bitmap scan of the table).
        from (${sql.join(
          (
            [
              ['monthHours', 'monthDays'],
              ['weekHours', 'weekDays'],
            ] as const
          ).map(
            ([from, to]) => sql`select carrier_id, hour, offers, confirmed from carrier_offer_hours
              where hour >= ${at(from)} and hour < ${at(to)}`,
          ),
          sql` union all `,
        )}) h
        group by carrier_id
      ), cut as (
        select carrier_id,
          (count(*) filter (where created_at < ${at('monthHours')}))::int as month_total,
          (count(*) filter (where created_at < ${at('monthHours')} and status = 'CONFIRMED'))::int as month_confirmed,
          (count(*) filter (where created_at >= ${at('week')}))::int as week_total,
          (count(*) filter (where created_at >= ${at('week')} and status = 'CONFIRMED'))::int as week_confirmed
        from ticket_assignments
        where (created_at >= ${at('month')} and created_at < ${at('monthHours')})
          or (created_at >= ${at('week')} and created_at < ${at('weekHours')})
        group by carrier_id
      )
      select c.id, c.business_name, c.mode,
        coalesce(d.month_total, 0) + coalesce(h.month_total, 0) + coalesce(x.month_total, 0) as month_total,
        coalesce(d.month_confirmed, 0) + coalesce(h.month_confirmed, 0) + coalesce(x.month_confirmed, 0)
          as month_confirmed,
        coalesce(d.week_total, 0) + coalesce(h.week_total, 0) + coalesce(x.week_total, 0) as week_total,
        coalesce(d.week_confirmed, 0) + coalesce(h.week_confirmed, 0) + coalesce(x.week_confirmed, 0)
          as week_confirmed
      from carriers c
      left join days d on d.carrier_id = c.id
      left join hours h on h.carrier_id = c.id
      left join cut x on x.carrier_id = c.id`;
    // The answer's JSON is written here, like the ticket lists': the server passes it on as it is.
    return db
      .select({
        carriers: sql<string>`coalesce(json_agg(json_build_object('id', l.id, 'businessName', l.business_name,
          'mode', l.mode, 'lastMonth', json_build_object('total', l.month_total, 'confirmed', l.month_confirmed),
          'lastWeek', json_build_object('total', l.week_total, 'confirmed', l.week_confirmed)) order by l.id), '[]')::text`,
      })
      .from(sql`(${levels}) as l`)
      .prepare('carrier_service_levels');
  });

/**
 * Offers made to each carrier in the last 30 and 7 days and how many of them stand confirmed (an offer
 * confirmed and later declined counts as not confirmed), as the JSON text of an array of
 * CarrierServiceLevel by carrier id. Every carrier is listed, also without offers.
 *
 * The whole UTC days from the month's second day to today are read from the per-day counts
 * (carrier_offer_days; today's row holds every offer made so far today, so the windows end now), the
 * whole hours of the two days the windows start inside (the month's first day and the week's first day)
 * from the per-hour counts (carrier_offer_hours), and only the offers of the two hours the windows start
 * inside are counted one by one, so each window still starts at the exact instant. The cost follows the
 * number of carriers and of days in a month and hours in two days, and the offers of two hours, not the
 * history or a day's offers.
 */
export async function carrierServiceLevels(db: Tx, now = new Date()): Promise<string> {
  const end = now.getTime();
  const month = end - 30 * DAY_MS;
  const week = end - 7 * DAY_MS;
  // Whole days [monthDays, today] come from the day counts; a day counts in the week from weekDays on.
  const monthDays = ceilDay(month);
  const weekDays = ceilDay(week);
  const today = floorDay(end);
  // Whole hours [monthHours, monthDays) and [weekHours, weekDays) from the hour counts.
  const monthHours = ceilHour(month);
  const weekHours = ceilHour(week);
  const [levels] = await serviceLevelsStatement(db).execute({
    monthDaysDay: isoDay(monthDays),
    weekDaysDay: isoDay(weekDays),
    todayDay: isoDay(today),
    ...Object.fromEntries(
      Object.entries({ monthDays, weekDays, monthHours, weekHours, month, week }).map(([name, t]) => [
        name,
        isoTime(t),
      ]),
    ),
  });
  return levels?.carriers ?? '[]';
}
