import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { CarrierRef } from '../types';

export interface Carrier extends CarrierRef {
  category: number;
  enabledForAlgorithm: boolean;
}

/** GET /carriers: every carrier, for the carrier filter and the manual assignment. */
export async function getCarriers(signal?: AbortSignal): Promise<Carrier[]> {
  const { carriers } = await apiFetch<{ carriers: Carrier[] }>('/carriers', { signal });
  return carriers;
}

export const carriersQueryOptions = () =>
  queryOptions({ queryKey: ['carriers'], queryFn: ({ signal }) => getCarriers(signal), staleTime: 5 * 60_000 });

export function useCarriers(enabled = true) {
  return useQuery({ ...carriersQueryOptions(), enabled });
}
