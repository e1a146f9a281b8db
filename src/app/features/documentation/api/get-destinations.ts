import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Destination } from '../types';

export async function getDestinations(): Promise<Destination[]> {
  const { destinations } = await apiFetch<{ destinations: Destination[] }>('/destinations');
  return destinations;
}

export const destinationsQuery = () => queryOptions({ queryKey: ['destinations'], queryFn: getDestinations, staleTime: 10 * 60_000 });

export const useDestinations = () => useQuery(destinationsQuery());
