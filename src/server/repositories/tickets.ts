/**
 * Ticket reads: the list of GET /tickets with every filter, one ticket, and the counts.
 * Every query is scoped to the caller in SQL by `viewScope`, so a ticket outside
 * the caller's view is never listed, counted or read. A page is built in a fixed number of queries: the
 * page of ids, the count, then the tickets, their offers, their documentation and their invoices, one
 * query each.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Role } from '../../shared/domain/roles';
import { TICKET_STATUSES, type AssignmentStatus, type TicketStatus } from '../../shared/domain/ticket-status';
import { CUSTOMS_VISIBLE_STATUSES } from '../../shared/domain/ticket-transitions';
import type { CarrierRef, TicketView } from '../../shared/schemas/ticket-view';
import { queryRows, type Tx } from '../db/database';
import { providerInvoices, shippingDocuments } from '../db/schema/documents';
import { carriers, depots, destinations, suppliers } from '../db/schema/parties';
import { ticketAssignments, ticketCarrierViews, tickets } from '../db/schema/tickets';

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
 * The tickets the viewer may see, as a condition on `tickets`. A user holding several roles sees the
 * union. `carrierAll` widens a carrier's view to tickets it was offered before (its /all page).
 */
export function viewScope(viewer: Viewer, carrierAll = false): SQL {
  if (isAdmin(viewer)) return sql`true`;
  const parts: SQL[] = [];
  if (viewer.roles.includes('SUPPLIER') && viewer.supplierId != null) {
    parts.push(sql`${tickets.supplierId} = ${viewer.supplierId}`);
  }
  if (viewer.roles.includes('CARRIER') && viewer.carrierId != null) {
    // ticket_carrier_views holds, per carrier, the tickets it holds an open offer for or carries
    // (`open`) and those it was offered before: a primary-key probe instead of reading offers.
    parts.push(sql`exists (select 1 from ${ticketCarrierViews} v
      where v.carrier_id = ${viewer.carrierId} and v.ticket_id = ${tickets.id}${carrierAll ? sql`` : sql` and v.open`})`);
  }
  if (viewer.roles.includes('CUSTOMS') && viewer.customsAgentId != null) {
    parts.push(sql`(${inArray(tickets.status, [...CUSTOMS_VISIBLE_STATUSES])} and exists (
      select 1 from provider_invoices pi join border_crossings bc on bc.id = pi.border_crossing_id
      where pi.ticket_id = ${tickets.id} and bc.customs_agent_id = ${viewer.customsAgentId}))`);
  }
  if (parts.length === 0) return sql`false`;
  return sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * The one scope whose counts are maintained (ticket_counts) when the viewer has exactly one: everything
 * for an admin, the supplier's tickets, the carrier's open view. A user holding several roles sees a
 * union whose size no maintained count gives, and customs see tickets by invoice crossing: those count.
 */
type CountScope = { kind: 'all' | 'supplier' | 'carrier'; id: number };
function countScope(viewer: Viewer): CountScope | null {
  if (isAdmin(viewer)) return { kind: 'all', id: 0 };
  const scopes: (CountScope | null)[] = [];
  if (viewer.roles.includes('SUPPLIER') && viewer.supplierId != null)
    scopes.push({ kind: 'supplier', id: viewer.supplierId });
  if (viewer.roles.includes('CARRIER') && viewer.carrierId != null)
    scopes.push({ kind: 'carrier', id: viewer.carrierId });
  if (viewer.roles.includes('CUSTOMS') && viewer.customsAgentId != null) scopes.push(null);
  return scopes.length === 1 ? scopes[0]! : null;
}

/** Rows of one scope beyond which they are folded into one per status. */
const FOLD_AT = 64;

/**
 * Live tickets per status in one scope, from the maintained counts. Triggers add +1/-1 rows; once a
 * scope has piled up more than FOLD_AT of them they are folded into one row per status in one statement
 * (rows added meanwhile by other transactions are not in its snapshot and stay as they are).
 */
async function maintainedCounts(db: Tx, scope: CountScope): Promise<Map<TicketStatus, number>> {
  const rows = await queryRows<{ status: TicketStatus; n: number; rows: number }>(
    db,
    sql`select status, sum(n)::int as n, count(*)::int as rows from ticket_counts
      where scope = ${scope.kind} and party_id = ${scope.id} group by status`,
  );
  if (rows.reduce((sum, r) => sum + Number(r.rows), 0) > FOLD_AT) {
    await db.execute(sql`with folded as (
        delete from ticket_counts where scope = ${scope.kind} and party_id = ${scope.id} returning status, n)
      insert into ticket_counts (scope, party_id, status, n)
      select ${scope.kind}, ${scope.id}, status, sum(n) from folded group by status`);
  }
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** A list filtered by status alone: its total is a sum of maintained counts. */
const onlyStatusFilter = (f: TicketListFilter) =>
  f.ticketId === undefined &&
  !f.invoiceNumber &&
  !f.taInvoiceNumber &&
  !f.equipment &&
  !f.carrierIds?.length &&
  !f.carrierModes?.length &&
  !f.supplierIds?.length &&
  !f.destinationIds?.length &&
  !f.borderCrossingIds?.length &&
  !f.beforeDate &&
  !f.unassigned &&
  !f.all;

/** `%text%` for ILIKE with the user's own % and _ taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
  return where;
}

export async function listTickets(
  db: Tx,
  viewer: Viewer,
  f: TicketListFilter,
): Promise<{ tickets: TicketView[]; count: number }> {
  const scope = countScope(viewer);
  const where = and(isNull(tickets.deletedAt), viewScope(viewer, f.all === true), ...filterConditions(f));
  const offset = (f.page - 1) * f.limit;
  // A carrier's page is walked from its own index (ticket_carrier_views), newest first, and stops at
  // the page; the others walk tickets by id, a supplier's through (supplier_id, id).
  const pageQuery =
    scope?.kind === 'carrier'
      ? db
          .select({ id: ticketCarrierViews.ticketId })
          .from(ticketCarrierViews)
          .innerJoin(tickets, eq(tickets.id, ticketCarrierViews.ticketId))
          .where(
            and(
              eq(ticketCarrierViews.carrierId, scope.id),
              f.all === true ? undefined : eq(ticketCarrierViews.open, true),
              f.statuses.length > 0 ? inArray(ticketCarrierViews.status, [...f.statuses]) : sql`false`,
              isNull(tickets.deletedAt),
              ...filterConditions(f),
            ),
          )
          .orderBy(f.orderBy === 'ASC' ? asc(ticketCarrierViews.ticketId) : desc(ticketCarrierViews.ticketId))
          .limit(f.limit)
          .offset(offset)
      : db
          .select({ id: tickets.id })
          .from(tickets)
          .where(where)
          .orderBy(f.orderBy === 'ASC' ? asc(tickets.id) : desc(tickets.id))
          .limit(f.limit)
          .offset(offset);
  // The pager's total: maintained counts when only statuses filter the viewer's one scope, else counted.
  const countQuery =
    scope && onlyStatusFilter(f)
      ? maintainedCounts(db, scope).then((counts) => f.statuses.reduce((sum, s) => sum + (counts.get(s) ?? 0), 0))
      : db
          .select({ n: sql<number>`count(*)::int` })
          .from(tickets)
          .where(where)
          .then((rows) => Number(rows[0]?.n ?? 0));
  const [page, count] = await Promise.all([pageQuery, countQuery]);
  const views = await hydrate(
    db,
    viewer,
    page.map((r) => r.id),
  );
  return { tickets: views, count };
}

/** One ticket within the caller's view (a carrier also reads tickets it was offered before). */
export async function findTicket(db: Tx, viewer: Viewer, id: number): Promise<TicketView | undefined> {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, id), isNull(tickets.deletedAt), viewScope(viewer, true)));
  if (!row) return undefined;
  return (await hydrate(db, viewer, [row.id]))[0];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Builds the views of `ids` in their order: four queries whatever the page size. */
