/**
 * Ticket views (TicketView) as the database keeps them (db/read-model/read-model.sql): each ticket's own
 * fields as JSON text (ticket_view_parts), each party's object once (party_views), and the offers. A
 * page is one statement that joins them into one text, the JSON array of the page's views in order; a
 * rename is then one party row, not a rewrite of every ticket naming the party.
 *
 * The server passes that text on as it is (a list answer is `{"tickets":<it>,"count":n}`): a page of 50
 * views read as rows cost the server about 1 ms of CPU to parse, map to objects and serialise again,
 * more than the rest of the request. Callers that need objects parse it (`parseViews`).
 *
 * The text reads exactly as TicketView: times in UTC with milliseconds (`2026-11-24T03:33:00.123Z`,
 * what Date.toISOString writes, the microseconds cut as the driver cuts them), dates as `YYYY-MM-DD`.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import type { TicketView } from '../../shared/schemas/ticket-view';
import type { Tx } from '../db/database';
import { partyViews } from '../db/schema/tickets';

/** Who reads the offers: a carrier sees only its own, the other roles the whole history. */
export interface OfferReader {
  /** The carrier whose offers alone are shown, or null for every offer. */
  ownOffersOf: number | null;
}

/**
 * The views of the tickets `page` selects (a query with an `id` column) as one JSON text, newest first
 * or oldest first. `own` is the carrier whose offers alone are shown (a value or a placeholder; null for
 * all); such a carrier reading a ticket it was offered before does not learn who carries it now.
 */
export function viewsQuery(
  db: Tx,
  page: TypedQueryBuilder<{ id: unknown }>,
  own: Placeholder | number | null,
  order: 'ASC' | 'DESC' = 'DESC',
) {
  const ownCarrier = own === null ? sql`null::int` : sql`${own}::int`;
  const pageIds = db.$with('page').as(page);
  // Every party's object in one jsonb by kind and id, built once per statement (about a hundred rows):
  // read per ticket by key, where a lookup in the small table per ticket was planned as a scan of it.
  const parties = db
    .$with('parties')
    .as(db.select({ j: sql`jsonb_object_agg(kind || id, json)`.as('j') }).from(partyViews));
  const party = (kind: string, id: SQL) => sql`((select "j" from "parties") ->> (${sql.raw(`'${kind}'`)} || ${id}))`;
  const offers = sql`(select '[' || string_agg(o.head || ', "carrier" : ' || coalesce(${party('carrier', sql`o.carrier_id`)}, 'null') || '}',
      ',' order by o.id) || ']'
    from ticket_offer_views o
    where o.ticket_id = "page"."id" and (${ownCarrier} is null or o.carrier_id = ${ownCarrier}))`;
  // One ticket's view from a row of ticket_view_parts or of ticket_view_parts_live (aliased x).
  const viewOf = (parts: SQL, where: SQL) => sql`(select '{' || x.head
      || ',"supplier":' || coalesce(${party('supplier', sql`x.supplier_id`)}, 'null')
      || ',"carrier":' || coalesce(case when ${ownCarrier} is null or x.carrier_id = ${ownCarrier}
        then ${party('carrier', sql`x.carrier_id`)} end, 'null')
      || ',"ticketAssignments":' || coalesce(${offers}, '[]')
      || ',"origin":' || coalesce(${party('depot', sql`x.origin_depot_id`)}, 'null')
      || ',"destination":' || coalesce(${party('destination', sql`x.destination_id`)}, 'null')
      || ',' || x.tail || '}'
    from ${parts} x where x.ticket_id = "page"."id" and ${where})`;
  // Each page row's view is a subquery of its own: PostgreSQL then reads the page's tickets one by one by
  // key, whatever number of rows a plan made once guesses the page to hold (as a join it chose to read
  // every stored view for 20 rows). A ticket whose stored parts are missing or of another version (a
  // change of their definition not yet written back by the refresh-ticket-views job) has them computed
  // from its rows: the second subquery runs only when the first finds nothing.
  const view = sql`coalesce(${viewOf(sql`ticket_view_parts`, sql`x.version = ticket_view_version()`)},
    ${viewOf(sql`ticket_view_parts_live`, sql`true`)})`;
  const direction = sql.raw(order === 'ASC' ? 'asc' : 'desc');
  return db
    .with(pageIds, parties)
    .select({
      views: sql<string>`coalesce('[' || string_agg(${view}, ',' order by "page"."id" ${direction}) || ']', '[]')`,
    })
    .from(pageIds);
}

/** The views of a viewsQuery answer, for callers that need them as objects. */
export function parseViews(rows: readonly { views: string }[]): TicketView[] {
  return rows[0] ? (JSON.parse(rows[0].views) as TicketView[]) : [];
}
