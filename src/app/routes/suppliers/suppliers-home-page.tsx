import { Button } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconCirclePlus, IconHistory, IconTrash } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { can } from '../../../shared/domain/permissions';
import { useAuth } from '../../features/auth/auth-context';
import { whenFirstOpened } from '../../components/when-first-opened';
import { TicketList } from '../../features/tickets/components/ticket-list';
import type { TicketListConfig } from '../../features/tickets/list-params';
import { PATHS, SUPPLIER_ACTIONS, SUPPLIER_ACTION_PARAM } from '../../paths';

const NewTicketDialog = whenFirstOpened(() =>
  import('../../features/tickets/components/new-ticket-dialog').then((m) => m.NewTicketDialog),
);
const DeleteTicketDialog = whenFirstOpened(() =>
  import('../../features/tickets/components/delete-ticket-dialog').then((m) => m.DeleteTicketDialog),
);

const CONFIG: TicketListConfig = {
  role: 'SUPPLIER',
  list: 'supplier',
  filters: ['status', 'carrier', 'mode', 'destination', 'order'],
};

/** /dashboard/suppliers: the supplier's requests; `?action=new-ticket|delete-ticket` opens a dialog. */
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

  return (
    <>
      <TicketList
        config={CONFIG}
        user={user}
        title={t`My requests`}
        description={t`Transport requests from your yards.`}
        emptyTitle={t`No requests yet`}
        emptyDescription={t`Create a request to ask for a truck or a railcar at one of your yards.`}
        actions={
          <>
            {mayCreate && (
              <Button
                visibleFrom="md"
                leftSection={<IconCirclePlus size={18} />}
                onClick={() => setAction(SUPPLIER_ACTIONS.newTicket)}
              >
                {t`New request`}
              </Button>
            )}
            {mayDelete && (
              <Button
                visibleFrom="md"
                variant="light"
                color="red"
                leftSection={<IconTrash size={18} />}
                onClick={() => setAction(SUPPLIER_ACTIONS.deleteTicket)}
              >
                {t`Delete request`}
              </Button>
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
