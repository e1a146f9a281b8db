import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { DocTicket } from '../types';

export async function getTicket(id: number): Promise<DocTicket> {
  const { ticket } = await apiFetch<{ ticket: DocTicket }>(`/tickets/${id}`);
  return ticket;
}

export const ticketQuery = (id: number) => queryOptions({ queryKey: ['tickets', 'one', id], queryFn: () => getTicket(id) });

export const useTicket = (id: number) => useQuery(ticketQuery(id));
