import { useLingui } from '@lingui/react/macro';
import type { TicketListConfig } from '../../features/tickets/list-params';
import { SignedInTicketList } from '../signed-in-ticket-list';

const CONFIG: TicketListConfig = {
  role: 'SUPPLIER',
  list: 'supplier',
  fixedStatuses: ['DELIVERED', 'CANCELED'],
  filters: ['carrier', 'mode', 'destination', 'order'],
};

/** /dashboard/suppliers/previous: delivered and canceled requests. */
export function PreviousPage() {
  const { t } = useLingui();
  return (
    <SignedInTicketList
      config={CONFIG}
      title={t`Previous requests`}
      description={t`Requests that are already closed.`}
      emptyTitle={t`No previous requests`}
      emptyDescription={t`Delivered and cancelled requests will be listed here.`}
    />
  );
}
