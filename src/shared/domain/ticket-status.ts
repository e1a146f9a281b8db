/**
 * Stored ticket statuses. INVOICED, TRANSIT, AWAITING and RELEASED are display
 * aliases of the role views and are never stored.
 */
export const TICKET_STATUSES = [
  'PENDING',
  'CONFIRMED',
  'SUPPLIER_INVOICED',
  'TA_INVOICED',
  'MX_TRANSIT',
  'DELIVERED',
  'CANCELED',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const DISPLAY_ALIASES = ['INVOICED', 'TRANSIT', 'AWAITING', 'RELEASED'] as const;
export type DisplayAlias = (typeof DISPLAY_ALIASES)[number];
export type StatusFilterValue = TicketStatus | DisplayAlias;

export const ASSIGNMENT_STATUSES = ['PENDING', 'CONFIRMED', 'DECLINED', 'REJECTED'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

/** Filters accept spaces or underscores in any case; responses always use UPPER_SNAKE. */
export function normalizeStatus(value: string): string {
  return value.trim().replace(/\s+/g, '_').toUpperCase();
}

export const isTicketStatus = (value: unknown): value is TicketStatus =>
  typeof value === 'string' && (TICKET_STATUSES as readonly string[]).includes(value);
