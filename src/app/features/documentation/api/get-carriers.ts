import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Carrier } from '../types';

/** GET /carriers: every carrier; the railcar form keeps those whose mode is RAILCAR. */
export async function getCarriers(): Promise<Carrier[]> {
  const { carriers } = await apiFetch<{ carriers: Carrier[] }>('/carriers');
  return carriers;
}

export const carriersQuery = () => queryOptions({ queryKey: ['carriers'], queryFn: getCarriers, staleTime: 10 * 60_000 });

export const useRailCarriers = () =>
  useQuery({ ...carriersQuery(), select: (carriers) => carriers.filter((carrier) => carrier.mode === 'RAILCAR') });
