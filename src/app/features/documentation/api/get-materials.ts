import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Material } from '../types';
import { lookupKeys } from '../../../lib/query-keys';

export async function getMaterials(): Promise<Material[]> {
  const { materials } = await apiFetch<{ materials: Material[] }>('/materials');
  return materials;
}

export const materialsQuery = () =>
  queryOptions({ queryKey: lookupKeys.materials, queryFn: getMaterials, staleTime: 10 * 60_000 });

export const useMaterials = () => useQuery(materialsQuery());
