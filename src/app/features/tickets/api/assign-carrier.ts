import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManualAssignInput } from '../../../../shared/schemas/ticket';
import { apiFetch } from '../../../lib/api-client';
import type { Ticket } from '../types';
import { ticketKeys } from '../../../lib/query-keys';

/** PUT /tickets/{id}/manual: an admin offers the ticket to a chosen carrier, with a reason. */
export async function assignCarrier({ id, ...ticket }: ManualAssignInput & { id: number }): Promise<Ticket> {
  const body = await apiFetch<{ ticket: Ticket }>(`/tickets/${id}/manual`, { method: 'PUT', body: { ticket } });
  return body.ticket;
}

export function useAssignCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignCarrier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
