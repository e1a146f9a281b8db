/** Small readings of a ticket that the table, the cards and the ticket page share. */
import { dayjs } from '../../lib/dayjs';
import type { Role } from '../../../shared/domain/roles';
import { PATHS } from '../../paths';
import type { Ticket, TicketAssignment } from './types';

/** The spec's list format. */
export const LIST_DATE_FORMAT = 'MMM DD, hh:mm a';

export const formatDateTime = (iso: string | null | undefined, format = LIST_DATE_FORMAT): string =>
  iso ? dayjs(iso).format(format) : '—';

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
