import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketQuery } from '../../../../shared/schemas/ticket';
import type { ActiveSearch } from '../../../components/layout/search-fields';
import { apiFetch } from '../../../lib/api-client';
import type { TicketPage } from '../types';
import { ticketKeys } from '../../../lib/query-keys';

type ReadonlyArrays<T> = { [K in keyof T]: T[K] extends (infer Item)[] | undefined ? readonly Item[] : T[K] };

/**
 * GET /tickets filters as the server's TicketQuerySchema hands them to its handler; the client sends
 * them in that parsed form (arrays as repeated keys). Every list names its page and page size.
 */
export type TicketFilters = ReadonlyArrays<Partial<TicketQuery>> & Pick<TicketQuery, 'page'> & { limit: number };

/** The filter of a search box's text, or null when it cannot match anything (a non-numeric trip id). */
export function searchFilter(search: ActiveSearch): Partial<TicketFilters> | null {
  if (search.key !== 'ticketId') return { [search.key]: search.value };
  return /^\d{1,9}$/.test(search.value) ? { ticketId: Number(search.value) } : null;
}

export function getTickets(filters: TicketFilters, signal?: AbortSignal): Promise<TicketPage> {
  return apiFetch<TicketPage>('/tickets', {
    signal,
    query: {
      ...filters,
      unassigned: filters.unassigned || undefined,
      unpaid: filters.unpaid || undefined,
      all: filters.all || undefined,
    },
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
