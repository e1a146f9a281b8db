import { Badge } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { displayStatus, statusColor } from '../../../../shared/domain/role-views';
import type { TicketStatus } from '../../../../shared/domain/ticket-status';

/** Customs read ta_invoiced as awaiting and anything else as released. */
export function CustomsStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useLingui();
  const awaiting = displayStatus('CUSTOMS', status) === 'AWAITING';
  return (
    <Badge color={statusColor('CUSTOMS', status)} variant="light">
      {awaiting ? t`Awaiting` : t`Released`}
    </Badge>
  );
}
