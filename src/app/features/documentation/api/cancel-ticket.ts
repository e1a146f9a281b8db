import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { ticketKeys } from '../../../lib/query-keys';

/** PATCH /tickets/cancel/{id}: a SUPPLIER_INVOICED ticket ends CANCELED. */
export async function cancelTicket(ticketId: number): Promise<void> {
  await apiFetch(`/tickets/cancel/${ticketId}`, { method: 'PATCH' });
}

export function useCancelTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelTicket,
    onSuccess: () => client.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
