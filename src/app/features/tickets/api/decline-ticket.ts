import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeclineTicketInput } from '../../../../shared/schemas/ticket';
import { submitThroughOutbox } from '../../../offline/submit';
import type { Ticket } from '../types';
import type { TicketWriteResult } from './confirm-ticket';
import { ticketKeys } from '../../../lib/query-keys';

/** PUT /tickets/{id}/decline: the carrier gives a confirmed ticket back, with a reason (through the outbox). */
export async function declineTicket({
  id,
  ...ticket
}: DeclineTicketInput & { id: number }): Promise<TicketWriteResult> {
  const result = await submitThroughOutbox({
    kind: 'decline',
    ticketId: id,
    request: { method: 'PUT', path: `/tickets/${id}/decline`, json: { ticket } },
    summary: { reason: ticket.reason },
  });
  if (result.status === 'queued') return { status: 'queued', reason: result.reason };
  return { status: 'sent', ticket: (result.body as { ticket?: Ticket } | null)?.ticket ?? null };
}

export function useDeclineTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineTicket,
    // The outbox keeps it when offline; TanStack Query must not hold it back as a paused mutation.
    networkMode: 'always',
    onSuccess: (result) =>
      result.status === 'sent' ? queryClient.invalidateQueries({ queryKey: ticketKeys.all }) : undefined,
  });
}
