import { Button } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconCirclePlus, IconHistory, IconTrash } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { can } from '../../../shared/domain/permissions';
import { useAuth } from '../../features/auth/auth-context';
import { whenFirstOpened } from '../../components/when-first-opened';
import { SupplierWork } from '../../features/tickets/components/supplier-work';
import { TicketList } from '../../features/tickets/components/ticket-list';
import { isHomeView, type TicketListConfig } from '../../features/tickets/list-params';
import { PATHS, SUPPLIER_ACTIONS, SUPPLIER_ACTION_PARAM } from '../../paths';
import { NetworkButton } from '../../components/network-button';

const NewTicketDialog = whenFirstOpened(() =>
  import('../../features/tickets/components/new-ticket-dialog').then((m) => m.NewTicketDialog),
);
const DeleteTicketDialog = whenFirstOpened(() =>
  import('../../features/tickets/components/delete-ticket-dialog').then((m) => m.DeleteTicketDialog),
);

const CONFIG: TicketListConfig = {
  role: 'SUPPLIER',
  list: 'supplier',
  searchList: 'supplierOpen',
  filters: ['status', 'carrier', 'mode', 'destination', 'order'],
};

/**
 * /dashboard/suppliers: what waits for the supplier first (documentation to load, anything refused),
 * then its other open requests (waiting for a carrier, invoiced, in transit); delivered and cancelled
 * ones are under Previous;
 * `?action=new-ticket|delete-ticket` opens a dialog.
 */
export function SuppliersHomePage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const action = params.get(SUPPLIER_ACTION_PARAM);
  if (!user) return null;

  const setAction = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(SUPPLIER_ACTION_PARAM, value);
        else next.delete(SUPPLIER_ACTION_PARAM);
        return next;
      },
      { replace: value === null },
    );
  const mayCreate = can(user.roles, 'ticket:create');
  const mayDelete = can(user.roles, 'ticket:delete');
  // The work sections show on the home as it opens; an action dialog's parameter leaves them there.
  const listParams = new URLSearchParams(params);
  listParams.delete(SUPPLIER_ACTION_PARAM);
  const home = isHomeView(listParams);

  return (
    <>
      <TicketList
        config={CONFIG}
        user={user}
        title={t`My requests`}
        description={t`Transport requests from your yards.`}
        above={home ? <SupplierWork user={user} /> : undefined}
        listTitle={home ? t`Other open requests` : undefined}
        emptyTitle={t`No open requests`}
        emptyDescription={t`Create a request to ask for a truck or a railcar at one of your yards. Delivered and cancelled requests are under Previous requests.`}
        actions={
          <>
            {mayCreate && (
              <NetworkButton
                visibleFrom="md"
                leftSection={<IconCirclePlus size={18} />}
                onClick={() => setAction(SUPPLIER_ACTIONS.newTicket)}
              >
                {t`New request`}
              </NetworkButton>
            )}
            {mayDelete && (
              <NetworkButton
                visibleFrom="md"
                variant="light"
                color="red"
                leftSection={<IconTrash size={18} />}
                onClick={() => setAction(SUPPLIER_ACTIONS.deleteTicket)}
              >
                {t`Delete request`}
              </NetworkButton>
            )}
            {/* The closed requests have no menu entry: the home leads there. */}
            <Button
              component={Link}
              to={PATHS.suppliers.previous}
              variant="default"
              leftSection={<IconHistory size={18} />}
            >
              {t`Previous requests`}
            </Button>
          </>
        }
      />
      <NewTicketDialog
        opened={mayCreate && action === SUPPLIER_ACTIONS.newTicket}
        onClose={() => setAction(null)}
        yards={user.userDetail.supplier?.depots ?? []}
      />
      <DeleteTicketDialog
        opened={mayDelete && action === SUPPLIER_ACTIONS.deleteTicket}
        onClose={() => setAction(null)}
      />
    </>
  );
}
