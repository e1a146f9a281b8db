import { useLingui } from '@lingui/react/macro';

/**
 * Under the ticket pick list: which confirmed tickets it leaves out because their documentation waits in
 * the outbox, so a supplier who misses one knows where it went.
 */
export function useQueuedNote(ticketIds: readonly number[]): string | undefined {
  const { t } = useLingui();
  if (ticketIds.length === 0) return undefined;
  const ids = ticketIds.join(', ');
  return ticketIds.length === 1
    ? t`Trip ID ${ids} is not listed: its documentation is waiting in the outbox.`
    : t`Trip IDs ${ids} are not listed: their documentation is waiting in the outbox.`;
}
