import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeclineTicketInput } from '../../../../shared/schemas/ticket';
import { apiFetch } from '../../../lib/api-client';
import type { Ticket } from '../types';
import { ticketsQueryKey } from './get-tickets';

/** PUT /tickets/{id}/decline: the carrier gives a confirmed ticket back, with a reason. */
export async function declineTicket({ id, ...ticket }: DeclineTicketInput & { id: number }): Promise<Ticket> {
  const body = await apiFetch<{ ticket: Ticket }>(`/tickets/${id}/decline`, { method: 'PUT', body: { ticket } });
  return body.ticket;
}

export function useDeclineTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  });
}
