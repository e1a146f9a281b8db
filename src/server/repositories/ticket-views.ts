/**
 * Ticket views (TicketView) in one statement: the page of ticket ids is a subquery, and each ticket comes
 * with its supplier, carrier, origin yard and destination (one row each, by key), documentation summary
 * and provider invoice (joined: at most one of each) and its offers (one JSON array per ticket). A list page is then this one
 * statement beside its count, instead of a page query and four hydration queries.
 */
import { asc, desc, eq, sql, type Placeholder, type Subquery } from 'drizzle-orm';
import type { AssignmentStatus, TicketStatus } from '../../shared/domain/ticket-status';
import type { CarrierMode } from '../../shared/domain/roles';
import type { TicketView } from '../../shared/schemas/ticket-view';
import type { Tx } from '../db/database';
import { providerInvoices, shippingDocuments } from '../db/schema/documents';
import { carriers, depots, destinations, suppliers } from '../db/schema/parties';
import { tickets } from '../db/schema/tickets';

/** Who reads the offers: a carrier sees only its own, the other roles the whole history. */
export interface OfferReader {
  /** The carrier whose offers alone are shown, or null for every offer. */
  ownOffersOf: number | null;
}

interface OfferJson {
  id: number;
  status: AssignmentStatus;
  reason: string | null;
  manual: boolean;
  createdAt: string;
  carrierId: number;
  carrierName: string;
  carrierMode: CarrierMode;
}

/** A JSON column: parsed by the driver, or its text where a driver leaves it as text. */
type Json<T> = T | string;
const parsed = <T>(value: Json<T>): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

interface CarrierJson {
  id: number;
  businessName: string;
  mode: CarrierMode;
}

interface OriginJson {
  id: number;
  name: string;
  address: string;
  city: string;
  latitude: number;
  longitude: number;
  borderCrossingId: number | null;
}

/**
 * The views of the tickets `page` selects (a subquery aliased 'page' with an `id` column), newest first
 * or oldest first. `own` is the carrier whose offers alone are shown (a value or a placeholder; null for
 * all).
 */
export function viewsQuery(
  db: Tx,
  page: Subquery<'page'>,
  own: Placeholder | number | null,
  order: 'ASC' | 'DESC' = 'DESC',
) {
  const pageId = sql`"page"."id"`;
  const ownCarrier = own === null ? sql`null::int` : sql`${own}::int`;
  return db
    .select({
      id: tickets.id,
      createdAt: tickets.createdAt,
      status: tickets.status,
      supplierId: tickets.supplierId,
      carrierId: tickets.carrierId,
      withdrawalDate: tickets.withdrawalDate,
      withdrawalTimezone: tickets.withdrawalTimezone,
      comments: tickets.comments,
      customsRead: tickets.customsRead,
      // The parties are looked up one row each by primary key; as subqueries rather than joins they
      // leave the planner a join of four tables instead of eight (planning took longer than running).
      supplierName: sql<string>`(select s.business_name from ${suppliers} s where s.id = ${tickets.supplierId})`,
      carrier: sql<Json<CarrierJson | null>>`(select json_build_object('id', c.id, 'businessName', c.business_name,
          'mode', c.mode) from ${carriers} c where c.id = ${tickets.carrierId})`,
      origin: sql<Json<OriginJson>>`(select json_build_object('id', o.id, 'name', o.name, 'address', o.address,
          'city', o.city, 'latitude', o.latitude, 'longitude', o.longitude, 'borderCrossingId', o.border_crossing_id)
        from ${depots} o where o.id = ${tickets.originDepotId})`,
      destination: sql<Json<{ id: number; name: string } | null>>`(select json_build_object('id', d.id, 'name', d.name)
        from ${destinations} d where d.id = ${tickets.destinationId})`,
      doc: {
        id: shippingDocuments.id,
        mode: shippingDocuments.mode,
        invoiceNumber: shippingDocuments.invoiceNumber,
        carEquipment: shippingDocuments.carEquipment,
      },
      invoice: {
        id: providerInvoices.id,
        number: providerInvoices.number,
        date: providerInvoices.date,
        borderCrossingId: providerInvoices.borderCrossingId,
        paymentDate: providerInvoices.paymentDate,
        sapValidationStatus: providerInvoices.sapValidationStatus,
        rpaId: providerInvoices.rpaId,
      },
      offers: sql<Json<OfferJson[]>>`coalesce((select json_agg(json_build_object('id', a.id, 'status', a.status,
          'reason', a.reason, 'manual', a.manual, 'createdAt', a.created_at, 'carrierId', c.id,
          'carrierName', c.business_name, 'carrierMode', c.mode) order by a.id)
        from ticket_assignments a join carriers c on c.id = a.carrier_id
        where a.ticket_id = ${tickets.id} and (${ownCarrier} is null or a.carrier_id = ${ownCarrier})), '[]'::json)`,
    })
    .from(page)
    .innerJoin(tickets, sql`${tickets.id} = ${pageId}`)
    .leftJoin(shippingDocuments, eq(shippingDocuments.ticketId, tickets.id))
    .leftJoin(providerInvoices, eq(providerInvoices.ticketId, tickets.id))
    .orderBy(order === 'ASC' ? asc(tickets.id) : desc(tickets.id));
}

export type ViewRow = Awaited<ReturnType<typeof viewsQuery>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The API's view of one row; a carrier reading a ticket it was offered before does not learn who carries it now. */
export function toView(r: ViewRow, reader: OfferReader): TicketView {
  const offers = parsed<OfferJson[]>(r.offers);
  const carrier = parsed(r.carrier);
  const origin = parsed(r.origin);
  const summary = r.doc ? { id: r.doc.id, invoiceNumber: r.doc.invoiceNumber, carEquipment: r.doc.carEquipment } : null;
  const carrierHidden = reader.ownOffersOf !== null && r.carrierId !== reader.ownOffersOf;
  return {
    id: r.id,
    createAt: r.createdAt.toISOString(),
    status: { name: r.status as TicketStatus },
    supplier: { id: r.supplierId, businessName: r.supplierName },
    carrier:
      carrier && !carrierHidden ? { id: carrier.id, businessName: carrier.businessName, mode: carrier.mode } : null,
    ticketAssignments: offers.map((o) => ({
      id: o.id,
      status: { name: o.status },
      carrier: { id: o.carrierId, businessName: o.carrierName, mode: o.carrierMode },
      reason: o.reason,
      manual: o.manual,
      createdAt: new Date(o.createdAt).toISOString(),
    })),
    origin: {
      id: origin.id,
      name: origin.name,
      address: origin.address,
      city: origin.city,
      location: { type: 'Point', coordinates: [origin.longitude, origin.latitude] },
      borderCrossingId: origin.borderCrossingId,
    },
    destination: parsed(r.destination),
    withdrawalDate: iso(r.withdrawalDate),
    timezone: r.withdrawalTimezone,
    comments: r.comments,
    invoice: r.invoice
      ? {
          id: r.invoice.id,
          number: r.invoice.number,
          date: r.invoice.date,
          borderCrossingId: r.invoice.borderCrossingId,
          paymentDate: r.invoice.paymentDate,
          sapValidationStatus: r.invoice.sapValidationStatus,
        }
      : null,
    truckDocumentation: r.doc?.mode === 'TRUCK' ? summary : null,
    railcarDocumentation: r.doc?.mode === 'RAILCAR' ? summary : null,
    customsRead: r.customsRead,
    rpa: r.invoice?.rpaId ? { id: r.invoice.rpaId } : null,
  };
}
