/**
 * Ticket rows: the locked read every transition decides on, and the conditional updates that make racing
 * requests lose with 409 (of two writers, exactly one sees its row come back).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AssignmentStatus, TicketStatus } from '../../shared/domain/ticket-status';
import type { TicketFacts } from '../../shared/domain/ticket-transitions';
import { queryRows, type Tx } from '../db/database';
import { carriers, depots, suppliers } from '../db/schema/parties';
import { ticketAssignments, tickets } from '../db/schema/tickets';
import { moveOffer, offerMove } from './assignments';

/**
 * The facts a ticket write is decided on, read under the ticket's row lock: `decide()`'s facts plus what
 * the writers and their notifications need.
 */
export interface LockedTicket extends TicketFacts {
  id: number;
  status: TicketStatus;
  supplierId: number;
  supplierName: string;
  carrierId: number | null;
  carrierName: string | null;
  carrierMode: 'TRUCK' | 'RAILCAR' | null;
  originDepotId: number;
  destinationId: number | null;
  createdAt: Date;
  /** The open offer (PENDING: waiting for the carrier; CONFIRMED: the carrier carries it). */
  openOffer: { id: number; status: AssignmentStatus; carrierId: number } | null;
  assignmentStatus: AssignmentStatus | null;
  customsAgentIds: number[];
}

/**
 * Reads a live ticket and locks its row until the transaction ends: concurrent transitions of the same
 * ticket queue here and each decides on the status the previous one left. `skipLocked` (the sweep)
 * passes over a ticket another process is working on. Soft-deleted tickets do not exist any more.
 */
export async function lockTicket(tx: Tx, id: number, skipLocked = false): Promise<LockedTicket | undefined> {
  type Row = Omit<LockedTicket, 'openOffer' | 'assignmentStatus' | 'createdAt' | 'customsAgentIds'> & {
    createdAt: Date | string;
    customsAgentIds: number[] | null;
  };
  const [row] = await queryRows<Row>(
    tx,
    sql`select t.id, t.status, t.supplier_id as "supplierId", s.business_name as "supplierName",
      t.carrier_id as "carrierId", c.business_name as "carrierName", c.mode as "carrierMode",
      t.origin_depot_id as "originDepotId", t.destination_id as "destinationId", t.created_at as "createdAt",
      (select array_agg(bc.customs_agent_id) from provider_invoices pi join border_crossings bc on bc.id = pi.border_crossing_id
        where pi.ticket_id = t.id and bc.customs_agent_id is not null) as "customsAgentIds"
    from tickets t join suppliers s on s.id = t.supplier_id left join carriers c on c.id = t.carrier_id
    where t.id = ${id} and t.deleted_at is null
    for update of t${skipLocked ? sql` skip locked` : sql``}`,
  );
  if (!row) return undefined;
  const [offer] = await tx
    .select({ id: ticketAssignments.id, status: ticketAssignments.status, carrierId: ticketAssignments.carrierId })
    .from(ticketAssignments)
    .where(and(eq(ticketAssignments.ticketId, id), inArray(ticketAssignments.status, ['PENDING', 'CONFIRMED'])))
    .orderBy(sql`${ticketAssignments.id} desc`)
    .limit(1);
  const openOffer = offer
    ? { id: offer.id, status: offer.status as AssignmentStatus, carrierId: offer.carrierId }
    : null;
  return {
    ...row,
    id: Number(row.id),
    supplierId: Number(row.supplierId),
    carrierId: row.carrierId === null ? null : Number(row.carrierId),
    originDepotId: Number(row.originDepotId),
    destinationId: row.destinationId === null ? null : Number(row.destinationId),
    createdAt: new Date(row.createdAt),
    openOffer,
    assignmentStatus: openOffer?.status ?? null,
    customsAgentIds: (row.customsAgentIds ?? []).map(Number),
  };
}

/** The supplier owning a yard, or undefined when there is no such yard. */
export async function depotOwner(tx: Tx, depotId: number): Promise<number | null | undefined> {
  const [row] = await tx.select({ supplierId: depots.supplierId }).from(depots).where(eq(depots.id, depotId));
  return row ? row.supplierId : undefined;
}

