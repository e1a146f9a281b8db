import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CarrierMode } from '../../../../shared/domain/roles';
import { apiFetch } from '../../../lib/api-client';
import type { CustomsTicket } from '../types';
import { ticketKeys } from '../../../lib/query-keys';

export type CustomsFilter = 'all' | 'AWAITING' | 'RELEASED';
export const CUSTOMS_PAGE_SIZE = 10;

/** Tickets at the agent's crossings (the server scopes them) of one carrier mode, newest first. */
export async function getCustomsTickets(mode: CarrierMode, filter: CustomsFilter, page: number) {
  return apiFetch<{ tickets: CustomsTicket[]; count: number }>('/tickets', {
    query: {
      carrierMode: mode,
      statusName: filter === 'all' ? ['TA_INVOICED', 'MX_TRANSIT', 'DELIVERED'] : filter,
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
