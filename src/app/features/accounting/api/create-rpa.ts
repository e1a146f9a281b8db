import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRpa, RpaView } from '../../../../shared/schemas/rpa';
import { apiFetch } from '../../../lib/api-client';
import { rpaKeys } from './get-rpas';

/** POST /rpa with the open period the user saw; answers the new batch. */
export function createRpa(input: CreateRpa) {
  return apiFetch<{ rpa: RpaView }>('/rpa', {
    method: 'POST',
    body: { rpa: input },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
}

export function useCreateRpa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createRpa,
    onSettled: () => client.invalidateQueries({ queryKey: rpaKeys.all }),
  });
}
