import { queryOptions, useQuery } from '@tanstack/react-query';
import { TICKET_BULK_LIMIT } from '../../../../shared/domain/role-views';
import { apiFetch } from '../../../lib/api-client';
import type { DocTicket } from '../types';
import { ticketKeys } from '../../../lib/query-keys';

/** The confirmed-ticket pick list of the documentation forms (bulk fetch of 30000). */
export async function getConfirmedTickets(): Promise<DocTicket[]> {
  const { tickets } = await apiFetch<{ tickets: DocTicket[] }>('/tickets', {
    query: { statusName: 'CONFIRMED', limit: TICKET_BULK_LIMIT },
  });
  return tickets;
}

export const confirmedTicketsQuery = () =>
  queryOptions({ queryKey: ticketKeys.confirmedPickList(), queryFn: getConfirmedTickets });

export const useConfirmedTickets = (enabled = true) => useQuery({ ...confirmedTicketsQuery(), enabled });
