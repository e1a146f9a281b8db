import { useLingui } from '@lingui/react/macro';
import type { TicketListConfig } from '../../features/tickets/list-params';
import { SignedInTicketList } from '../signed-in-ticket-list';

const CONFIG: TicketListConfig = {
  role: 'CARRIER',
  list: 'generic',
  filters: ['status', 'destination', 'order'],
  all: true,
};

/** /dashboard/carrier/all: every ticket the carrier was offered, answered or not. */
export function AllTicketsPage() {
  const { t } = useLingui();
  return (
    <SignedInTicketList
      config={CONFIG}
      title={t`All tickets`}
      description={t`Every ticket you were offered.`}
      emptyTitle={t`No tickets yet`}
      emptyDescription={t`Tickets you accepted, declined or carried will be listed here.`}
    />
  );
}
