import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CarrierMode } from '../../../../shared/domain/roles';
import { apiFetch } from '../../../lib/api-client';
import type { TicketPage } from '../types';
import { ticketKeys } from '../../../lib/query-keys';

/** GET /tickets filters plus the server's `unassigned` and `all` flags. */
export interface TicketFilters {
  statusName?: readonly string[];
  page: number;
  limit: number;
  ticketId?: string;
  invoiceNumber?: string;
  taInvoiceNumber?: string;
  equipment?: string;
  carrierId?: readonly number[];
  carrierMode?: readonly CarrierMode[];
  supplierId?: readonly number[];
  destinationId?: readonly number[];
  borderCrossingId?: readonly number[];
  orderBy?: 'ASC' | 'DESC';
  beforeDate?: string;
  unassigned?: boolean;
  all?: boolean;
}

export function getTickets(filters: TicketFilters, signal?: AbortSignal): Promise<TicketPage> {
  return apiFetch<TicketPage>('/tickets', {
    signal,
    query: { ...filters, unassigned: filters.unassigned || undefined, all: filters.all || undefined },
  });
}

export const ticketsQueryOptions = (filters: TicketFilters) =>
  queryOptions({
    queryKey: ticketKeys.list(filters),
    queryFn: ({ signal }) => getTickets(filters, signal),
    // Paging and filtering keep the old page on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });

export function useTickets(filters: TicketFilters) {
  return useQuery(ticketsQueryOptions(filters));
}
