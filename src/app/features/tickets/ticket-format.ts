/** Small readings of a ticket that the table, the cards and the ticket page share. */
import { i18n } from '@lingui/core';
import {
  formatDateTime as formatShown,
  formatDay,
  formatTime,
  type DisplayDateOptions,
} from '../../../shared/format/display-format';
import type { Role } from '../../../shared/domain/roles';
import { PATHS } from '../../paths';
import type { Ticket, TicketAssignment } from './types';

/**
 * An instant in the active language's one date convention (`Nov 26, 3:15 PM` / `26 nov, 3:15 p.m.`, the
 * year when not this year); `zone` names the time zone where the time decides something (a pickup).
 * Components that call it re-render on a language change through their own useLingui.
 */
export const formatDateTime = (iso: string | null | undefined, options: DisplayDateOptions = {}): string =>
  iso ? formatShown(iso, i18n.locale, options) : '—';

/** The day and the time of an instant apart, for a table cell that shows them on two lines. */
export const dayAndTime = (iso: string, options: DisplayDateOptions = {}): [day: string, time: string] => [
  formatDay(iso, i18n.locale, options),
  formatTime(iso, i18n.locale, options),
];

/** The offer waiting for a carrier's answer, if any. */
export const openOffer = (ticket: Ticket): TicketAssignment | undefined =>
  ticket.ticketAssignments.find((a) => a.status.name === 'PENDING');

/** PENDING with no open offer: the allocation found no carrier; admins assign one by hand. */
export const isUnassigned = (ticket: Ticket): boolean => ticket.status.name === 'PENDING' && !openOffer(ticket);

/** The supplier's invoice number, from whichever documentation the ticket has. */
export const invoiceNumberOf = (ticket: Ticket): string | null =>
  ticket.truckDocumentation?.invoiceNumber ?? ticket.railcarDocumentation?.invoiceNumber ?? null;

const TICKET_PAGES: Record<Role, string> = {
  ADMIN: PATHS.admin.ticket,
  ADMINRO: PATHS.admin.ticket,
  SUPPLIER: PATHS.suppliers.ticket,
  CARRIER: PATHS.carrier.ticket,
  CUSTOMS: PATHS.customs.ticket,
};

/** The role's ticket page for one ticket (`?id=`). */
export const ticketPagePath = (role: Role, id: number): string => `${TICKET_PAGES[role]}?id=${id}`;

/** The supplier's documentation form for the ticket's carrier mode. */
export const documentationPath = (ticket: Ticket): string =>
  ticket.carrier?.mode === 'RAILCAR' ? PATHS.suppliers.railcarDocumentation : PATHS.suppliers.truckDocumentation;