export async function insertTickets(
  tx: Tx,
  input: { supplierId: number; originDepotId: number; comments: string | null; createdBy: number },
  count: number,
): Promise<number[]> {
  const rows = await tx
    .insert(tickets)
    .values(Array.from({ length: count }, () => ({ ...input, status: 'PENDING' })))
    .returning({ id: tickets.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Moves a ticket from `from` to `to` only if it still is in `from`: of racing writers exactly one sees
 * a row come back. `set` carries the other columns the transition changes.
 */
export async function moveTicket(
  tx: Tx,
  id: number,
  from: TicketStatus,
  to: TicketStatus,
  set: Partial<typeof tickets.$inferInsert> = {},
  now = new Date(),
): Promise<boolean> {
  const rows = await tx
    .update(tickets)
    .set({ ...set, status: to, updatedAt: now })
    .where(and(eq(tickets.id, id), eq(tickets.status, from), isNull(tickets.deletedAt)))
    .returning({ id: tickets.id });
  return rows.length === 1;
}

/**
 * Moves an offer and its ticket together, each only if it still is where the caller found it (the offer
 * in `offer.from`, the ticket in `from`), in one statement: the ticket moves only when the offer did.
 * True when both moved; on false the caller's transaction must roll back (it lost a race).
 */
export async function moveOfferAndTicket(
  tx: Tx,
  offer: { id: number; from: AssignmentStatus; to: AssignmentStatus; reason: string | null },
  id: number,
  from: TicketStatus,
  to: TicketStatus,
  set: Partial<typeof tickets.$inferInsert>,
  now: Date,
): Promise<boolean> {
  const moved = tx
    .$with('moved_offer', { id: sql<number>`id` })
    .as(offerMove(tx, offer.id, offer.from, offer.to, offer.reason, now).getSQL());
  const rows = await tx
    .with(moved)
    .update(tickets)
    .set({ ...set, status: to, updatedAt: now })
    .where(
      and(
        eq(tickets.id, id),
        eq(tickets.status, from),
        isNull(tickets.deletedAt),
        sql`exists (select 1 from ${moved})`,
      ),
    )
    .returning({ id: tickets.id });
  return rows.length === 1;
}

/** Soft delete (kept for audit), only if the ticket is still in `from`. */
export async function softDeleteTicket(
  tx: Tx,
  id: number,
  from: TicketStatus,
  reason: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(tickets)
    .set({ deletedAt: now, deleteReason: reason, updatedAt: now })
    .where(and(eq(tickets.id, id), eq(tickets.status, from), isNull(tickets.deletedAt)))
    .returning({ id: tickets.id });
  return rows.length === 1;
}

/** Closes the open offer (REJECTED, `reason`) and soft-deletes the ticket; shared with the sweep. */
export async function removeTicket(tx: Tx, ticket: LockedTicket, reason: string, now: Date): Promise<boolean> {
  const offer = ticket.openOffer;
  if (offer && !(await moveOffer(tx, offer.id, offer.status, 'REJECTED', reason, now))) return false;
  return softDeleteTicket(tx, ticket.id, ticket.status, reason, now);
}

export async function setCustomsRead(tx: Tx, id: number, value: boolean, now: Date): Promise<void> {
  await tx.update(tickets).set({ customsRead: value, updatedAt: now }).where(eq(tickets.id, id));
}

/** Names for the notification payloads. */
export async function ticketNames(tx: Tx, id: number): Promise<{ supplierName: string; carrierName: string | null }> {
  const [row] = await tx
    .select({ supplierName: suppliers.businessName, carrierName: carriers.businessName })
    .from(tickets)
    .innerJoin(suppliers, eq(suppliers.id, tickets.supplierId))
    .leftJoin(carriers, eq(carriers.id, tickets.carrierId))
    .where(eq(tickets.id, id));
  return { supplierName: row?.supplierName ?? '', carrierName: row?.carrierName ?? null };
}

/**
 * Gives back the purchase-order tonnes a ticket's documentation reserved (cancel
 * adjusts `availableQuantity`).
 */
export async function releaseReservedTonnes(tx: Tx, ticketId: number): Promise<void> {
  await tx.execute(sql`update purchase_orders po set available_quantity = po.available_quantity + sd.reserved_tonnes
    from shipping_documents sd where sd.ticket_id = ${ticketId} and sd.purchase_order_id = po.id and sd.reserved_tonnes > 0`);
  await tx.execute(sql`update shipping_documents set reserved_tonnes = 0 where ticket_id = ${ticketId}`);
}

/** PENDING and CONFIRMED tickets created before `cutoff`. */
export async function staleTicketIds(tx: Tx, cutoff: Date, limit = 500): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from tickets where status in ('PENDING', 'CONFIRMED') and deleted_at is null
        and created_at < ${cutoff.toISOString()} order by id limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
}

/** The live PENDING and CONFIRMED tickets of a yard, as the delete rule reads them. */
export async function openTicketsOfYard(
  tx: Tx,
  depotId: number,
): Promise<{ id: number; status: TicketStatus; originDepotId: number }[]> {
  const rows = await tx
    .select({ id: tickets.id, status: tickets.status, originDepotId: tickets.originDepotId })
    .from(tickets)
    .where(
      and(
        eq(tickets.originDepotId, depotId),
        isNull(tickets.deletedAt),
        inArray(tickets.status, ['PENDING', 'CONFIRMED']),
      ),
    );
  return rows.map((row) => ({ ...row, status: row.status as TicketStatus }));
}
