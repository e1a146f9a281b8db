import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Ticket } from '../types';
import { ticketsQueryKey } from './get-tickets';

export async function getTicket(id: number, signal?: AbortSignal): Promise<Ticket> {
  const { ticket } = await apiFetch<{ ticket: Ticket }>(`/tickets/${id}`, { signal });
  return ticket;
}

export const ticketQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...ticketsQueryKey, 'one', id], queryFn: ({ signal }) => getTicket(id, signal) });

export function useTicket(id: number | null) {
  return useQuery({ ...ticketQueryOptions(id ?? 0), enabled: id !== null });
}
