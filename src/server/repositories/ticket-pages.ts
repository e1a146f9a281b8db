/**
 * Ticket pages: the list of GET /tickets with every filter, one ticket, and the views of given tickets.
 * Every query is scoped to the caller in SQL (ticket-scope.ts), so a ticket outside the caller's view is
 * never listed or read. A page is two statements whatever its size: the page with its tickets' views
 * (ticket-views.ts), and its total; a home list (filtered by status alone) runs both prepared, its total
 * from the maintained counts (ticket-counts.ts), and a deep home page a third first, to find the block of
 * ids it starts in (pageStart).
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TicketStatus } from '../../shared/domain/ticket-status';
import type { TicketView } from '../../shared/schemas/ticket-view';
import type { Tx } from '../db/database';
import { prepared } from '../db/prepared';
import { ticketCustomsViews, tickets } from '../db/schema/tickets';
import { contains } from './paging';
import { maintainedCounts } from './ticket-counts';
import {
  countScope,
  idList,
  keyedView,
  offerReader,
  partyParameter,
  partyScope,
  viewScope,
  type CountScope,
  type Viewer,
} from './ticket-scope';
import { parseViews, viewsQuery, type OfferReader } from './ticket-views';

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

/** Statuses and `unpaid` alone: the admin's awaiting-payment tile, whose total the unpaid counts keep. */
const onlyStatusAndUnpaid = (f: TicketListFilter) => {
  const set = filtersSet(f);
  return set.length === 1 && set[0] === 'unpaid' && f.unpaid === true;
};

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
  // Everyone's tickets awaiting payment are counted by the triggers (read-model.sql, 'unpaid').
  const counted =
    scope?.kind === 'all' && onlyStatusAndUnpaid(f)
      ? maintainedCounts(db, { kind: 'unpaid', id: 0 }).then((n) =>
          f.statuses.reduce((sum, status) => sum + (n.get(status) ?? 0), 0),
        )
      : db
          .select({ n: sql<number>`count(*)::int` })
          .from(tickets)
          .where(where)
          .then((r) => Number(r[0]?.n ?? 0));
  const [rows, count] = await Promise.all([viewsQuery(db, page, reader.ownOffersOf, order), counted]);
  return { viewsJson: rows[0]?.views ?? '[]', count };
}

/** The read flag as written SQL, so a plan sees `not read` and takes the unread rows' partial index. */
const readCondition = (column: AnyPgColumn, read: boolean) => (read ? sql`${column}` : sql`not ${column}`);

/**
 * An agent's tickets by status and read flag (the customs home's unread documentation): the page from the
 * agent's view rows alone, the unread ones from their partial index, and the total from the maintained
 * counts (the agent's unread tickets per status, and its whole view less those for the read ones). The
 * rows and counts are kept with the ticket's flag in the writing transaction (db/read-model/read-model.sql),
 * so nothing else is read; counting the unread rows themselves grew with them (78 ms at a million tickets).
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
  const direction = sql.raw(order === 'ASC' ? 'asc' : 'desc');
  // Each asked status's rows are read in id order from (agent, status, id) and only as far as the page
  // reaches, then merged: one scan for several statuses in id order took the id index alone and walked
  // past every other ticket (90,000 rows for 5 at 100,000 tickets).
  const page = db
    .select({ id: sql<number>`x.ticket_id`.as('id') })
    .from(
      sql`unnest(array[${sql.join(
        f.statuses.map((status) => sql`${status}`),
        sql`, `,
      )}]::text[]) s(status) cross join lateral (
        select ${v.ticketId} as ticket_id from ${v}
        where ${v.customsAgentId} = ${agentId} and ${v.status} = s.status
          and ${readCondition(v.read, f.customsRead === true)}
        order by ${v.ticketId} ${direction} limit ${offset + f.limit}) x`,
    )
    .orderBy(sql`x.ticket_id ${direction}`)
    .limit(f.limit)
    .offset(offset);
  const counted = async () => {
    const unread = await maintainedCounts(db, { kind: 'customs_unread', id: agentId });
    const all = f.customsRead === true ? await maintainedCounts(db, { kind: 'customs', id: agentId }) : null;
    return f.statuses.reduce(
      (sum, status) => sum + (all ? (all.get(status) ?? 0) - (unread.get(status) ?? 0) : (unread.get(status) ?? 0)),
      0,
    );
  };
  const [rows, count] = await Promise.all([viewsQuery(db, page, reader.ownOffersOf, order), counted()]);
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
