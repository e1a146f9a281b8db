import { useLingui } from '@lingui/react/macro';
import { useAuth } from '../../features/auth/auth-context';
import { TicketList } from '../../features/tickets/components/ticket-list';
import type { TicketListConfig } from '../../features/tickets/list-params';

const FILTERS: TicketListConfig['filters'] = ['carrier', 'mode', 'destination', 'order'];

/** /dashboard/admin/delivered: delivered tickets; each links to its TA invoice page. */
export function DeliveredPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  if (!user) return null;
  const role = user.roles[0]?.name === 'ADMINRO' ? 'ADMINRO' : 'ADMIN';
  return (
    <TicketList
      config={{ role, list: 'delivered', fixedStatuses: ['DELIVERED'], filters: FILTERS }}
      user={user}
      title={t`Delivered requests`}
      description={t`Tickets that reached their destination depot.`}
      emptyTitle={t`No delivered requests yet`}
      emptyDescription={t`Once a ticket is delivered it moves here with its documents and invoices.`}
    />
  );
}
