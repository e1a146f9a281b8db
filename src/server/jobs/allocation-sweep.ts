/**
 * The allocation sweep, run every minute by pg-boss: removes PENDING and CONFIRMED
 * tickets older than DELETE_TICKETS_FREQUENCY days, expires offers waiting longer than
 * ALLOCATION_FREQUENCY hours (0 = never) and offers the ticket to the next carrier, and retries tickets
 * left without a carrier. Each ticket is handled in its own transaction under its row lock taken with
 * SKIP LOCKED and re-checked, so several processes may sweep at once without doing anything twice.
 * `now` is a parameter so that tests drive the clock.
 */
import type { Db } from '../db/database';
import { allocate, expiredOfferIds, moveOffer, unassignedTicketIds } from '../repositories/assignments';
import { lockTicket, removeTicket, staleTicketIds } from '../repositories/ticket-writes';
import { writeAudit } from '../repositories/audit';
import { configurationNumber } from '../repositories/masters';

export const ALLOCATION_SWEEP_JOB = 'allocation-sweep';
export const EXPIRED = 'expired';

export interface SweepResult {
  removed: number;
  expired: number;
  offered: number;
}

export async function runAllocationSweep(db: Db, now = new Date()): Promise<SweepResult> {
  const result: SweepResult = { removed: 0, expired: 0, offered: 0 };
  const hours = await configurationNumber(db, 'ALLOCATION_FREQUENCY', 0);
  const days = await configurationNumber(db, 'DELETE_TICKETS_FREQUENCY', 0);

  // Removal first: a ticket about to go is not worth another offer.
  if (days >= 1) {
    const cutoff = new Date(now.getTime() - days * 86_400_000);
    for (const id of await staleTicketIds(db, cutoff)) {
      const removed = await db.transaction(async (tx) => {
        const ticket = await lockTicket(tx, id, true);
        if (!ticket || !['PENDING', 'CONFIRMED'].includes(ticket.status) || ticket.createdAt >= cutoff) return false;
        if (!(await removeTicket(tx, ticket, EXPIRED, now))) return false;
        await writeAudit(tx, {
          userId: null,
          ticketId: ticket.id,
          action: 'delete',
          fromStatus: ticket.status,
          toStatus: 'DELETED',
          reason: EXPIRED,
          at: now,
        });
        return true;
      });
      if (removed) result.removed++;
    }
  }

  if (hours > 0) {
    const cutoff = new Date(now.getTime() - hours * 3_600_000);
    for (const { offerId, ticketId } of await expiredOfferIds(db, cutoff)) {
      const offered = await db.transaction(async (tx) => {
        const ticket = await lockTicket(tx, ticketId, true);
        // Answered, replaced or removed since it was listed: nothing to expire.
        if (!ticket || ticket.status !== 'PENDING' || ticket.openOffer?.id !== offerId) return null;
        if (!(await moveOffer(tx, offerId, 'PENDING', 'REJECTED', EXPIRED, now))) return null;
        await writeAudit(tx, {
          userId: null,
          ticketId,
          action: 'expire-offer',
          fromStatus: 'PENDING',
          toStatus: 'PENDING',
          reason: EXPIRED,
          data: { assignmentId: offerId, carrierId: ticket.openOffer.carrierId },
          at: now,
        });
        return { carrier: await allocate(tx, ticketId, now, null) };
      });
      if (offered) result.expired++;
      if (offered?.carrier) result.offered++;
    }
  }

  for (const id of await unassignedTicketIds(db)) {
    const offered = await db.transaction(async (tx) => {
      const ticket = await lockTicket(tx, id, true);
      if (!ticket || ticket.status !== 'PENDING' || ticket.openOffer) return null;
      return allocate(tx, id, now, null);
    });
    if (offered) result.offered++;
  }
  return result;
}
