/**
 * The ticket lifecycle, as data, and the one pure function that decides whether an
 * actor may perform an action on a ticket and what the ticket becomes.
 *
 * The server calls `decide` inside the transaction (then makes the write conditional on the status it
 * read, so of two racing requests one wins and the other gets 409); the client calls it to show or
 * disable buttons. Refusals are checked in this order:
 *   403 the actor holds no role that may perform the action (ADMINRO holds none: it may not write);
 *   404 the ticket lies outside the view of every role that could (another supplier's ticket, a carrier
 *       it is not offered to, a customs agent of another crossing) - its existence is not revealed;
 *   409 the ticket is visible but its status (or its open offer's status) does not allow the action.
 */
import type { Role } from './roles';
import type { AssignmentStatus, TicketStatus } from './ticket-status';

export const TICKET_ACTIONS = [
  'create',
  'confirm',
  'decline',
  'pass',
  'manual',
  'delete',
  'documentation-create',
  'documentation-update',
  'cancel',
  'invoice-create',
  'invoice-update',
  'release',
  'deliver',
  'payment',
  'customs-read',
] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

/** What a successful action leaves: a stored status, or the soft-deleted ticket. */
export type TransitionTarget = TicketStatus | 'DELETED';

export interface TransitionRule {
  /** Statuses the action starts from; `null` means the ticket does not exist yet (create). */
  readonly from: readonly TicketStatus[] | null;
  /** Required status of the ticket's open offer (accept and decline act on the carrier's offer). */
  readonly offer?: AssignmentStatus;
  /** The roles of DESIGN.md's "who" column: the only place that says who may do what. */
  readonly roles: readonly Role[];
  /**
   * The permission that guards the action's route. permissions.ts derives its roles from this table
   * (the union of the roles of the actions sharing it), so a route refuses with 403 exactly whom
   * `decide` would, before the request's body is read.
   */
  readonly permission: `${string}:${string}`;
  /** `'UNCHANGED'` for actions that edit a ticket without moving it. */
  readonly to: TransitionTarget | 'UNCHANGED';
  /** Ends the 403 message: 'Your role cannot accept tickets'. */
  readonly task: string;
  /** Ends the 409 message: 'Ticket 12 is CONFIRMED; it cannot be accepted'. */
  readonly refusal: string;
}

