import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export type CustomsChange = { customsRead: boolean } | { status: 'MX_TRANSIT' };

/** PUT /tickets/{id}: the customs read flag, or the release at the border (TA_INVOICED → MX_TRANSIT). */
export async function updateCustomsTicket(ticketId: number, change: CustomsChange): Promise<void> {
  await apiFetch(`/tickets/${ticketId}`, { method: 'PUT', body: { ticket: change } });
}

export function useUpdateCustomsTicket(ticketId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: CustomsChange) => updateCustomsTicket(ticketId, change),
    onSuccess: () => client.invalidateQueries({ queryKey: ['tickets'] }),
  });
}
