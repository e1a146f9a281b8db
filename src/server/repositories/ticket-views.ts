/**
 * Ticket views (TicketView) as the database keeps them: each ticket's view is stored as JSON text in
 * parts (ticket_view_parts, written by triggers in the same transaction as any write to a row the view
 * shows; migration 0009 defines them), and a page is one statement that joins its tickets' parts into
 * one text, the JSON array of the page's views in order.
 *
 * The server passes that text on as it is (a list answer is `{"tickets":<it>,"count":n}`): a page of 50
 * views read as rows cost the server about 1 ms of CPU to parse, map to objects and serialise again,
 * more than the rest of the request. Callers that need objects parse it (`parseViews`).
 *
 * The text reads exactly as TicketView: times in UTC with milliseconds (`2026-11-24T03:33:00.123Z`,
 * what Date.toISOString writes, the microseconds cut as the driver cuts them), dates as `YYYY-MM-DD`.
 */
import { sql, type Placeholder, type Subquery } from 'drizzle-orm';
import type { TicketView } from '../../shared/schemas/ticket-view';
import type { Tx } from '../db/database';

/** Who reads the offers: a carrier sees only its own, the other roles the whole history. */
export interface OfferReader {
  /** The carrier whose offers alone are shown, or null for every offer. */
  ownOffersOf: number | null;
}

/**
 * The views of the tickets `page` selects (a subquery aliased 'page' with an `id` column) as one JSON
 * text, newest first or oldest first. `own` is the carrier whose offers alone are shown (a value or a
 * placeholder; null for all); such a carrier reading a ticket it was offered before does not learn who
 * carries it now.
 */
export function viewsQuery(
  db: Tx,
  page: Subquery<'page'>,
  own: Placeholder | number | null,
  order: 'ASC' | 'DESC' = 'DESC',
) {
  const ownCarrier = own === null ? sql`null::int` : sql`${own}::int`;
  // Everyone else reads the stored parts as they are. A carrier reads the ticket's carrier only where it
  // is that carrier, and the offers as stored where they are all its own (or there are none); otherwise
  // its own are picked out of the stored array by the offers' carriers, kept beside it in the same order.
  const view = sql`'{' || p.head
    || ',"carrier":' || coalesce(case when ${ownCarrier} is null or p.carrier_id = ${ownCarrier} then p.carrier end, 'null')
    || ',"ticketAssignments":' || case when ${ownCarrier} is null or p.offer_carriers <@ array[${ownCarrier}] then p.offers else
      coalesce((select json_agg(o.offer order by o.n) from json_array_elements(p.offers::json) with ordinality o(offer, n)
        where p.offer_carriers[o.n] = ${ownCarrier})::text, '[]') end
    || ',' || p.tail || '}'`;
  // Each page row's view is a subquery of its own: PostgreSQL then reads the page's tickets one by one by
  // key, whatever number of rows it guesses the page to hold (a plan made once takes a LIMIT parameter
  // for a tenth of the table, and as a join it chose to hash the whole table for 20 rows).
  const oneView = sql`(select ${view} from ticket_view_parts p where p.ticket_id = "page"."id")`;
  const direction = sql.raw(order === 'ASC' ? 'asc' : 'desc');
  return db
    .select({
      views: sql<string>`coalesce('[' || string_agg(${oneView}, ',' order by "page"."id" ${direction}) || ']', '[]')`,
    })
    .from(page);
}

/** The views of a viewsQuery answer, for callers that need them as objects. */
export function parseViews(rows: readonly { views: string }[]): TicketView[] {
  return rows[0] ? (JSON.parse(rows[0].views) as TicketView[]) : [];
}
