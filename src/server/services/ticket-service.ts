/**
 * The ticket transitions, each one transaction: lock the ticket row, let the
 * shared `decide` answer 403/404/409, make the conditional writes (WHERE status = expected), write the
 * audit row and, where the spec has a notification, the event row. Racing requests queue on the row
 * lock and the losers are decided against the status the winner left, so they get 409.
 */
import { assertSupplierMayRequest } from './master-service';
import { decide, type TicketAction } from '../../shared/domain/ticket-transitions';
import type { TicketStatus } from '../../shared/domain/ticket-status';
import { checkWithdrawal } from '../../shared/domain/withdrawal';
import { ERROR_CODES } from '../../shared/errors';
import { REQUEST_MSG } from '../../shared/schemas/request-messages';
import type { Db, Tx } from '../db/database';
import { HttpError, notFound, unprocessable } from '../http/errors';
import type { AuthUser } from '../plugins/auth';
import { allocate, carrierWithActiveContract, moveOffer, openOffer } from '../repositories/assignments';
import {
  depotOwner,
  insertTickets,
  lockTicket,
  moveOfferAndTicket,
  moveTicket,
  releaseReservedTonnes,
  setCustomsRead,
  ticketNames,
  type LockedTicket,
} from '../repositories/ticket-writes';
import { refusal, transition, type Transitioned } from './transition';
import { writeAudit } from '../repositories/audit';
import { writeEvent } from '../repositories/events';
import { withTransactionLog } from '../repositories/transaction-log';
import { hydrate, type TicketView } from '../repositories/ticket-pages';

/** What a ticket transition adds to its audit row. */
type AuditDetails = Omit<Transitioned<undefined>, 'value'>;
type Work = (tx: Tx, ticket: LockedTicket) => Promise<AuditDetails | void>;

/** Runs `action` as one transition in its own transaction and answers the ticket as it now stands. */
async function ticketTransition(
  db: Db,
  auth: AuthUser,
  id: number,
  action: TicketAction,
  now: Date,
  work: Work,
): Promise<TicketView> {
  return db.transaction(async (tx) => {
    await withTransactionLog(tx, () =>
      transition(tx, auth, id, action, async (ticket) => ({ value: undefined, ...(await work(tx, ticket)) }), {
        at: now,
      }),
    );
    const [view] = await hydrate(tx, auth, [id]);
    return view!;
  });
}

/** The conditional write found the ticket moved on: it lost a race the row lock did not serialise. */
export function lostRace(ticket: LockedTicket): never {
  throw new HttpError(
    409,
    `Ticket ${ticket.id} is no longer ${ticket.status}; it was changed by another request`,
    undefined,
    {
      code: ERROR_CODES.ticketChanged,
    },
  );
}

export interface CreateTicketsInput {
  count: number;
  originDepotId: number;
  comments?: string | null | undefined;
}

/** Creates `count` PENDING tickets from the supplier's own yard, each offered to a carrier. */
export async function createTickets(
  db: Db,
  auth: AuthUser,
  input: CreateTicketsInput,
  now = new Date(),
): Promise<TicketView[]> {
  return db.transaction(async (tx) => {
    // A supplier the admins switched off may not request tickets at all, whatever the yard.
    if (auth.supplierId !== null && auth.roles.includes('SUPPLIER'))
      await assertSupplierMayRequest(tx, auth.supplierId);
    const owner = await depotOwner(tx, input.originDepotId);
    const decision = decide({ status: null, supplierId: owner ?? -1, carrierId: null }, 'create', auth);
    if (!decision.ok) throw refusal(decision);
    const supplierId = owner!;
    const ids = await withTransactionLog(tx, () => requestTickets(tx, auth, supplierId, input, now));
    return hydrate(tx, auth, ids);
  });
}