/** the table, one row per action; invoice-update and customs-read are explained below. */
export const TICKET_TRANSITIONS = {
  create: {
    task: 'create tickets',
    from: null,
    roles: ['SUPPLIER'],
    permission: 'ticket:create',
    to: 'PENDING',
    refusal: 'it already exists',
  },
  confirm: {
    task: 'accept tickets',
    from: ['PENDING'],
    offer: 'PENDING',
    roles: ['CARRIER'],
    permission: 'ticket:confirm',
    to: 'CONFIRMED',
    refusal: 'it cannot be accepted',
  },
  decline: {
    task: 'decline tickets',
    from: ['CONFIRMED'],
    offer: 'CONFIRMED',
    roles: ['CARRIER'],
    permission: 'ticket:decline',
    to: 'PENDING',
    refusal: 'it cannot be declined',
  },
  // Beyond the spec (DESIGN.md section 3): the carrier passes on an offer it does not want, with a
  // reason, so the ticket goes to the next carrier at once instead of waiting for the offer to expire.
  // The offer is closed DECLINED, so the service level counts it as an offer not confirmed.
  pass: {
    task: 'pass on offers',
    from: ['PENDING'],
    offer: 'PENDING',
    roles: ['CARRIER'],
    permission: 'ticket:pass',
    to: 'PENDING',
    refusal: 'its offer cannot be passed on',
  },
  manual: {
    task: 'assign carriers by hand',
    from: ['PENDING', 'CONFIRMED'],
    roles: ['ADMIN'],
    permission: 'ticket:manual',
    to: 'PENDING',
    refusal: 'its carrier cannot be changed',
  },
  delete: {
    task: 'delete tickets',
    from: ['PENDING', 'CONFIRMED'],
    roles: ['SUPPLIER'],
    permission: 'ticket:delete',
    to: 'DELETED',
    refusal: 'it cannot be deleted',
  },
  'documentation-create': {
    task: 'load documentation',
    from: ['CONFIRMED'],
    roles: ['SUPPLIER'],
    permission: 'documentation:create',
    to: 'SUPPLIER_INVOICED',
    refusal: 'its documentation cannot be loaded',
  },
  'documentation-update': {
    task: 'change documentation',
    from: ['SUPPLIER_INVOICED'],
    roles: ['SUPPLIER', 'ADMIN'],
    permission: 'documentation:update',
    to: 'UNCHANGED',
    refusal: 'its documentation cannot be changed',
  },
  cancel: {
    task: 'cancel tickets',
    from: ['SUPPLIER_INVOICED'],
    roles: ['SUPPLIER', 'ADMIN'],
    permission: 'ticket:cancel',
    to: 'CANCELED',
    refusal: 'it cannot be canceled',
  },
  'invoice-create': {
    task: 'add provider invoices',
    from: ['SUPPLIER_INVOICED'],
    roles: ['ADMIN'],
    permission: 'invoice:write',
    to: 'TA_INVOICED',
    refusal: 'it cannot take a provider invoice',
  },
  // The spec says creating *or updating* the provider invoice shows TA_INVOICED. An update is a
  // correction of an invoice that already exists, so it never moves a ticket back from MX_TRANSIT; and a
  // DELIVERED ticket is closed (only its payment voucher may still arrive). The RPA lock is checked apart.
  'invoice-update': {
    task: 'change provider invoices',
    from: ['TA_INVOICED', 'MX_TRANSIT'],
    roles: ['ADMIN'],
    permission: 'invoice:write',
    to: 'UNCHANGED',
    refusal: 'its provider invoice cannot be changed',
  },
  release: {
    task: 'release tickets at the border',
    from: ['TA_INVOICED'],
    roles: ['CUSTOMS', 'ADMIN'],
    permission: 'ticket:release',
    to: 'MX_TRANSIT',
    refusal: 'it cannot be released at the border',
  },
  deliver: {
    task: 'mark tickets delivered',
    from: ['MX_TRANSIT'],
    roles: ['ADMIN'],
    permission: 'ticket:deliver',
    to: 'DELIVERED',
    refusal: 'it cannot be delivered',
  },
  payment: {
    task: 'add payment vouchers',
    from: ['TA_INVOICED', 'MX_TRANSIT', 'DELIVERED'],
    roles: ['ADMIN'],
    permission: 'payment:write',
    to: 'UNCHANGED',
    refusal: 'it cannot take a payment voucher',
  },
  // The read flag is the customs agent's own bookmark, not a step of the lifecycle: it is allowed on every
  // ticket the agent can see (TA_INVOICED, MX_TRANSIT, DELIVERED), so opening a delivered ticket's papers
  // still marks it read.
  'customs-read': {
    task: 'mark tickets read',
    from: ['TA_INVOICED', 'MX_TRANSIT', 'DELIVERED'],
    roles: ['CUSTOMS'],
    permission: 'customs:read-flag',
    to: 'UNCHANGED',
    refusal: 'its customs read flag cannot be changed',
  },
} as const satisfies Record<TicketAction, TransitionRule>;

/** The permissions the transition table defines. */
export type ActionPermission = (typeof TICKET_TRANSITIONS)[TicketAction]['permission'];

const RULES: Readonly<Record<TicketAction, TransitionRule>> = TICKET_TRANSITIONS;

/** Statuses in which a customs agent sees a ticket at all. */
export const CUSTOMS_VISIBLE_STATUSES: readonly TicketStatus[] = ['TA_INVOICED', 'MX_TRANSIT', 'DELIVERED'];

