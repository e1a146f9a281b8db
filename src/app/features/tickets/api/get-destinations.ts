import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export interface Destination {
  id: number;
  name: string;
}

/** GET /destinations: the depots material is delivered to. */
export async function getDestinations(signal?: AbortSignal): Promise<Destination[]> {
  const { destinations } = await apiFetch<{ destinations: Destination[] }>('/destinations', { signal });
  return destinations;
}

export const destinationsQueryOptions = () =>
  queryOptions({
    queryKey: ['destinations'],
    queryFn: ({ signal }) => getDestinations(signal),
    staleTime: 5 * 60_000,
  });

export function useDestinations(enabled = true) {
  return useQuery({ ...destinationsQueryOptions(), enabled });
}