/** The tickets' rows, each with its audit row, its offer and its notification. */
async function requestTickets(
  tx: Tx,
  auth: AuthUser,
  supplierId: number,
  input: CreateTicketsInput,
  now: Date,
): Promise<number[]> {
  const ids = await insertTickets(
    tx,
    { supplierId, originDepotId: input.originDepotId, comments: input.comments?.trim() || null, createdBy: auth.id },
    input.count,
  );
  // The tickets share their supplier: its name is read once for their notifications.
  const { supplierName } = await ticketNames(tx, ids[0]!);
  for (const id of ids) {
    await writeAudit(tx, {
      userId: auth.id,
      ticketId: id,
      action: 'create',
      fromStatus: null,
      toStatus: 'PENDING',
      at: now,
    });
    // One at a time: each offer raises its carrier's open offers, so a batch spreads over carriers.
    const carrier = await allocate(tx, id, now, auth.id);
    await writeEvent(tx, 'New ticket', id, {
      title: 'new',
      ticketNumber: id,
      supplierName,
      carrierName: carrier?.businessName ?? null,
      actorId: auth.id,
    });
  }
  return ids;
}

export interface ConfirmInput {
  withdrawalDate: string;
  timezone: number;
}

/**
 * The carrier accepts its PENDING offer. The withdrawal rule is judged at `queuedAt` (an offline
 * replay's X-Queued-At) when that is at most 24 h old; the date must still lie after the real now.
 */
export async function confirmTicket(
  db: Db,
  auth: AuthUser,
  id: number,
  input: ConfirmInput,
  now = new Date(),
  queuedAt?: Date | null,
) {
  return ticketTransition(db, auth, id, 'confirm', now, async (tx, ticket) => {
    const date = new Date(input.withdrawalDate);
    let check: ReturnType<typeof checkWithdrawal>;
    try {
      check = checkWithdrawal(date, now, input.timezone, queuedAt ?? null);
    } catch {
      throw unprocessable('timezone', REQUEST_MSG.invalidTimezone);
    }
    if (!check.ok) throw unprocessable('withdrawalDate', check.message);
    const offer = ticket.openOffer!;
    const moved = await moveOfferAndTicket(
      tx,
      { id: offer.id, from: 'PENDING', to: 'CONFIRMED', reason: null },
      id,
      'PENDING',
      'CONFIRMED',
      { withdrawalDate: date, withdrawalTimezone: input.timezone },
      now,
    );
    if (!moved) lostRace(ticket);
    // An accept changes neither the supplier nor the carrier: the names read with the lock are the ticket's.
    await writeEvent(tx, 'Ticket confirmed', id, {
      title: 'confirmed',
      ticketNumber: id,
      supplierName: ticket.supplierName,
      carrierName: ticket.carrierName,
      actorId: auth.id,
    });
    return { data: { assignmentId: offer.id, withdrawalDate: date.toISOString(), timezone: input.timezone } };
  });
}

/** The carrier gives back a CONFIRMED ticket; it is offered to the next carrier not offered before. */
export async function declineTicket(db: Db, auth: AuthUser, id: number, reason: string, now = new Date()) {
  return ticketTransition(db, auth, id, 'decline', now, async (tx, ticket) => {
    const offer = ticket.openOffer!;
    const moved = await moveOfferAndTicket(
      tx,
      { id: offer.id, from: 'CONFIRMED', to: 'DECLINED', reason },
      id,
      'CONFIRMED',
      'PENDING',
      { carrierId: null, withdrawalDate: null, withdrawalTimezone: null },
      now,
    );
    if (!moved) lostRace(ticket);
    await allocate(tx, id, now, auth.id);
    return { reason, data: { assignmentId: offer.id } };
  });
}

/**
 * The carrier passes on its PENDING offer, saying why: the offer is closed DECLINED (an offer not
 * confirmed, so the service level counts it against the carrier) and the ticket is offered to the next
 * eligible carrier at once, instead of after ALLOCATION_FREQUENCY.
 */
export async function passOffer(db: Db, auth: AuthUser, id: number, reason: string, now = new Date()) {
  return ticketTransition(db, auth, id, 'pass', now, async (tx, ticket) => {
    const offer = ticket.openOffer!;
    if (!(await moveOffer(tx, offer.id, 'PENDING', 'DECLINED', reason, now))) lostRace(ticket);
    const next = await allocate(tx, id, now, auth.id);
    return { reason, data: { assignmentId: offer.id, nextCarrierId: next?.carrierId ?? null } };
  });
}

