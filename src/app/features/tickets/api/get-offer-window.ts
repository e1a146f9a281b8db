import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { lookupKeys } from '../../../lib/query-keys';

/** GET /configurations/offer-window: hours an offer waits before it moves on (0 = it never does). */
export function getOfferWindow(signal?: AbortSignal): Promise<{ hours: number }> {
  return apiFetch<{ hours: number }>('/configurations/offer-window', { signal });
}

export const offerWindowQueryOptions = () =>
  queryOptions({
    queryKey: lookupKeys.offerWindow,
    queryFn: ({ signal }) => getOfferWindow(signal),
    // An admin changes it rarely; the countdown may lag a change by the few minutes it is kept.
    staleTime: 5 * 60_000,
  });

export function useOfferWindow() {
  return useQuery(offerWindowQueryOptions());
}
