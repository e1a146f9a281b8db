import { Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useLocaleFormat } from '../../../lib/locale-format';
import type { Ticket } from '../types';

/** The destination's net scale weight in lbs in the reader's number format, or '—' before it is entered. */
export function DestinationNetWeight({ ticket }: { ticket: Pick<Ticket, 'destinationNetWeight'> }) {
  const f = useLocaleFormat();
  return <>{ticket.destinationNetWeight === null ? '—' : `${f.weight(ticket.destinationNetWeight)} lbs`}</>;
}

/**
 * A list's destination: its name and, once the destination's scale has weighed the load, the net
 * weight it recorded beneath it (a line of its own, so a phone's card or a narrow column keeps its width).
 */
export function DestinationCell({ ticket }: { ticket: Pick<Ticket, 'destination' | 'destinationNetWeight'> }) {
  const { t } = useLingui();
  return (
    <>
      <Text size="sm" lh={1.3} component="span" display="block">
        {ticket.destination?.name ?? '—'}
      </Text>
      {ticket.destinationNetWeight !== null && (
        <Text size="xs" c="dimmed" component="span" display="block">
          {t`Net at scale`}: <DestinationNetWeight ticket={ticket} />
        </Text>
      )}
    </>
  );
}
