/**
 * What each role's home opens on: the work waiting for that user, first (issue 27, B6). The sections are
 * status-filtered ticket lists (TICKET_LIST_DEFAULTS), so the server answers them from the same
 * maintained counts and stored views as any home list; what a status alone cannot tell (whether an offer
 * is still open to anyone, which day a pickup falls on) is decided here, once, from the tickets the
 * section received. Decisions: decisions/0001-home-work-first.md.
 */
import type { TicketStatus } from './ticket-status';
import { allowedFrom } from './ticket-transitions';

const MINUTE = 60_000;

/**
 * When an offer made at `offeredAt` moves on to the next carrier: ALLOCATION_FREQUENCY hours later (the
 * allocation sweep's rule, allocation-sweep.ts), or never when the setting is 0.
 */
export function offerExpiresAt(offeredAt: Date, hours: number): Date | null {
  if (!(hours > 0)) return null;
  return new Date(offeredAt.getTime() + hours * 60 * MINUTE);
}

/**
 * Whole minutes left before `expiresAt`, rounded down (a countdown never promises a minute the carrier
 * does not have), and 0 once it has passed (the sweep, which runs every minute, has yet to move it on).
 */
export function minutesLeft(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / MINUTE));
}

/** Minutes as hours and minutes: 130 is {hours: 2, minutes: 10}. */
export function hoursAndMinutes(minutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

export type PickupDay = 'overdue' | 'today' | 'tomorrow' | 'later';

/** Midnight starting the local day of `date`, `days` days on (the device's time zone: the carrier's). */
function localMidnight(date: Date, days = 0): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days).getTime();
}

/**
 * Which of the carrier's local days a pickup falls on, seen at `now`: today, tomorrow, a later day, or
 * an earlier day (overdue: the truck was due and the ticket still waits for the supplier's documents).
 */
export function pickupDay(withdrawal: Date, now: Date): PickupDay {
  const at = withdrawal.getTime();
  if (at < localMidnight(now)) return 'overdue';
  if (at < localMidnight(now, 1)) return 'today';
  if (at < localMidnight(now, 2)) return 'tomorrow';
  return 'later';
}

/** The order the carrier's pickups are listed in: what is due now first. */
export const PICKUP_DAYS: readonly PickupDay[] = ['today', 'tomorrow', 'overdue', 'later'];

export interface AdminWorkTile {
  key: 'awaiting-invoice' | 'awaiting-payment';
  /** The statuses of the filtered list the tile opens. */
  statuses: readonly TicketStatus[];
  /** Only tickets whose provider invoice has no payment voucher yet. */
  unpaid: boolean;
}

/**
 * The admin's work beside the spec's status tiles: documentation waiting for a provider invoice (the
 * supplier invoiced, the admin has not), and provider invoices waiting for a payment voucher (the
 * statuses a voucher may be added in, isPaymentAllowed, without one).
 */
export const ADMIN_WORK_TILES: readonly AdminWorkTile[] = [
  { key: 'awaiting-invoice', statuses: ['SUPPLIER_INVOICED'], unpaid: false },
  { key: 'awaiting-payment', statuses: allowedFrom('payment'), unpaid: true },
];
