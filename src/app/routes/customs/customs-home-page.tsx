import { useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router-dom';
import { readSearch } from '../../components/layout/search-fields';
import { CustomsUnreadSection } from '../../features/customs/components/customs-unread-section';
import type { TicketListConfig } from '../../features/tickets/list-params';
import { customsRailcarDocumentationPath, customsTruckDocumentationPath } from '../../paths';
import { SignedInTicketList } from '../signed-in-ticket-list';

/**
 * The work still at the border (awaiting release, released and on its way); delivered tickets are one
 * status filter away (src/app/features/customs/decisions/0001-customs-home.md).
 */
const CONFIG: TicketListConfig = {
  role: 'CUSTOMS',
  list: 'customsHome',
  statusOptions: ['AWAITING', 'RELEASED', 'DELIVERED'],
  filters: ['status', 'carrier', 'mode', 'destination', 'order'],
};
/** A header search looks through every ticket at the agent's crossings, delivered ones included. */
const SEARCH_CONFIG: TicketListConfig = { ...CONFIG, list: 'generic' };

/** /dashboard/customs: unread documentation first, then the tickets at the agent's border crossings. */
export function CustomsHomePage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const searching = readSearch(params) !== null;
  return (
    <SignedInTicketList
      config={searching ? SEARCH_CONFIG : CONFIG}
      title={t`Tickets`}
      description={t`Tickets at your border crossings awaiting release or on their way.`}
      above={
        !searching && (
          <CustomsUnreadSection
            mode={null}
            detailPath={(ticket) =>
              ticket.carrier?.mode === 'RAILCAR'
                ? customsRailcarDocumentationPath(ticket.id)
                : customsTruckDocumentationPath(ticket.id)
            }
          />
        )
      }
      emptyTitle={t`No tickets at the border`}
      emptyDescription={t`Tickets with a provider invoice at your border crossings will be listed here until they are delivered. Delivered ones: filter by status.`}
    />
  );
}
