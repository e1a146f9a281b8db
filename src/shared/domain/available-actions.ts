/**
 * What one ticket offers one signed-in user right now: the lifecycle actions the transition table lets
 * them perform (asked of `decide()`, the function the server runs in its transaction) and the pages of
 * the ticket their role opens. Screens render what this returns and never test a status or a role
 * themselves, so a button and the server cannot disagree.
 *
 * The client knows the ticket as the API answered it. Facts the answer does not carry are filled in
 * from the fact that the server answered it: a customs agent only ever receives tickets of its own
 * crossings, so the ticket's agents are taken to be the user's.
 */
import type { TicketView } from '../schemas/ticket-view';
import type { User } from '../schemas/user';
import { hasDocumentation, isAdminTicketPageAllowed, isCustomsDetailAllowed, isPaymentAllowed } from './role-views';
import { isRole, type Role } from './roles';
import type { TicketStatus } from './ticket-status';
import { TICKET_ACTIONS, decide, type Actor, type TicketAction, type TicketFacts } from './ticket-transitions';

/**
 * Pages a role opens for a ticket. They are reads, which the server has already allowed by answering
 * the ticket, so only the role and the status decide them:
 * - `documentation-view`: the supplier's documentation form of a documented ticket (read-only once locked);
 * - `admin-page`: the admin's ticket page (documentation, TA invoice, payment);
 * - `customs-review`: the customs agent's review of the documentation;
 * - `payment-view`: the payment voucher section of the admin's ticket page, shown (to the read-only admin
 *   too) from the status on which an admin may add a voucher; before it only a hint says when it can come.
 */
export const TICKET_PAGES = ['documentation-view', 'admin-page', 'customs-review', 'payment-view'] as const;
export type TicketPage = (typeof TICKET_PAGES)[number];

export type AvailableAction = TicketAction | TicketPage;

const PAGE_RULES: Readonly<Record<TicketPage, { roles: readonly Role[]; allowed: (status: TicketStatus) => boolean }>> =
  {
    'documentation-view': { roles: ['SUPPLIER'], allowed: hasDocumentation },
    'admin-page': { roles: ['ADMIN', 'ADMINRO'], allowed: isAdminTicketPageAllowed },
    'customs-review': { roles: ['CUSTOMS'], allowed: isCustomsDetailAllowed },
    'payment-view': { roles: ['ADMIN', 'ADMINRO'], allowed: isPaymentAllowed },
  };

/** The part of a ticket the decision reads; a ticket answered by any ticket call has it. */
export type ActionTicket = Pick<TicketView, 'id' | 'status' | 'supplier' | 'carrier'> &
  Partial<Pick<TicketView, 'ticketAssignments'>>;

/** The part of a user the decision reads. */
export type ActionUser = Pick<User, 'roles' | 'userDetail'>;

export function actorOf(user: ActionUser): Actor {
  return {
    roles: user.roles.map((role) => role.name).filter(isRole),
    supplierId: user.userDetail.supplier?.id ?? null,
    carrierId: user.userDetail.carrier?.id ?? null,
    customsAgentId: user.userDetail.customsAgent?.id ?? null,
  };
}

/** The ticket as `decide()` reads it: the open offer is the newest PENDING or CONFIRMED assignment. */
export function factsOf(ticket: ActionTicket, actor: Actor): TicketFacts {
  const offer = [...(ticket.ticketAssignments ?? [])]
    .filter((assignment) => assignment.status.name === 'PENDING' || assignment.status.name === 'CONFIRMED')
    .sort((a, b) => b.id - a.id)[0];
  return {
    id: ticket.id,
    status: ticket.status.name,
    assignmentStatus: offer?.status.name ?? null,
    supplierId: ticket.supplier.id,
    carrierId: offer?.carrier.id ?? ticket.carrier?.id ?? null,
    customsAgentIds: actor.customsAgentId == null ? [] : [actor.customsAgentId],
  };
}

/** Everything `user` may do with `ticket` now, lifecycle actions first, in the table's order. */
export function availableActions(ticket: ActionTicket, user: ActionUser): AvailableAction[] {
  const actor = actorOf(user);
  const facts = factsOf(ticket, actor);
  const actions: AvailableAction[] = TICKET_ACTIONS.filter(
    (action) => action !== 'create' && decide(facts, action, actor).ok,
  );
  for (const page of TICKET_PAGES) {
    const rule = PAGE_RULES[page];
    if (actor.roles.some((role) => rule.roles.includes(role)) && rule.allowed(ticket.status.name)) actions.push(page);
  }
  return actions;
}

/** Whether `user` may do `action` with `ticket` now. */
export const mayDo = (ticket: ActionTicket, user: ActionUser, action: AvailableAction): boolean =>
  availableActions(ticket, user).includes(action);
