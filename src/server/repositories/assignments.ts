/**
 * Offers (ticket assignments): the conditional updates of an offer that make racing requests lose with
 * 409, and the allocation (candidates gathered in SQL, ranked by the pure function
 * of src/shared, the offer inserted here). The ticket rows themselves are written in ticket-writes.ts.
 *
 * Invariant: a ticket has at most one open offer, an assignment in PENDING (waiting for the carrier) or
 * CONFIRMED (the carrier carries it). Every path that opens an offer holds the ticket's row lock and
 * first closes the previous one, so two processes never offer one ticket twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import { pickCarrier, type CarrierCandidate } from '../../shared/domain/allocation';
import type { AssignmentStatus } from '../../shared/domain/ticket-status';
import { queryRows, type Tx } from '../db/database';
import { carriers } from '../db/schema/parties';
import { ticketAssignments, tickets } from '../db/schema/tickets';
import { levelBounds, serviceLevelsQuery } from './service-levels';
import { prepared } from '../db/prepared';
import { writeAudit } from './audit';

/** The update that answers or closes an offer only if it is still in `from`, answering its id. */
export function offerMove(
  tx: Tx,
  offerId: number,
  from: AssignmentStatus,
  to: AssignmentStatus,
  reason: string | null,
  now: Date,
) {
  return tx
    .update(ticketAssignments)
    .set({ status: to, respondedAt: now, ...(reason !== null ? { reason } : {}) })
    .where(and(eq(ticketAssignments.id, offerId), eq(ticketAssignments.status, from)))
    .returning({ id: ticketAssignments.id });
}

/** Answers or closes an offer only if it is still in `from`; true when this call changed it. */
export async function moveOffer(...move: Parameters<typeof offerMove>): Promise<boolean> {
  return (await offerMove(...move)).length === 1;
}

/**
 * Opens an offer of a ticket to a carrier and makes it the ticket's carrier, in one statement that also
 * answers the carrier's name (its notification names it). The read model's triggers of both rows run
 * when the statement ends and see both.
 */
