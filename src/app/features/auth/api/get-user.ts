import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/user';
import { apiFetch } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

export async function getUser(id: number, signal?: AbortSignal): Promise<User> {
  const { user } = await apiFetch<{ user: User }>(`/users/${id}`, { signal });
  return user;
}

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userKeys.one(id), queryFn: ({ signal }) => getUser(id, signal) });

export function useUser(id: number) {
  return useQuery(userQueryOptions(id));
}