export async function hydrate(db: Tx, viewer: Viewer, ids: readonly number[]): Promise<TicketView[]> {
  if (ids.length === 0) return [];
  const ticketCarrier = alias(carriers, 'ticket_carrier');
  const origin = alias(depots, 'origin');
  const [rows, offers, docs, invoices] = await Promise.all([
    db
      .select({
        t: tickets,
        supplierName: suppliers.businessName,
        carrier: { id: ticketCarrier.id, businessName: ticketCarrier.businessName, mode: ticketCarrier.mode },
        origin,
        destination: { id: destinations.id, name: destinations.name },
      })
      .from(tickets)
      .innerJoin(suppliers, eq(suppliers.id, tickets.supplierId))
      .innerJoin(origin, eq(origin.id, tickets.originDepotId))
      .leftJoin(ticketCarrier, eq(ticketCarrier.id, tickets.carrierId))
      .leftJoin(destinations, eq(destinations.id, tickets.destinationId))
      .where(inArray(tickets.id, [...ids])),
    db
      .select({
        a: ticketAssignments,
        carrier: { id: carriers.id, businessName: carriers.businessName, mode: carriers.mode },
      })
      .from(ticketAssignments)
      .innerJoin(carriers, eq(carriers.id, ticketAssignments.carrierId))
      .where(
        and(
          inArray(ticketAssignments.ticketId, [...ids]),
          seesOnlyOwnOffers(viewer) ? eq(ticketAssignments.carrierId, viewer.carrierId ?? -1) : undefined,
        ),
      )
      .orderBy(asc(ticketAssignments.id)),
    db
      .select({
        id: shippingDocuments.id,
        ticketId: shippingDocuments.ticketId,
        mode: shippingDocuments.mode,
        invoiceNumber: shippingDocuments.invoiceNumber,
        carEquipment: shippingDocuments.carEquipment,
      })
      .from(shippingDocuments)
      .where(inArray(shippingDocuments.ticketId, [...ids])),
    db
      .select()
      .from(providerInvoices)
      .where(inArray(providerInvoices.ticketId, [...ids])),
  ]);

  // Indexed by ticket: a bulk page (30000) must not scan the lists once per ticket.
  const byTicket = new Map(rows.map((r) => [r.t.id, r]));
  const docByTicket = new Map(docs.map((d) => [d.ticketId, d]));
  const invoiceByTicket = new Map(invoices.map((i) => [i.ticketId, i]));
  const offersByTicket = new Map<number, typeof offers>();
  for (const o of offers) {
    const list = offersByTicket.get(o.a.ticketId);
    if (list) list.push(o);
    else offersByTicket.set(o.a.ticketId, [o]);
  }
  const views: TicketView[] = [];
  for (const id of ids) {
    const r = byTicket.get(id);
    if (!r) continue;
    const doc = docByTicket.get(id);
    const summary = doc ? { id: doc.id, invoiceNumber: doc.invoiceNumber, carEquipment: doc.carEquipment } : null;
    const invoice = invoiceByTicket.get(id);
    // A carrier reading a ticket it was offered before does not learn who carries it now.
    const carrierHidden = seesOnlyOwnOffers(viewer) && r.t.carrierId !== viewer.carrierId;
    views.push({
      id,
      createAt: r.t.createdAt.toISOString(),
      status: { name: r.t.status as TicketStatus },
      supplier: { id: r.t.supplierId, businessName: r.supplierName },
      carrier: r.carrier && !carrierHidden ? r.carrier : null,
      ticketAssignments: (offersByTicket.get(id) ?? []).map((o) => ({
        id: o.a.id,
        status: { name: o.a.status as AssignmentStatus },
        carrier: o.carrier,
        reason: o.a.reason,
        manual: o.a.manual,
        createdAt: o.a.createdAt.toISOString(),
      })),
      origin: {
        id: r.origin.id,
        name: r.origin.name,
        address: r.origin.address,
        city: r.origin.city,
        location: { type: 'Point', coordinates: [r.origin.longitude, r.origin.latitude] },
        borderCrossingId: r.origin.borderCrossingId,
      },
      destination: r.destination,
      withdrawalDate: iso(r.t.withdrawalDate),
      timezone: r.t.withdrawalTimezone,
      comments: r.t.comments,
      invoice: invoice
        ? {
            id: invoice.id,
            number: invoice.number,
            date: invoice.date,
            borderCrossingId: invoice.borderCrossingId,
            paymentDate: invoice.paymentDate,
            sapValidationStatus: invoice.sapValidationStatus,
          }
        : null,
      truckDocumentation: doc?.mode === 'TRUCK' ? summary : null,
      railcarDocumentation: doc?.mode === 'RAILCAR' ? summary : null,
      customsRead: r.t.customsRead,
      rpa: invoice?.rpaId ? { id: invoice.rpaId } : null,
    });
  }
  return views;
}

