/**
 * The customs detail pages (/predoc/{id}, /truck-documentation/{id}, /railcar-documentation/{id}): the
 * ticket, its supplier documentation with downloads, the read mark and the release. Tickets customs may
 * not see (pending, confirmed, canceled, supplier invoiced, or not at their crossing) go home.
 */
import { Alert, Loader, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Navigate, useParams } from 'react-router-dom';
import { availableActions } from '../../../shared/domain/available-actions';
import { allows } from '../../components/can';
import { NotOnDevice, unavailableReason } from '../../components/not-on-device';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../features/auth/auth-context';
import { CustomsDetailActions } from '../../features/customs/components/customs-detail-actions';
import { useDocumentation } from '../../features/documentation/api/get-documentation';
import { DocumentationDetails } from '../../features/documentation/components/documentation-details';
import { TicketSummary } from '../../features/documentation/components/ticket-summary';
import { useTicket } from '../../lib/lookups';
import { PATHS } from '../../paths';

export function CustomsDocumentationDetail() {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const id = Number(useParams().id);
  const ticket = useTicket(Number.isSafeInteger(id) ? id : null);
  const mode = ticket.data?.carrier?.mode === 'RAILCAR' ? 'RAILCAR' : 'TRUCK';
  const doc = useDocumentation(mode, ticket.data ? id : null);

  // Offline with the ticket never kept here: say so (a refusal still sends the agent home).
  const unavailable = Number.isSafeInteger(id) ? unavailableReason(ticket) : null;
  if (unavailable === 'offline') {
    return (
      <>
        <PageHeader title={t`Trip ID ${id}`} />
        <NotOnDevice
          reason={unavailable}
          subject="ticket"
          onRetry={() => void ticket.refetch()}
          retrying={ticket.fetchStatus === 'fetching'}
        />
      </>
    );
  }
  if (!Number.isSafeInteger(id) || ticket.isError) return <Navigate to={PATHS.customs.root} replace />;
  if (ticket.isPending) {
    return (
      <>
        <PageHeader title={t`Trip ID ${id}`} />
        <Loader role="status" aria-label={t`Loading`} />
      </>
    );
  }
  const current = ticket.data;
  const actions = user ? availableActions(current, user) : [];
  if (!actions.includes('customs-review')) return <Navigate to={PATHS.customs.root} replace />;
  const title = mode === 'RAILCAR' ? t`Railcar documentation · Trip ID ${id}` : t`Truck documentation · Trip ID ${id}`;
  return (
    <>
      <PageHeader
        title={title}
        description={t`Review the documents of this load and release it at the border.`}
        actions={
          <CustomsDetailActions
            ticketId={id}
            actions={actions}
            customsRead={current.customsRead}
            canRelease={allows(user, { permission: 'ticket:release' })}
          />
        }
      />
      <Stack gap="lg">
        <TicketSummary ticket={current} role="CUSTOMS" invoiceNumber={doc.data?.invoiceNumber} />
        {doc.data ? (
          <DocumentationDetails ticket={current} doc={doc.data} locale={i18n.locale} />
        ) : doc.isPending ? (
          <Loader size="sm" />
        ) : (
          <Alert color="yellow">{t`This ticket has no supplier documentation.`}</Alert>
        )}
      </Stack>
    </>
  );
}

export function CustomsTruckDocumentationDetailPage() {
  return <CustomsDocumentationDetail />;
}
