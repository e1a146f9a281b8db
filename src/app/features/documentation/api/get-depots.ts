import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Depot } from '../types';
import { lookupKeys } from '../../../lib/query-keys';

/** The caller's yards (a supplier sees its own). */
export async function getDepots(): Promise<Depot[]> {
  const { depots } = await apiFetch<{ depots: Depot[] }>('/depots');
  return depots;
}

export const depotsQuery = () =>
  queryOptions({ queryKey: lookupKeys.myDepots, queryFn: getDepots, staleTime: 10 * 60_000 });

export const useDepots = () => useQuery(depotsQuery());
