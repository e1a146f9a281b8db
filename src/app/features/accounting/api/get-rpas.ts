import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RpaView } from '../../../../shared/schemas/rpa';
import { apiFetch } from '../../../lib/api-client';

export interface RpaListParams {
  page: number;
  limit: number;
  rpaId?: number | undefined;
  date?: string | undefined;
}

/** Query keys of the accounting screen, from one place. */
export const rpaKeys = {
  all: ['rpa'] as const,
  list: (params: RpaListParams) => ['rpa', 'list', params] as const,
};

/** GET /rpa: the open period first (page 1), then the batches newest first. */
export function getRpas(params: RpaListParams, signal?: AbortSignal) {
  return apiFetch<{ rpas: RpaView[]; count: number }>('/rpa', { query: { ...params }, signal });
}

export const rpasQueryOptions = (params: RpaListParams) =>
  queryOptions({
    queryKey: rpaKeys.list(params),
    queryFn: ({ signal }) => getRpas(params, signal),
    placeholderData: keepPreviousData,
  });

export function useRpas(params: RpaListParams) {
  return useQuery(rpasQueryOptions(params));
}
