import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { dropSupersededReadFlags } from '../../../offline/outbox';
import { submitThroughOutbox } from '../../../offline/submit';
import { ticketKeys } from '../../../lib/query-keys';

export type CustomsChange = { customsRead: boolean } | { status: 'MX_TRANSIT' };

/**
 * PUT /tickets/{id}: the customs read flag, or the release at the border (TA_INVOICED → MX_TRANSIT).
 * The read flag goes through the outbox (kept and replayed when offline; a newer flag for the same
 * ticket replaces an older queued one); the release is an office action and needs the connection.
 */
export async function updateCustomsTicket(ticketId: number, change: CustomsChange): Promise<void> {
  if (!('customsRead' in change)) {
    await apiFetch(`/tickets/${ticketId}`, { method: 'PUT', body: { ticket: change } });
    return;
  }
  const result = await submitThroughOutbox({
    kind: 'customs-read',
    ticketId,
    request: { method: 'PUT', path: `/tickets/${ticketId}`, json: { ticket: change } },
    summary: { customsRead: change.customsRead },
  });
  if (result.status === 'queued') await dropSupersededReadFlags(result.item.userId, ticketId, result.item.id);
}

export function useUpdateCustomsTicket(ticketId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: CustomsChange) => updateCustomsTicket(ticketId, change),
    // The outbox keeps it when offline; TanStack Query must not hold it back as a paused mutation.
    networkMode: 'always',
    onSuccess: () => client.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
