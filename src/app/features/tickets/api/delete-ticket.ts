import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { ticketKeys } from '../../../lib/query-keys';

/** DELETE /tickets/{id}: the supplier removes a PENDING or CONFIRMED ticket. */
export async function deleteTicket(id: number): Promise<void> {
  await apiFetch<unknown>(`/tickets/${id}`, { method: 'DELETE' });
}

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
