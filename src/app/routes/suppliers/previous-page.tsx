import { useLingui } from '@lingui/react/macro';
import { useAuth } from '../../features/auth/auth-context';
import { TicketList } from '../../features/tickets/components/ticket-list';
import type { TicketListConfig } from '../../features/tickets/list-params';

const CONFIG: TicketListConfig = {
  role: 'SUPPLIER',
  list: 'supplier',
  fixedStatuses: ['DELIVERED', 'CANCELED'],
  filters: ['carrier', 'mode', 'destination', 'order'],
};

/** /dashboard/suppliers/previous: delivered and canceled requests. */
export function PreviousPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <TicketList
      config={CONFIG}
      user={user}
      title={t`Previous requests`}
      description={t`Requests that are already closed.`}
      emptyTitle={t`No previous requests`}
      emptyDescription={t`Delivered and cancelled requests will be listed here.`}
    />
  );
}
