import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmTicketInput } from '../../../../shared/schemas/ticket';
import { apiFetch } from '../../../lib/api-client';
import type { Ticket } from '../types';
import { ticketsQueryKey } from './get-tickets';

/** PUT /tickets/{id}/confirm: the carrier accepts its offer with a withdrawal date and its UTC offset. */
export async function confirmTicket({ id, ...ticket }: ConfirmTicketInput & { id: number }): Promise<Ticket> {
  const body = await apiFetch<{ ticket: Ticket }>(`/tickets/${id}/confirm`, { method: 'PUT', body: { ticket } });
  return body.ticket;
}

export function useConfirmTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  });
}
