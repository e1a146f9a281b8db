import { useLingui } from '@lingui/react/macro';
import { IconTicket } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export function TicketPage() {
  const { t } = useLingui();
  return (
    <ScreenPlaceholder
      title={t`Ticket`}
      description={t`Details of a single transport ticket.`}
      icon={<IconTicket size={30} stroke={1.5} />}
      emptyTitle={t`No ticket selected`}
      emptyDescription={t`Open a ticket from a list to see its details here.`}
    />
  );
}
