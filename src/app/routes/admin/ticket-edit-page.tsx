/**
 * /dashboard/admin/ticket-edit/{id}: the admin's correction of a ticket's truck documentation. Loads the
 * ticket, its documentation and the destinations; editable only while SUPPLIER_INVOICED and for ADMIN.
 */
import { Alert, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { can } from '../../../shared/domain/permissions';
import { isAdminTicketPageAllowed } from '../../../shared/domain/role-views';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../features/auth/auth-context';
import { useDestinations } from '../../features/documentation/api/get-destinations';
import { useDocumentation } from '../../features/documentation/api/get-documentation';
import { useTicket } from '../../features/documentation/api/get-ticket';
import { AdminDocumentationEditForm } from '../../features/documentation/components/admin-documentation-edit-form';
import { TICKET_TOASTS, useMessageTranslator } from '../../lib/messages';
import { PATHS, taInvoicePath } from '../../paths';

export function TicketEditPage() {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const { user } = useAuth();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const ticket = useTicket(id);
  const doc = useDocumentation('TRUCK', ticket.data ? id : null);
  const destinations = useDestinations();

  if (!Number.isSafeInteger(id)) return <Navigate to={PATHS.admin.root} replace />;
  const header = <PageHeader title={t`Edit ticket · Trip ID ${id}`} description={t`Correct the supplier's truck documentation before the TA invoice.`} />;
  if (ticket.isError) {
    return (
      <>
        {header}
        <Alert color="red">{tm(TICKET_TOASTS.ticketError)}</Alert>
      </>
    );
  }
  if (ticket.isPending || doc.isPending || destinations.isPending) {
    return (
      <>
        {header}
        <Loader aria-label={t`Loading`} />
      </>
    );
  }
  if (!isAdminTicketPageAllowed(ticket.data.status.name)) return <Navigate to={PATHS.admin.root} replace />;
  if (!doc.data) {
    return (
      <>
        {header}
        <Alert color="yellow">{t`This ticket has no truck documentation to edit.`}</Alert>
      </>
    );
  }
  const editable = ticket.data.status.name === 'SUPPLIER_INVOICED' && !!user && can(user.roles, 'documentation:write');
  return (
    <>
      {header}
      <AdminDocumentationEditForm
        ticket={ticket.data}
        doc={doc.data}
        destinations={destinations.data ?? []}
        editable={editable}
        onSaved={() => navigate(PATHS.admin.root)}
        onBack={() => navigate(taInvoicePath(id))}
      />
    </>
  );
}
