import { useLingui } from '@lingui/react/macro';
import type { TicketListConfig } from '../../features/tickets/list-params';
import { SignedInTicketList } from '../signed-in-ticket-list';

const CONFIG: TicketListConfig = { role: 'CARRIER', list: 'generic', filters: ['status', 'destination', 'order'] };

/** /dashboard/carrier: tickets offered to the carrier and the ones it carries. */
export function CarrierHomePage() {
  const { t } = useLingui();
  return (
    <SignedInTicketList
      config={CONFIG}
      title={t`My tickets`}
      description={t`Tickets offered to you and the ones you carry.`}
      emptyTitle={t`No tickets right now`}
      emptyDescription={t`New transport requests offered to you will appear here, ready to accept or decline.`}
    />
  );
}
