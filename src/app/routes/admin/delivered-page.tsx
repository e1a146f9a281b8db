import { useLingui } from '@lingui/react/macro';
import type { TicketListConfig } from '../../features/tickets/list-params';
import { SignedInTicketList, adminConfig } from '../signed-in-ticket-list';

const FILTERS: TicketListConfig['filters'] = ['carrier', 'mode', 'destination', 'order'];

/** /dashboard/admin/delivered: delivered tickets; each links to its TA invoice page. */
export function DeliveredPage() {
  const { t } = useLingui();
  return (
    <SignedInTicketList
      config={adminConfig({ list: 'delivered', fixedStatuses: ['DELIVERED'], filters: FILTERS })}
      title={t`Delivered requests`}
      description={t`Tickets that reached their destination depot.`}
      emptyTitle={t`No delivered requests yet`}
      emptyDescription={t`Once a ticket is delivered it moves here with its documents and invoices.`}
    />
  );
}
