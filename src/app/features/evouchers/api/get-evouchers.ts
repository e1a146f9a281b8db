import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EvoucherList } from '../../../../shared/schemas/evoucher';
import { apiFetch } from '../../../lib/api-client';
import { useCarriers } from '../../../lib/lookups';

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

/** The admin's carrier filter reads the one carriers lookup (app/lib/lookups.ts). */
export const useCarrierOptions = (enabled: boolean) => useCarriers(enabled);
