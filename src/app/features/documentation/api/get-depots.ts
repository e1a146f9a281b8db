import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Depot } from '../types';

/** The caller's yards (a supplier sees its own). */
export async function getDepots(): Promise<Depot[]> {
  const { depots } = await apiFetch<{ depots: Depot[] }>('/depots');
  return depots;
}

export const depotsQuery = () => queryOptions({ queryKey: ['depots', 'mine'], queryFn: getDepots, staleTime: 10 * 60_000 });

export const useDepots = () => useQuery(depotsQuery());
