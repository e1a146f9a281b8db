import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTicketInput } from '../../../../shared/schemas/ticket';
import { apiFetch } from '../../../lib/api-client';
import { trackCreation } from '../../../lib/own-tickets';
import type { Ticket } from '../types';
import { ticketKeys } from '../../../lib/query-keys';

/** POST /tickets: `count` tickets from one yard; answers the created tickets with their ids. */
export async function createTickets(input: CreateTicketInput): Promise<Ticket[]> {
  const { tickets } = await apiFetch<{ tickets: Ticket[] }>('/tickets', { method: 'POST', body: { ticket: input } });
  return tickets;
}

export function useCreateTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    // Remembered, so the creator is not told about their own new tickets by a live toast.
    mutationFn: (input: CreateTicketInput) => trackCreation(createTickets(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
