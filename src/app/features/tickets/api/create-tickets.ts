import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTicketInput } from '../../../../shared/schemas/ticket';
import { apiFetch } from '../../../lib/api-client';
import type { Ticket } from '../types';
import { ticketsQueryKey } from './get-tickets';

/** POST /tickets: `count` tickets from one yard; answers the created tickets with their ids. */
export async function createTickets(input: CreateTicketInput): Promise<Ticket[]> {
  const { tickets } = await apiFetch<{ tickets: Ticket[] }>('/tickets', { method: 'POST', body: { ticket: input } });
  return tickets;
}

export function useCreateTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTickets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  });
}
