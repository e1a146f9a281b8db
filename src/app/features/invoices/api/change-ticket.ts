import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { ticketKeys } from '../../../lib/query-keys';

export type AdminTicketChange = { kind: 'status'; status: 'MX_TRANSIT' | 'DELIVERED' } | { kind: 'cancel' };

/** The admin's ticket moves: PUT /tickets/{id} {ticket:{status}} or PATCH /tickets/cancel/{id}. */
export async function changeTicket(ticketId: number, change: AdminTicketChange): Promise<void> {
  if (change.kind === 'cancel') await apiFetch(`/tickets/cancel/${ticketId}`, { method: 'PATCH' });
  else await apiFetch(`/tickets/${ticketId}`, { method: 'PUT', body: { ticket: { status: change.status } } });
}

export function useChangeTicket(ticketId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: AdminTicketChange) => changeTicket(ticketId, change),
    onSuccess: () => client.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
