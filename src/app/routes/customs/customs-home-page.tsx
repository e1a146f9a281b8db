import { useLingui } from '@lingui/react/macro';
import type { TicketListConfig } from '../../features/tickets/list-params';
import { SignedInTicketList } from '../signed-in-ticket-list';

const CONFIG: TicketListConfig = {
  role: 'CUSTOMS',
  list: 'generic',
  filters: ['status', 'carrier', 'mode', 'destination', 'order'],
};

/** /dashboard/customs: tickets with a provider invoice at the agent's border crossings. */
export function CustomsHomePage() {
  const { t } = useLingui();
  return (
    <SignedInTicketList
      config={CONFIG}
      title={t`Tickets`}
      description={t`Tickets at your border crossings.`}
      emptyTitle={t`No tickets at your crossings`}
      emptyDescription={t`Tickets with a provider invoice at your border crossings will be listed here.`}
    />
  );
}
