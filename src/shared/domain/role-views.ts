/**
 * How each role sees the stored statuses: the display aliases, what a status filter
 * means, the default filters and page sizes of the ticket lists, the admin tiles, badge colours and the
 * status rules that enable or lock buttons and pages.
 *
 * Where a button mirrors a lifecycle action (cancel, payment) its rule is read from the transition table,
 * so the button and the server cannot disagree.
 */
import type { Role } from './roles';
import {
  TICKET_STATUSES,
  isTicketStatus,
  normalizeStatus,
  type DisplayAlias,
  type StatusFilterValue,
  type TicketStatus,
} from './ticket-status';
import { CUSTOMS_VISIBLE_STATUSES, allowedFrom } from './ticket-transitions';

/** A status as a role's screens show it: a stored status or one of the four aliases. */
export type DisplayStatus = StatusFilterValue;

/** The stored statuses each alias stands for. */
export const ALIAS_STATUSES: Readonly<Record<DisplayAlias, readonly TicketStatus[]>> = {
  INVOICED: ['SUPPLIER_INVOICED', 'TA_INVOICED', 'MX_TRANSIT', 'DELIVERED'],
  TRANSIT: ['SUPPLIER_INVOICED', 'TA_INVOICED', 'MX_TRANSIT'],
  AWAITING: ['TA_INVOICED'],
  // Customs display every non-awaiting ticket as RELEASED, but the spec's filter maps RELEASED to
  // MX_TRANSIT only: delivered tickets are finished business for the border.
  RELEASED: ['MX_TRANSIT'],
};

/**
 * The aliases a role may filter by: those its screens show. Admins see stored statuses but may use every
 * alias (one reading of the ongoing list's default names them). An alias a role never sees, such as
 * TRANSIT for a supplier, matches nothing for that role.
 */
const ROLE_ALIASES: Readonly<Record<Role, readonly DisplayAlias[]>> = {
  ADMIN: ['INVOICED', 'TRANSIT', 'AWAITING', 'RELEASED'],
  ADMINRO: ['INVOICED', 'TRANSIT', 'AWAITING', 'RELEASED'],
  SUPPLIER: ['INVOICED'],
  CARRIER: ['TRANSIT'],
  CUSTOMS: ['AWAITING', 'RELEASED'],
};

/** The status a role's screens show for a stored status. */
export function displayStatus(role: Role, status: TicketStatus): DisplayStatus {
  switch (role) {
    case 'SUPPLIER':
      return ALIAS_STATUSES.INVOICED.includes(status) ? 'INVOICED' : status;
    case 'CARRIER':
      return ALIAS_STATUSES.TRANSIT.includes(status) ? 'TRANSIT' : status;
    case 'CUSTOMS':
      return status === 'TA_INVOICED' ? 'AWAITING' : 'RELEASED';
    case 'ADMIN':
    case 'ADMINRO':
      return status;
  }
}

/** Stored statuses a role can meet in its lists (customs only see invoiced tickets at their crossing). */
export function visibleStatuses(role: Role): readonly TicketStatus[] {
  return role === 'CUSTOMS' ? CUSTOMS_VISIBLE_STATUSES : TICKET_STATUSES;
}

/** The options of a role's status filter, in lifecycle order: PENDING, CONFIRMED, INVOICED, CANCELED... */
export function statusFilterOptions(role: Role): DisplayStatus[] {
  return [...new Set(visibleStatuses(role).map((status) => displayStatus(role, status)))];
}

/**
 * The stored statuses a status filter selects. Values may use spaces or underscores in any case
 * ('supplier invoiced', 'TA_INVOICED', 'Invoiced'). Unknown values select nothing. The result is in
 * lifecycle order without duplicates; an empty result means "no ticket", never "no filter".
 */
export function expandStatusFilter(role: Role, values: readonly string[]): TicketStatus[] {
  const selected = new Set<TicketStatus>();
  for (const value of values) {
    const name = normalizeStatus(value);
    if (isTicketStatus(name)) selected.add(name);
    const alias = ROLE_ALIASES[role].find((candidate) => candidate === name);
    if (alias) for (const status of ALIAS_STATUSES[alias]) selected.add(status);
  }
  return TICKET_STATUSES.filter((status) => selected.has(status));
}

