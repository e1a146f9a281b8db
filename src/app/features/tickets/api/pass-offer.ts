import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PassOfferInput } from '../../../../shared/schemas/ticket';
import { submitThroughOutbox } from '../../../offline/submit';
import type { Ticket } from '../types';
import type { TicketWriteResult } from './confirm-ticket';
import { ticketKeys } from '../../../lib/query-keys';

/** PUT /tickets/{id}/pass: the carrier passes on a PENDING offer, with a reason (through the outbox). */
export async function passOffer({ id, ...ticket }: PassOfferInput & { id: number }): Promise<TicketWriteResult> {
  const result = await submitThroughOutbox({
    kind: 'pass',
    ticketId: id,
    request: { method: 'PUT', path: `/tickets/${id}/pass`, json: { ticket } },
    summary: { reason: ticket.reason },
  });
  if (result.status === 'queued') return { status: 'queued', reason: result.reason };
  return { status: 'sent', ticket: (result.body as { ticket?: Ticket } | null)?.ticket ?? null };
}

export function usePassOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: passOffer,
    // The outbox keeps it when offline; TanStack Query must not hold it back as a paused mutation.
    networkMode: 'always',
    onSuccess: (result) =>
      result.status === 'sent' ? queryClient.invalidateQueries({ queryKey: ticketKeys.all }) : undefined,
  });
}