export async function openOffer(
  tx: Tx,
  ticketId: number,
  carrierId: number,
  opts: { manual: boolean; reason?: string | null; now: Date; userId: number | null },
): Promise<{ id: number; businessName: string }> {
  const offer = tx
    .insert(ticketAssignments)
    .values({
      ticketId,
      carrierId,
      manual: opts.manual,
      reason: opts.reason ?? null,
      status: 'PENDING',
      createdAt: opts.now,
    })
    .returning({ id: ticketAssignments.id });
  const carried = tx.update(tickets).set({ carrierId, updatedAt: opts.now }).where(eq(tickets.id, ticketId));
  const [row] = await queryRows<{ id: number; business_name: string | null }>(
    tx,
    sql`with offer as (${offer.getSQL()}), carried as (${carried.getSQL()})
      select (select id from offer) as id,
        (select business_name from carriers where id = ${carrierId}::int) as business_name`,
  );
  const id = Number(row!.id);
  await writeAudit(tx, {
    userId: opts.userId,
    ticketId,
    action: opts.manual ? 'manual-offer' : 'offer',
    fromStatus: 'PENDING',
    toStatus: 'PENDING',
    reason: opts.reason ?? null,
    data: { carrierId, assignmentId: id },
    at: opts.now,
  });
  return { id, businessName: row!.business_name ?? '' };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Confirmed over offers made; null for a carrier offered nothing in the window. */
const serviceLevel = (total: number, confirmed: number) => (total > 0 ? confirmed / total : null);

/**
 * The candidates' statement, prepared once per connection: every carrier with its offers waiting, its
 * contracts, its 30-day figures and whether the ticket (the `ticket` placeholder) was offered to it. One
 * statement, where three (the carriers, the service level, the contracts) cost a request of a ticket two
 * more round trips to the database than the figures themselves.
 */
const candidatesStatement = (db: Tx) =>
  prepared(db, 'allocation_candidates', (db) =>
    db
      .select({
        id: sql<number>`c.id`,
        category: sql<number>`c.category`,
        enabled: sql<boolean>`c.enabled_for_algorithm`,
        mode: sql<'TRUCK' | 'RAILCAR'>`c.mode`,
        openOffers: sql<number>`(select count(*)::int from ticket_assignments a
          where a.carrier_id = c.id and a.status = 'PENDING')`,
        alreadyOffered: sql<boolean>`exists (select 1 from ticket_assignments a
          where a.carrier_id = c.id and a.ticket_id = ${sql.placeholder('ticket')}::int)`,
        contracts: sql<string>`coalesce((select json_agg(json_build_object('from', k."from", 'to', k."to"))::text
          from contracts k where k.carrier_id = c.id), '[]')`,
        monthTotal: sql<number>`coalesce(l.month_total, 0)`,
        monthConfirmed: sql<number>`coalesce(l.month_confirmed, 0)`,
      })
      .from(sql`carriers c left join (${serviceLevelsQuery()}) l on l.id = c.id`)
      .orderBy(sql`c.id`)
      .prepare('allocation_candidates'),
  );

/**
 * Every carrier as a candidate for `ticketId`, with the figures the ranking needs: contracts, offers
 * still waiting for an answer, the 30-day service level (confirmed over offers made) and whether this
 * ticket was offered to it before. Eligibility itself is the pure function's job.
 *
 * The service level is the one the service-level screen shows (service-levels.ts, from the maintained
 * per-day and per-hour offer counts): counting each carrier's offers of the month one by one made every
 * request, pass and decline cost more the more offers a month holds (1.7 ms of a request's 6.7 ms at
 * 100,000 tickets).
 */
export async function allocationCandidates(tx: Tx, ticketId: number, now: Date): Promise<CarrierCandidate[]> {
  const rows = await candidatesStatement(tx).execute({ ...levelBounds(now), ticket: ticketId });
  return rows.map((r) => ({
    id: Number(r.id),
    category: Number(r.category),
    enabledForAlgorithm: r.enabled,
    mode: r.mode,
    contracts: JSON.parse(r.contracts) as { from: string; to: string }[],
    openOffers: Number(r.openOffers),
    serviceLevel30d: serviceLevel(Number(r.monthTotal), Number(r.monthConfirmed)),
    alreadyOffered: r.alreadyOffered,
  }));
}

/**
 * Offers a locked ticket without an open offer to the top-ranked eligible carrier. The ticket has no
 * mode before a carrier is chosen, so carriers of both modes compete; the chosen carrier's mode then
 * decides whether truck or railcar documentation follows. No eligible carrier: the ticket stays PENDING
 * without a carrier (admins see it as unassigned; the sweep retries).
 */
export async function allocate(
  tx: Tx,
  ticketId: number,
  now: Date,
  userId: number | null,
): Promise<{ carrierId: number; businessName: string } | null> {
  const candidates = await allocationCandidates(tx, ticketId, now);
  const chosen = pickCarrier(candidates, isoDay(now));
  if (!chosen) {
    await tx.update(tickets).set({ carrierId: null, updatedAt: now }).where(eq(tickets.id, ticketId));
    return null;
  }
  const offer = await openOffer(tx, ticketId, chosen.id, { manual: false, now, userId });
  return { carrierId: chosen.id, businessName: offer.businessName };
}

/** A carrier that may be assigned by hand: it exists and has a contract active on `now`'s day. */
export async function carrierWithActiveContract(
  tx: Tx,
  carrierId: number,
  now: Date,
): Promise<'ok' | 'missing' | 'no-contract'> {
  const day = isoDay(now);
  const [carrier] = await tx
    .select({
      active: sql<boolean>`exists (select 1 from contracts k where k.carrier_id = ${carrierId}::int
        and k."from" <= ${day}::date and k."to" >= ${day}::date)`,
    })
    .from(carriers)
    .where(eq(carriers.id, carrierId));
  if (!carrier) return 'missing';
  return carrier.active ? 'ok' : 'no-contract';
}

// ---- the sweep's selections: plain reads, each item is then locked with SKIP LOCKED and re-checked ----

/** Offers waiting longer than the allocation frequency. */
export async function expiredOfferIds(
  tx: Tx,
  cutoff: Date,
  limit = 500,
): Promise<{ offerId: number; ticketId: number }[]> {
  const rows = await queryRows<{ id: number; ticket_id: number }>(
    tx,
    sql`select a.id, a.ticket_id from ticket_assignments a join tickets t on t.id = a.ticket_id
        where a.status = 'PENDING' and a.created_at < ${cutoff.toISOString()}
          and t.status = 'PENDING' and t.deleted_at is null
        order by a.id limit ${limit}`,
  );
  return rows.map((r) => ({ offerId: Number(r.id), ticketId: Number(r.ticket_id) }));
}

/** PENDING tickets without an open offer. */
export async function unassignedTicketIds(tx: Tx, limit = 500): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select t.id from tickets t where t.status = 'PENDING' and t.deleted_at is null
        and not exists (select 1 from ticket_assignments a where a.ticket_id = t.id and a.status in ('PENDING', 'CONFIRMED'))
        order by t.id limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
}