/**
 * The ticket lists with a default filter: the spec's (generic, supplier, adminOngoing, delivered), the
 * carrier's and customs' home lists, and the work sections the carrier's and supplier's homes open on (home-work.ts).
 */
export type TicketList =
  | 'generic'
  | 'supplier'
  | 'carrier'
  | 'adminOngoing'
  | 'delivered'
  | 'customsHome'
  | 'carrierOffers'
  | 'carrierPickups'
  | 'supplierDocumentation'
  | 'supplierPending'
  | 'supplierOpen'
  | 'carrierOpen';

export interface ListDefaults {
  readonly statuses: readonly TicketStatus[];
  readonly limit: number;
}

const ALL_BUT_CANCELED = TICKET_STATUSES.filter((status) => status !== 'CANCELED');
/**
 * The statuses of work still under way. Delivered and cancelled tickets leave the home lists (issue 27):
 * they stay under the supplier's Previous, the carrier's /all and the admin's Delivered (and the
 * status filter still selects them).
 */
export const OPEN_STATUSES = TICKET_STATUSES.filter((status) => status !== 'CANCELED' && status !== 'DELIVERED');

/** How many tickets a home's work section shows; more are reached through the list it links to. */
export const WORK_SECTION_LIMIT = 50;

/** The open statuses a home's work sections do not already show: its list below them. */
const besides = (shown: readonly TicketStatus[]) => OPEN_STATUSES.filter((status) => !shown.includes(status));

export const TICKET_LIST_DEFAULTS: Readonly<Record<TicketList, ListDefaults>> = {
  generic: { statuses: ALL_BUT_CANCELED, limit: 50 },
  // Below their work sections (CONFIRMED for the supplier, PENDING and CONFIRMED for the carrier), so
  // that each ticket is listed once on the home as it opens; a search or a filter looks through every
  // open ticket (supplierOpen, carrierOpen).
  supplier: { statuses: besides(['CONFIRMED']), limit: 10 },
  carrier: { statuses: besides(['PENDING', 'CONFIRMED']), limit: 50 },
  supplierOpen: { statuses: OPEN_STATUSES, limit: 10 },
  carrierOpen: { statuses: OPEN_STATUSES, limit: 50 },
  // The first of the spec's two readings (stored statuses), without CANCELED: cancelled tickets leave
  // the admin's home as they leave every home (decisions/0001 beside home-work.ts); the status filter
  // still selects them.
  adminOngoing: {
    statuses: ['CONFIRMED', 'MX_TRANSIT', 'PENDING', 'SUPPLIER_INVOICED', 'TA_INVOICED'],
    limit: 20,
  },
  delivered: { statuses: ['DELIVERED'], limit: 50 },
  // The customs home holds the work still at the border: awaiting release, and released but not yet
  // delivered. Delivered tickets stay under the status filter and the documentation lists
  // (src/app/features/customs/decisions/0001-customs-home.md).
  customsHome: { statuses: ['TA_INVOICED', 'MX_TRANSIT'], limit: 50 },
  // Work sections: one status each, so the server answers them from its maintained counts and views.
  carrierOffers: { statuses: ['PENDING'], limit: WORK_SECTION_LIMIT },
  carrierPickups: { statuses: ['CONFIRMED'], limit: WORK_SECTION_LIMIT },
  supplierDocumentation: { statuses: ['CONFIRMED'], limit: WORK_SECTION_LIMIT },
  supplierPending: { statuses: ['PENDING'], limit: WORK_SECTION_LIMIT },
};

/**
 * Whether customs show a ticket as new work: not read by customs and still at the border (a delivered
 * ticket nobody opened is finished business). The unread documentation lists ask the server for the same.
 */
export function isCustomsUnread(ticket: { customsRead: boolean; status: { name: TicketStatus } }): boolean {
  return !ticket.customsRead && TICKET_LIST_DEFAULTS.customsHome.statuses.includes(ticket.status.name);
}

/** The admin ongoing list's page size after "Clean filters". */
export const ADMIN_ONGOING_RESET_LIMIT = 10;
/** Largest page: the bulk fetch that fills the documentation forms' ticket pick lists. */
export const TICKET_BULK_LIMIT = 30000;

/** A list's statuses: the chosen filter expanded for the role, or the list's default when none is chosen. */
export function resolveStatusFilter(role: Role, list: TicketList, values?: readonly string[]): TicketStatus[] {
  return values && values.length > 0 ? expandStatusFilter(role, values) : [...TICKET_LIST_DEFAULTS[list].statuses];
}