/**
 * An admin offers the ticket to a chosen carrier. The algorithm's filters (enabled, not offered before)
 * do not bind a person, but the carrier must exist and have a contract active today: no contract, no
 * price to pay it.
 */
export async function assignManually(
  db: Db,
  auth: AuthUser,
  id: number,
  input: { carrierId: number; reason: string },
  now = new Date(),
) {
  return ticketTransition(db, auth, id, 'manual', now, async (tx, ticket) => {
    const carrier = await carrierWithActiveContract(tx, input.carrierId, now);
    if (carrier === 'missing') throw unprocessable('carrierId', REQUEST_MSG.carrierNotFound);
    if (carrier === 'no-contract') {
      throw unprocessable('carrierId', REQUEST_MSG.noActiveContract);
    }
    const offer = ticket.openOffer;
    if (offer && !(await moveOffer(tx, offer.id, offer.status, 'REJECTED', input.reason, now))) lostRace(ticket);
    if (ticket.status === 'CONFIRMED') {
      const moved = await moveTicket(
        tx,
        id,
        'CONFIRMED',
        'PENDING',
        { withdrawalDate: null, withdrawalTimezone: null },
        now,
      );
      if (!moved) lostRace(ticket);
    }
    await openOffer(tx, id, input.carrierId, { manual: true, reason: input.reason, now, userId: auth.id });
    return {
      reason: input.reason,
      data: { fromCarrierId: ticket.carrierId, toCarrierId: input.carrierId, closedAssignmentId: offer?.id ?? null },
    };
  });
}

/** SUPPLIER_INVOICED to CANCELED; the purchase-order tonnes the documentation reserved are given back. */
export async function cancelTicket(db: Db, auth: AuthUser, id: number, now = new Date()) {
  return ticketTransition(db, auth, id, 'cancel', now, async (tx, ticket) => {
    if (!(await moveTicket(tx, id, 'SUPPLIER_INVOICED', 'CANCELED', {}, now))) lostRace(ticket);
    await releaseReservedTonnes(tx, id);
  });
}

export interface UpdateInput {
  status?: 'MX_TRANSIT' | 'DELIVERED' | undefined;
  customsRead?: boolean | undefined;
}

const STATUS_ACTIONS: Record<'MX_TRANSIT' | 'DELIVERED', { action: TicketAction; from: TicketStatus }> = {
  MX_TRANSIT: { action: 'release', from: 'TA_INVOICED' },
  DELIVERED: { action: 'deliver', from: 'MX_TRANSIT' },
};

/** PUT /tickets/{id}: release at the border, delivery, or the customs agent's read flag. */
export async function updateTicket(
  db: Db,
  auth: AuthUser,
  id: number,
  input: UpdateInput,
  now = new Date(),
): Promise<TicketView> {
  if (input.status === undefined && input.customsRead === undefined) {
    throw unprocessable('ticket', REQUEST_MSG.nothingToChange, 'Send a status or customsRead');
  }
  return db.transaction(async (tx) => {
    const status = input.status;
    if (status !== undefined) {
      const { action, from } = STATUS_ACTIONS[status];
      await transition(
        tx,
        auth,
        id,
        action,
        async (ticket) => {
          if (!(await moveTicket(tx, id, from, status, {}, now))) lostRace(ticket);
          return { value: undefined };
        },
        { at: now },
      );
    }
    if (input.customsRead !== undefined) {
      // The agent's own bookmark: decided like a transition (on the status just left), never audited.
      const ticket = await lockTicket(tx, id);
      if (!ticket) throw notFound(`Ticket ${id} not found`);
      const decision = decide(ticket, 'customs-read', auth);
      if (!decision.ok) throw refusal(decision);
      await setCustomsRead(tx, id, input.customsRead, now);
    }
    const [view] = await hydrate(tx, auth, [id]);
    return view!;
  });
}
