import { useLingui } from '@lingui/react/macro';
import { useAuth } from '../../features/auth/auth-context';
import { AdminStatusTiles } from '../../features/tickets/components/admin-status-tiles';
import { TicketList } from '../../features/tickets/components/ticket-list';
import type { TicketListConfig } from '../../features/tickets/list-params';

const FILTERS: TicketListConfig['filters'] = ['status', 'carrier', 'mode', 'destination', 'order'];

/** /dashboard/admin/ongoing: status tiles over every ticket not yet delivered. */
export function OngoingPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  if (!user) return null;
  const role = user.roles[0]?.name === 'ADMINRO' ? 'ADMINRO' : 'ADMIN';
  return (
    <TicketList
      config={{ role, list: 'adminOngoing', filters: FILTERS }}
      user={user}
      title={t`Ongoing requests`}
      description={t`Tickets on their way from supplier yards to the depots.`}
      above={<AdminStatusTiles />}
      emptyTitle={t`No ongoing requests`}
      emptyDescription={t`Pending, confirmed, invoiced and in-transit tickets will be listed here.`}
    />
  );
}
