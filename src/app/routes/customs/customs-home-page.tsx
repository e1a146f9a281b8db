import { useLingui } from '@lingui/react/macro';
import { useAuth } from '../../features/auth/auth-context';
import { TicketList } from '../../features/tickets/components/ticket-list';
import type { TicketListConfig } from '../../features/tickets/list-params';

const CONFIG: TicketListConfig = {
  role: 'CUSTOMS',
  list: 'generic',
  filters: ['status', 'carrier', 'mode', 'destination', 'order'],
};

/** /dashboard/customs: tickets with a provider invoice at the agent's border crossings. */
export function CustomsHomePage() {
  const { t } = useLingui();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <TicketList
      config={CONFIG}
      user={user}
      title={t`Tickets`}
      description={t`Tickets at your border crossings.`}
      emptyTitle={t`No tickets at your crossings`}
      emptyDescription={t`Tickets with a provider invoice at your border crossings will be listed here.`}
    />
  );
}
