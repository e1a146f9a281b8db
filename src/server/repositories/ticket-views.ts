/**
 * Ticket views (TicketView) written by the database, in one statement: the page of ticket ids is a
 * subquery, and the statement answers one text, the JSON array of the page's views in order, each with
 * its supplier, carrier, origin yard and destination (one row each, by key), documentation summary and
 * provider invoice (at most one of each) and its offers.
 *
 * The server passes that text on as it is (a list answer is `{"tickets":<it>,"count":n}`): a page of 50
 * views read as rows cost the server about 1 ms of CPU to parse, map to objects and serialise again,
 * more than the rest of the request. Callers that need objects parse it (`parseViews`).
 *
 * The text must read exactly as TicketView: times in UTC with milliseconds (`2026-11-24T03:33:00.123Z`,
 * what Date.toISOString writes, the microseconds cut as the driver cuts them), dates as `YYYY-MM-DD`.
 */
import { sql, type Placeholder, type SQL, type Subquery } from 'drizzle-orm';
import type { TicketView } from '../../shared/schemas/ticket-view';
import type { Tx } from '../db/database';

/** Who reads the offers: a carrier sees only its own, the other roles the whole history. */
export interface OfferReader {
  /** The carrier whose offers alone are shown, or null for every offer. */
  ownOffersOf: number | null;
}

/** A timestamp as Date.toISOString writes it, whatever the session's time zone; null stays null. */
const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

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
  // The parties are looked up one row each by primary key; as subqueries rather than joins they leave
  // the planner a join of four tables instead of eight (planning took longer than running). An offer's
  // carrier is looked up the same way: a join there was planned as a hash of every carrier per ticket.
  const view = sql`json_build_object(
    'id', t.id,
    'createAt', ${isoTime(sql`t.created_at`)},
    'status', json_build_object('name', t.status),
    'supplier', json_build_object('id', t.supplier_id,
      'businessName', (select s.business_name from suppliers s where s.id = t.supplier_id)),
    'carrier', case when ${ownCarrier} is null or t.carrier_id = ${ownCarrier} then
      (select json_build_object('id', c.id, 'businessName', c.business_name, 'mode', c.mode)
        from carriers c where c.id = t.carrier_id) end,
    'ticketAssignments', coalesce((select json_agg(json_build_object(
        'id', a.id,
        'status', json_build_object('name', a.status),
        'carrier', (select json_build_object('id', c.id, 'businessName', c.business_name, 'mode', c.mode)
          from carriers c where c.id = a.carrier_id),
        'reason', a.reason,
        'manual', a.manual,
        'createdAt', ${isoTime(sql`a.created_at`)}) order by a.id)
      from ticket_assignments a
      where a.ticket_id = t.id and (${ownCarrier} is null or a.carrier_id = ${ownCarrier})), '[]'::json),
    'origin', (select json_build_object('id', o.id, 'name', o.name, 'address', o.address, 'city', o.city,
        'location', json_build_object('type', 'Point', 'coordinates', json_build_array(o.longitude, o.latitude)),
        'borderCrossingId', o.border_crossing_id)
      from depots o where o.id = t.origin_depot_id),
    'destination', (select json_build_object('id', d.id, 'name', d.name) from destinations d where d.id = t.destination_id),
    'withdrawalDate', ${isoTime(sql`t.withdrawal_date`)},
    'timezone', t.withdrawal_timezone,
    'comments', t.comments,
    'invoice', case when pi.id is not null then json_build_object('id', pi.id, 'number', pi.number, 'date', pi.date,
      'borderCrossingId', pi.border_crossing_id, 'paymentDate', pi.payment_date,
      'sapValidationStatus', pi.sap_validation_status) end,
    'truckDocumentation', case when sd.mode = 'TRUCK' then
      json_build_object('id', sd.id, 'invoiceNumber', sd.invoice_number, 'carEquipment', sd.car_equipment) end,
    'railcarDocumentation', case when sd.mode = 'RAILCAR' then
      json_build_object('id', sd.id, 'invoiceNumber', sd.invoice_number, 'carEquipment', sd.car_equipment) end,
    'customsRead', t.customs_read,
    'rpa', case when pi.rpa_id is not null then json_build_object('id', pi.rpa_id) end)`;
  // Each page row's view is a subquery of its own: PostgreSQL then reads the page's tickets one by one by
  // key, whatever number of rows it guesses the page to hold (a plan made once takes a LIMIT parameter
  // for a tenth of the table, and as a join it chose to hash the whole table for 20 rows).
  const oneView = sql`(select ${view} from tickets t
    left join shipping_documents sd on sd.ticket_id = t.id
    left join provider_invoices pi on pi.ticket_id = t.id
    where t.id = "page"."id")`;
  const direction = sql.raw(order === 'ASC' ? 'asc' : 'desc');
  return db
    .select({ views: sql<string>`coalesce(json_agg(${oneView} order by "page"."id" ${direction}), '[]'::json)::text` })
    .from(page);
}

/** The views of a viewsQuery answer, for callers that need them as objects. */
export function parseViews(rows: readonly { views: string }[]): TicketView[] {
  return rows[0] ? (JSON.parse(rows[0].views) as TicketView[]) : [];
}
