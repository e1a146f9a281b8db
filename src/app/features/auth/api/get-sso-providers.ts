import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SsoProviders } from '../../../../shared/schemas/sso';
import { apiFetch } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys';

/** GET /auth/sso-providers: which single sign-on providers this portal has set up. */
export function getSsoProviders(signal?: AbortSignal): Promise<SsoProviders> {
  return apiFetch<SsoProviders>('/auth/sso-providers', { signal, skipUnauthorizedLogout: true });
}

export const ssoProvidersQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.ssoProviders,
    queryFn: ({ signal }) => getSsoProviders(signal),
    // A setting of the server: it changes only with a restart.
    staleTime: 5 * 60 * 1000,
  });

export function useSsoProviders() {
  return useQuery(ssoProvidersQueryOptions());
}
