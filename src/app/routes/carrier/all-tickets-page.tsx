import { useLingui } from '@lingui/react/macro';
import { useAuth } from '../../features/auth/auth-context';
import { TicketList } from '../../features/tickets/components/ticket-list';
import type { TicketListConfig } from '../../features/tickets/list-params';

const CONFIG: TicketListConfig = {
  role: 'CARRIER',
  list: 'generic',
  filters: ['status', 'destination', 'order'],
  all: true,
};

/** /dashboard/carrier/all: every ticket the carrier was offered, answered or not. */
export function AllTicketsPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <TicketList
      config={CONFIG}
      user={user}
      title={t`All tickets`}
      description={t`Every ticket you were offered.`}
      emptyTitle={t`No tickets yet`}
      emptyDescription={t`Tickets you accepted, declined or carried will be listed here.`}
    />
  );
}
