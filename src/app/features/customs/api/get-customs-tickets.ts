import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TICKET_LIST_DEFAULTS } from '../../../../shared/domain/role-views';
import type { CarrierMode } from '../../../../shared/domain/roles';
import { CUSTOMS_VISIBLE_STATUSES } from '../../../../shared/domain/ticket-transitions';
import { apiFetch } from '../../../lib/api-client';
import type { CustomsTicket } from '../types';
import { ticketKeys } from '../../../lib/query-keys';

/** A documentation list's filter: every ticket, unread ones, awaiting release or released. */
export type CustomsFilter = 'all' | 'UNREAD' | 'AWAITING' | 'RELEASED';
export const CUSTOMS_PAGE_SIZE = 10;
/** The unread documentation above a customs list: a short inbox, paged on its own. */
export const UNREAD_PAGE_SIZE = 5;
/**
 * Unread documentation is unread work still at the border: the customs home's statuses. A delivered
 * ticket nobody opened is finished business, not work (decisions/0001-customs-home.md).
 */
export const UNREAD_STATUSES = TICKET_LIST_DEFAULTS.customsHome.statuses;

type CustomsPage = { tickets: CustomsTicket[]; count: number };

/** Tickets at the agent's crossings (the server scopes them) of one carrier mode, newest first. */
export async function getCustomsTickets(mode: CarrierMode, filter: CustomsFilter, page: number) {
  return apiFetch<CustomsPage>('/tickets', {
    query: {
      carrierMode: mode,
      statusName:
        filter === 'all' ? [...CUSTOMS_VISIBLE_STATUSES] : filter === 'UNREAD' ? [...UNREAD_STATUSES] : filter,
      customsRead: filter === 'UNREAD' ? false : undefined,
      page,
      limit: CUSTOMS_PAGE_SIZE,
    },
  });
}

export const customsTicketsQuery = (mode: CarrierMode, filter: CustomsFilter, page: number) =>
  queryOptions({
    queryKey: ticketKeys.customs(mode, filter, page),
    queryFn: () => getCustomsTickets(mode, filter, page),
    placeholderData: keepPreviousData,
  });

export const useCustomsTickets = (mode: CarrierMode, filter: CustomsFilter, page: number) =>
  useQuery(customsTicketsQuery(mode, filter, page));

/**
 * The agent's unread documentation, of one carrier mode or of both (null), oldest first: the work that
 * waited longest comes first. With no mode the server answers it from the unread rows of the agent's
 * kept view alone (GET /tickets?customsRead=false with statuses only).
 */
export async function getUnreadCustomsTickets(mode: CarrierMode | null, page: number) {
  return apiFetch<CustomsPage>('/tickets', {
    query: {
      statusName: [...UNREAD_STATUSES],
      customsRead: false,
      carrierMode: mode ?? undefined,
      orderBy: 'ASC',
      page,
      limit: UNREAD_PAGE_SIZE,
    },
  });
}

export const useUnreadCustomsTickets = (mode: CarrierMode | null, page: number) =>
  useQuery({
    queryKey: ticketKeys.customs(mode ?? 'ALL', 'unread-inbox', page),
    queryFn: () => getUnreadCustomsTickets(mode, page),
    placeholderData: keepPreviousData,
  });
