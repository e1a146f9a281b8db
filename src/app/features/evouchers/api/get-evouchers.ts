import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EvoucherList } from '../../../../shared/schemas/evoucher';
import { apiFetch } from '../../../lib/api-client';

export interface EvoucherListParams {
  page: number;
  limit: number;
  carrierId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const evoucherKeys = {
  all: ['evouchers'] as const,
  list: (params: EvoucherListParams) => ['evouchers', 'list', params] as const,
};

/** GET /evouchers: delivered trips with their contract price; a carrier gets only its own. */
export function getEvouchers(params: EvoucherListParams, signal?: AbortSignal) {
  return apiFetch<EvoucherList>('/evouchers', { query: { ...params }, signal });
}

export const evouchersQueryOptions = (params: EvoucherListParams) =>
  queryOptions({
    queryKey: evoucherKeys.list(params),
    queryFn: ({ signal }) => getEvouchers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useEvouchers(params: EvoucherListParams) {
  return useQuery(evouchersQueryOptions(params));
}

/** GET /carriers for the admin's carrier filter (same key as the ticket lists, so one cache). */
export function useCarrierOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['carriers'],
    queryFn: ({ signal }) =>
      apiFetch<{ carriers: { id: number; businessName: string }[] }>('/carriers', { signal }).then((r) => r.carriers),
    staleTime: 5 * 60_000,
    enabled,
  });
}
