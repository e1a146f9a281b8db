import { useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../../features/auth/auth-context';
import { CarrierWork } from '../../features/tickets/components/carrier-work';
import { TicketList } from '../../features/tickets/components/ticket-list';
import { isHomeView, type TicketListConfig } from '../../features/tickets/list-params';

const CONFIG: TicketListConfig = {
  role: 'CARRIER',
  list: 'carrier',
  searchList: 'carrierOpen',
  filters: ['status', 'destination', 'order'],
};

/**
 * /dashboard/carrier: the offers waiting for the carrier's answer and its pickups first, then the
 * tickets it carried that are on their way (TRANSIT); delivered ones are under /all.
 */
export function CarrierHomePage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const [params] = useSearchParams();
  if (!user) return null;
  const home = isHomeView(params);
  return (
    <TicketList
      config={CONFIG}
      user={user}
      title={t`My tickets`}
      description={t`Offers waiting for you, your pickups, and the loads on their way.`}
      above={home ? <CarrierWork user={user} /> : undefined}
      listTitle={home ? t`On their way` : undefined}
      emptyTitle={t`No tickets right now`}
      emptyDescription={t`New transport requests offered to you will appear here, ready to accept or decline.`}
    />
  );
}