export interface AdminTile {
  readonly status: TicketStatus;
  /** PENDING and CONFIRMED also show how many are older than a day; clicking it filters to those. */
  readonly showsOldest: boolean;
}

export const ADMIN_TILES: readonly AdminTile[] = [
  { status: 'PENDING', showsOldest: true },
  { status: 'CONFIRMED', showsOldest: true },
  { status: 'SUPPLIER_INVOICED', showsOldest: false },
  { status: 'TA_INVOICED', showsOldest: false },
  { status: 'MX_TRANSIT', showsOldest: false },
];

export const OLDEST_TICKET_HOURS = 24;

/** The `beforeDate` of the "oldest" filter: tickets created more than a day before `now`. */
export function oldestTicketCutoff(now: Date): Date {
  return new Date(now.getTime() - OLDEST_TICKET_HOURS * 60 * 60 * 1000);
}

/**
 * Badge colours (Mantine palette names). The spec fixes only CANCELED in red; the rest go from warm
 * (waiting on someone) to green (done), and an alias takes the colour of the step it mostly stands for.
 */
export const STATUS_COLORS: Readonly<Record<DisplayStatus, string>> = {
  PENDING: 'yellow',
  CONFIRMED: 'blue',
  SUPPLIER_INVOICED: 'indigo',
  TA_INVOICED: 'violet',
  MX_TRANSIT: 'cyan',
  DELIVERED: 'green',
  CANCELED: 'red',
  INVOICED: 'indigo',
  TRANSIT: 'cyan',
  AWAITING: 'orange',
  RELEASED: 'teal',
};

export function statusColor(role: Role, status: TicketStatus): string {
  return STATUS_COLORS[displayStatus(role, status)];
}

const includes = (list: readonly TicketStatus[], status: TicketStatus): boolean => list.includes(status);

/** Whether the ticket has supplier documentation (the list actions link to it from then on). */
export const hasDocumentation = (status: TicketStatus): boolean => !includes(['PENDING', 'CONFIRMED'], status);

/** The payment voucher section of the admin's ticket page; before it a hint is shown. */
export const isPaymentAllowed = (status: TicketStatus): boolean => includes(allowedFrom('payment'), status);

/** The admin ticket page (ta-invoice/{id}); otherwise the user is sent home. */
export const isAdminTicketPageAllowed = (status: TicketStatus): boolean =>
  !includes(['PENDING', 'CONFIRMED', 'CANCELED'], status);

/** The customs detail pages: exactly the statuses customs can see. */
export const isCustomsDetailAllowed = (status: TicketStatus): boolean => includes(CUSTOMS_VISIBLE_STATUSES, status);

export interface DeletableTicket {
  readonly id: number;
  readonly status: TicketStatus;
  readonly originDepotId: number;
}

/**
 * The one delete rule (spec: "one ticket per distinct origin yard, newest id first, using the pending
 * ones if any, otherwise the confirmed ones"), read per yard: each yard offers its newest PENDING ticket,
 * or its newest CONFIRMED one when it has none pending (decisions/delete-rule-per-yard.md). The picker
 * lists these, the ticket page offers Delete only on them, and the server refuses any other with 409.
 */
export function deleteCandidates<T extends DeletableTicket>(tickets: readonly T[]): T[] {
  const byYard = new Map<number, T>();
  for (const ticket of tickets) {
    if (ticket.status !== 'PENDING' && ticket.status !== 'CONFIRMED') continue;
    const current = byYard.get(ticket.originDepotId);
    if (!current || outranks(ticket, current)) byYard.set(ticket.originDepotId, ticket);
  }
  return [...byYard.values()].sort((a, b) => b.id - a.id);
}

/** Pending before confirmed, then the newer id. */
function outranks(a: DeletableTicket, b: DeletableTicket): boolean {
  if (a.status !== b.status) return a.status === 'PENDING';
  return a.id > b.id;
}

/**
 * The ticket of `yardId` the delete rule offers, given the open tickets of that yard (others are
 * ignored), or null when the yard has none open.
 */
export function deletableOfYard<T extends DeletableTicket>(tickets: readonly T[], yardId: number): T | null {
  return deleteCandidates(tickets.filter((ticket) => ticket.originDepotId === yardId))[0] ?? null;
}
