/**
 * DELETE /tickets/{id}: the owning supplier removes a PENDING or CONFIRMED ticket (soft delete, kept for
 * audit), and only the one of its yard the shared delete rule offers (role-views.ts deleteCandidates,
 * the picker's rule; decision: src/shared/domain/decisions/delete-rule-per-yard.md).
 */
import { deletableOfYard } from '../../shared/domain/role-views';
import { ERROR_CODES } from '../../shared/errors';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import type { AuthUser } from '../plugins/auth';
import { openTicketsOfYard, removeTicket } from '../repositories/ticket-writes';
import { lostRace } from './ticket-service';
import { transition } from './transition';

/**
 * The ticket is open once `decide` allowed it, so its yard always offers one: this ticket, or the newer
 * (or pending) one the 409 names. The yard's other tickets are read unlocked, as committed: a delete
 * writes only its own ticket and no other write reads it, so a create, accept, decline or pass at the
 * yard racing the delete leaves what the two would leave one after the other (the delete first).
 */
export async function deleteTicket(
  db: Db,
  auth: AuthUser,
  id: number,
  now = new Date(),
): Promise<{ ok: true; id: number }> {
  const reason = 'deleted by supplier';
  await db.transaction(async (tx) => {
    await transition(
      tx,
      auth,
      id,
      'delete',
      async (ticket) => {
        const offered = deletableOfYard(await openTicketsOfYard(tx, ticket.originDepotId), ticket.originDepotId);
        if (offered && offered.id !== id) throw notDeletable(id, offered.id);
        if (!(await removeTicket(tx, ticket, reason, now))) lostRace(ticket);
        return { value: undefined, reason };
      },
      { at: now },
    );
  });
  return { ok: true, id };
}

function notDeletable(id: number, offeredId: number): HttpError {
  return new HttpError(
    409,
    `Ticket ${id} cannot be deleted: ticket ${offeredId} is the one of its yard that can be deleted now ` +
      '(the newest pending ticket of the yard, or its newest confirmed one when none is pending)',
    undefined,
    { code: ERROR_CODES.ticketNotDeletable, deletableTicketId: offeredId },
  );
}
