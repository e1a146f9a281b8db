/**
 * /dashboard/admin/ticket-edit/{id}: the admin's correction of a ticket's truck or railcar documentation
 * (by the carrier's mode). Loads the ticket, its documentation and the destinations; editable only while
 * SUPPLIER_INVOICED and for ADMIN. A failed railcar load says 'Error al obtener los trenes'.
 */
import { Alert, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { availableActions } from '../../../shared/domain/available-actions';
import { allows } from '../../components/can';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../features/auth/auth-context';
import { useDocumentation } from '../../features/documentation/api/get-documentation';
import {
  AdminDocumentationEditForm,
  type AdminEditLock,
} from '../../features/documentation/components/admin-documentation-edit-form';
import { TICKET_TOASTS, useMessageTranslator } from '../../lib/messages';
import { useDestinations, useTicket } from '../../lib/lookups';
import { PATHS, taInvoicePath } from '../../paths';

export function TicketEditPage() {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const { user } = useAuth();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const ticket = useTicket(Number.isSafeInteger(id) ? id : null);
  const mode = ticket.data?.carrier?.mode === 'RAILCAR' ? 'RAILCAR' : 'TRUCK';
  const doc = useDocumentation(mode, ticket.data ? id : null);
  const destinations = useDestinations();

  if (!Number.isSafeInteger(id)) return <Navigate to={PATHS.admin.root} replace />;
  const railcar = mode === 'RAILCAR';
  const header = (
    <PageHeader
      title={t`Edit ticket · Trip ID ${id}`}
      description={
        ticket.data && railcar
          ? t`Correct the supplier's railcar documentation before the TA invoice.`
          : t`Correct the supplier's truck documentation before the TA invoice.`
      }
    />
  );
  const failure = ticket.isError
    ? tm(TICKET_TOASTS.ticketError)
    : doc.isError
      ? railcar
        ? t`Error retrieving the trains`
        : t`Error retrieving the truck documentation`
      : destinations.isError
        ? tm(TICKET_TOASTS.destinationsError)
        : null;
  if (failure) {
    return (
      <>
        {header}
        <Alert color="red">{failure}</Alert>
      </>
    );
  }
  const current = ticket.data;
  if (!current || doc.isPending || destinations.isPending) {
    return (
      <>
        {header}
        <Loader role="status" aria-label={t`Loading`} />
      </>
    );
  }
  const actions = user ? availableActions(current, user) : [];
  if (!actions.includes('admin-page')) return <Navigate to={PATHS.admin.root} replace />;
  if (!doc.data) {
    return (
      <>
        {header}
        <Alert color="yellow">
          {railcar
            ? t`This ticket has no railcar documentation to edit.`
            : t`This ticket has no truck documentation to edit.`}
        </Alert>
      </>
    );
  }
  const lock: AdminEditLock = !allows(user, { permission: 'documentation:update' })
    ? 'read-only'
    : !actions.includes('documentation-update')
      ? 'status'
      : null;
  return (
    <>
      {header}
      <AdminDocumentationEditForm
        key={`${mode}-${doc.data.id}`}
        mode={mode}
        ticket={current}
        doc={doc.data}
        destinations={destinations.data ?? []}
        lock={lock}
        onSaved={() => navigate(PATHS.admin.root)}
        onBack={() => navigate(taInvoicePath(id))}
      />
    </>
  );
}
