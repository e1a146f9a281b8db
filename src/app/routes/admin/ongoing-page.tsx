import { useLingui } from '@lingui/react/macro';
import { AdminStatusTiles } from '../../features/tickets/components/admin-status-tiles';
import { AdminWorkTiles } from '../../features/tickets/components/admin-work-tiles';
import type { TicketListConfig } from '../../features/tickets/list-params';
import { SignedInTicketList, adminConfig } from '../signed-in-ticket-list';

const FILTERS: TicketListConfig['filters'] = ['status', 'carrier', 'mode', 'destination', 'order'];

/**
 * /dashboard/admin/ongoing: the admin's work (documentation waiting for a provider invoice, invoices
 * waiting for a payment voucher) and the status tiles over every ticket not yet delivered or cancelled.
 */
export function OngoingPage() {
  const { t } = useLingui();
  return (
    <SignedInTicketList
      config={adminConfig({ list: 'adminOngoing', filters: FILTERS })}
      title={t`Ongoing requests`}
      description={t`Tickets on their way from supplier yards to the depots.`}
      above={
        <>
          <AdminWorkTiles />
          <AdminStatusTiles />
        </>
      }
      emptyTitle={t`No ongoing requests`}
      emptyDescription={t`Pending, confirmed, invoiced and in-transit tickets will be listed here. Delivered ones are under Delivered; choose the Canceled status to see cancelled ones.`}
    />
  );
}
