/**
 * One ticket transition, the way every service performs it: lock the ticket row, let the shared
 * `decide()` answer 403/404/409, run the service's writes, and write the audit row (who, when, from, to,
 * reason, data) from the decision itself, so no transition can forget it or record the wrong statuses.
 * Racing requests queue on the row lock and the losers are decided against the status the winner left.
 */
import { decide, type Decision, type TicketAction } from '../../shared/domain/ticket-transitions';
import { ERROR_CODES } from '../../shared/errors';
import type { Tx } from '../db/database';
import { HttpError } from '../http/errors';
import type { AuthUser } from '../plugins/auth';
import { writeAudit } from '../repositories/audit';
import { lockTicket, type LockedTicket } from '../repositories/ticket-writes';

/** What the writes add to the audit row; `value` is handed back to the caller. */
export interface Transitioned<T> {
  value: T;
  reason?: string | null;
  data?: Record<string, unknown>;
}

export interface TransitionOptions {
  /** The refusal when the ticket does not exist (default: 'Ticket N not found'). */
  missing?: () => HttpError;
  /** Also answer a ticket outside the caller's view with `missing` (a resource reached through it). */
  hideOutsideView?: boolean;
  /** The audit row's time (default: the database's now). */
  at?: Date;
}

/**
 * The answer to a refused decision. A status that does not allow the action carries its own code, so the
 * app can say so in the user's language (the English message names the status).
 */
export function refusal(decision: Extract<Decision, { ok: false }>): HttpError {
  return new HttpError(
    decision.code,
    decision.message,
    undefined,
    decision.code === 409 ? { code: ERROR_CODES.ticketStatus } : undefined,
  );
}

export async function transition<T>(
  tx: Tx,
  auth: AuthUser,
  ticketId: number,
  action: TicketAction,
  work: (ticket: LockedTicket) => Promise<Transitioned<T>>,
  options: TransitionOptions = {},
): Promise<T> {
  const missing = options.missing ?? (() => new HttpError(404, `Ticket ${ticketId} not found`));
  const ticket = await lockTicket(tx, ticketId);
  if (!ticket) throw missing();
  const decision = decide(ticket, action, auth);
  if (!decision.ok) throw options.hideOutsideView && decision.code === 404 ? missing() : refusal(decision);
  const done = await work(ticket);
  await writeAudit(tx, {
    userId: auth.id,
    ticketId,
    action,
    fromStatus: ticket.status,
    toStatus: decision.to,
    reason: done.reason,
    data: done.data,
    at: options.at,
  });
  return done.value;
}