export interface StatusCount {
  status: TicketStatus;
  total: number;
  oldestCount: number;
}

/** Tickets per stored status within the caller's view; oldestCount: created more than 24 h before `now`. */
export async function countByStatus(db: Tx, viewer: Viewer, now = new Date()): Promise<StatusCount[]> {
  const dayAgo = new Date(now.getTime() - 24 * 3_600_000).toISOString();
  const scope = countScope(viewer);
  if (scope) {
    // Maintained totals; the day-old ones are the total less the tickets of the last 24 h, which the
    // creation-time index finds without reading older history.
    const [totals, recent] = await Promise.all([
      maintainedCounts(db, scope),
      db
        .select({ status: tickets.status, n: sql<number>`count(*)::int` })
        .from(tickets)
        .where(and(sql`${tickets.createdAt} >= ${dayAgo}`, isNull(tickets.deletedAt), viewScope(viewer)))
        .groupBy(tickets.status),
    ]);
    return TICKET_STATUSES.map((status) => {
      const total = totals.get(status) ?? 0;
      const young = Number(recent.find((r) => r.status === status)?.n ?? 0);
      return { status, total, oldestCount: total - young };
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

export interface CarrierServiceLevel extends CarrierRef {
  lastMonth: { total: number; confirmed: number };
  lastWeek: { total: number; confirmed: number };
}

/**
 * Offers made to each carrier in the last 30 and 7 days and how many of them stand confirmed (an offer
 * confirmed and later declined counts as not confirmed). Every carrier is listed, also without offers.
 */
export async function carrierServiceLevels(db: Tx, now = new Date()): Promise<CarrierServiceLevel[]> {
  const month = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const week = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const rows = await queryRows<{
    id: number;
    business_name: string;
    mode: 'TRUCK' | 'RAILCAR';
    month_total: number;
    month_confirmed: number;
    week_total: number;
    week_confirmed: number;
  }>(
    db,
    sql`select c.id, c.business_name, c.mode,
        count(a.id)::int as month_total,
        (count(a.id) filter (where a.status = 'CONFIRMED'))::int as month_confirmed,
        (count(a.id) filter (where a.created_at >= ${week}))::int as week_total,
        (count(a.id) filter (where a.created_at >= ${week} and a.status = 'CONFIRMED'))::int as week_confirmed
      from carriers c
      left join ticket_assignments a on a.carrier_id = c.id and a.created_at >= ${month} and a.created_at <= ${now.toISOString()}
      group by c.id, c.business_name, c.mode
      order by c.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    businessName: r.business_name,
    mode: r.mode,
    lastMonth: { total: Number(r.month_total), confirmed: Number(r.month_confirmed) },
    lastWeek: { total: Number(r.week_total), confirmed: Number(r.week_confirmed) },
  }));
}