/** The facts about one ticket that the decision needs; the server reads them in the transaction. */
export interface TicketFacts {
  /** Used in messages only. */
  readonly id?: number;
  /** `null` before the ticket exists (create). */
  readonly status: TicketStatus | null;
  /** Status of the ticket's open offer, or null when no carrier is currently offered it. */
  readonly assignmentStatus?: AssignmentStatus | null;
  /** For create: the supplier owning the chosen origin yard. */
  readonly supplierId: number;
  /**
   * The carrier currently offered or carrying the ticket. Its mode is not a lifecycle matter: truck
   * documentation on a railcar ticket is a payload error (422) the documentation route reports.
   */
  readonly carrierId: number | null;
  /** Customs agents of the border crossing of the ticket's provider invoice (none before invoicing). */
  readonly customsAgentIds?: readonly number[];
}

export interface Actor {
  readonly roles: readonly Role[];
  readonly supplierId?: number | null;
  readonly carrierId?: number | null;
  readonly customsAgentId?: number | null;
}

export type Decision =
  | { readonly ok: true; readonly to: TransitionTarget }
  | { readonly ok: false; readonly code: 403 | 404 | 409; readonly message: string };

function canSee(role: Role, ticket: TicketFacts, actor: Actor): boolean {
  switch (role) {
    case 'ADMIN':
    case 'ADMINRO':
      return true;
    case 'SUPPLIER':
      return actor.supplierId != null && actor.supplierId === ticket.supplierId;
    case 'CARRIER':
      // Only the carrier of the open offer (or the one carrying the ticket) may act on it. A carrier that
      // was offered the ticket earlier still reads it in /all, but any action of its would be refused
      // anyway, and 404 keeps the current carrier's identity out of the answer.
      return actor.carrierId != null && actor.carrierId === ticket.carrierId;
    case 'CUSTOMS':
      return (
        ticket.status !== null &&
        CUSTOMS_VISIBLE_STATUSES.includes(ticket.status) &&
        actor.customsAgentId != null &&
        (ticket.customsAgentIds ?? []).includes(actor.customsAgentId)
      );
  }
}

/** The 403 text for roles that hold none of the action's roles. */
export function roleRefusal(action: TicketAction, roles: readonly Role[]): string {
  return roles.includes('ADMINRO')
    ? 'Read-only administrators cannot change tickets'
    : `Your role cannot ${RULES[action].task}`;
}

function describe(ticket: TicketFacts): string {
  return ticket.id === undefined ? 'The ticket' : `Ticket ${ticket.id}`;
}

/** Decides `action` by `actor` on `ticket`. Pure: the caller performs the write when `ok`. */
export function decide(ticket: TicketFacts, action: TicketAction, actor: Actor): Decision {
  const rule = RULES[action];
  const roles = actor.roles.filter((role) => rule.roles.includes(role));
  if (roles.length === 0) return { ok: false, code: 403, message: roleRefusal(action, actor.roles) };

  // For create the "ticket" is the one to be made, and its supplier is the origin yard's: another
  // supplier's yard is as unknown to the actor as another supplier's ticket.
  if (!roles.some((role) => canSee(role, ticket, actor))) {
    const message = rule.from === null ? 'Origin depot not found' : `${describe(ticket)} not found`;
    return { ok: false, code: 404, message };
  }

  if (ticket.status === null) {
    // Only create acts on a ticket that does not exist yet.
    if (rule.from === null && rule.to !== 'UNCHANGED') return { ok: true, to: rule.to };
    return { ok: false, code: 404, message: `${describe(ticket)} not found` };
  }
  if (rule.from === null || !rule.from.includes(ticket.status)) {
    return { ok: false, code: 409, message: `${describe(ticket)} is ${ticket.status}; ${rule.refusal}` };
  }
  if (rule.offer !== undefined && ticket.assignmentStatus !== rule.offer) {
    const offer = ticket.assignmentStatus ?? 'none';
    const message = `${describe(ticket)} is ${ticket.status} and its offer is ${offer}; ${rule.refusal}`;
    return { ok: false, code: 409, message };
  }
  return { ok: true, to: rule.to === 'UNCHANGED' ? ticket.status : rule.to };
}

/** Statuses an action may start from; the role views derive their button states from these. */
export function allowedFrom(action: TicketAction): readonly TicketStatus[] {
  return RULES[action].from ?? [];
}
