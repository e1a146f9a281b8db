import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { StatusCount } from '../types';
import { ticketKeys } from '../../../lib/query-keys';

/** GET /tickets/count/states: totals per status and how many are older than a day. */
export function getStatusCounts(signal?: AbortSignal): Promise<StatusCount[]> {
  return apiFetch<StatusCount[]>('/tickets/count/states', { signal });
}

export const statusCountsQueryOptions = () =>
  queryOptions({ queryKey: ticketKeys.counts(), queryFn: ({ signal }) => getStatusCounts(signal) });

export function useStatusCounts() {
  return useQuery(statusCountsQueryOptions());
}
