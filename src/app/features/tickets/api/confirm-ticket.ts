import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmTicketInput } from '../../../../shared/schemas/ticket';
import { submitThroughOutbox } from '../../../offline/submit';
import type { Ticket } from '../types';
import { ticketKeys } from '../../../lib/query-keys';

export type TicketWriteResult =
  { status: 'sent'; ticket: Ticket | null } | { status: 'queued'; reason: 'offline' | 'busy' };

/**
 * PUT /tickets/{id}/confirm: the carrier accepts its offer with a withdrawal date and its UTC offset.
 * Through the outbox: without a connection it is kept and replayed later with `X-Queued-At`, so the
 * server judges the withdrawal slot at the time the carrier chose it.
 */
export async function confirmTicket({
  id,
  ...ticket
}: ConfirmTicketInput & { id: number }): Promise<TicketWriteResult> {
  const queuedAt = new Date().toISOString();
  const result = await submitThroughOutbox({
    kind: 'accept',
    ticketId: id,
    queuedAt,
    request: { method: 'PUT', path: `/tickets/${id}/confirm`, json: { ticket }, headers: { 'X-Queued-At': queuedAt } },
    summary: { withdrawalDate: ticket.withdrawalDate },
  });
  if (result.status === 'queued') return { status: 'queued', reason: result.reason };
  return { status: 'sent', ticket: (result.body as { ticket?: Ticket } | null)?.ticket ?? null };
}

export function useConfirmTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTicket,
    // The outbox keeps it when offline; TanStack Query must not hold it back as a paused mutation.
    networkMode: 'always',
    onSuccess: (result) =>
      result.status === 'sent' ? queryClient.invalidateQueries({ queryKey: ticketKeys.all }) : undefined,
  });
}
