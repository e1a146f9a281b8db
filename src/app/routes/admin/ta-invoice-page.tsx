/**
 * /dashboard/admin/ta-invoice/{id}: the ticket, its supplier documentation, the provider (TA) invoice,
 * the SAP validation and the payment voucher. Only for tickets past CONFIRMED and not canceled (else home).
 */
import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconPencil } from '@tabler/icons-react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { availableActions } from '../../../shared/domain/available-actions';
import { allows } from '../../components/can';
import { NotOnDevice, unavailableReason } from '../../components/not-on-device';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../features/auth/auth-context';
import { useDocumentation } from '../../features/documentation/api/get-documentation';
import { DocumentationDetails } from '../../features/documentation/components/documentation-details';
import { FileDownloadButton } from '../../features/documentation/components/file-download-button';
import { FilePreview } from '../../features/documentation/components/document-viewer';
import { TicketSummary } from '../../features/documentation/components/ticket-summary';
import { useInvoices } from '../../features/invoices/api/get-invoices';
import { AdminTicketActions } from '../../features/invoices/components/admin-ticket-actions';
import { InvoiceForm } from '../../features/invoices/components/invoice-form';
import { PaymentForm } from '../../features/invoices/components/payment-form';
import { DOCUMENT_TOASTS, TICKET_TOASTS, useMessageTranslator } from '../../lib/messages';
import { useTicket } from '../../lib/lookups';
import { PATHS, ticketEditPath } from '../../paths';

export function TaInvoicePage() {
  const { t, i18n } = useLingui();
  const tm = useMessageTranslator();
  const { user } = useAuth();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const ticket = useTicket(Number.isSafeInteger(id) ? id : null);
  const mode = ticket.data?.carrier?.mode === 'RAILCAR' ? 'RAILCAR' : 'TRUCK';
  const doc = useDocumentation(mode, ticket.data ? id : null);
  const invoices = useInvoices(id);

  if (!Number.isSafeInteger(id)) return <Navigate to={PATHS.admin.root} replace />;
  // Offline with the ticket or its invoices never kept here: say so and retry, never a spinner forever.
  const unavailable = [unavailableReason(ticket), unavailableReason(invoices)].includes('offline') ? 'offline' : null;
  if (Number.isSafeInteger(id) && unavailable) {
    return (
      <>
        <PageHeader title={t`Trip ID ${id}`} />
        <NotOnDevice
          reason={unavailable}
          subject="ticket"
          onRetry={() => {
            if (ticket.data === undefined) void ticket.refetch();
            if (invoices.data === undefined) void invoices.refetch();
          }}
          retrying={ticket.fetchStatus === 'fetching' || invoices.fetchStatus === 'fetching'}
        />
      </>
    );
  }
  if (ticket.isError || ticket.isPending || invoices.isPending) {
    return (
      <>
        <PageHeader title={t`Trip ID ${id}`} />
        {ticket.isError ? (
          <Alert color="red">{tm(TICKET_TOASTS.ticketError)}</Alert>
        ) : (
          <Loader role="status" aria-label={t`Loading`} />
        )}
      </>
    );
  }
  const current = ticket.data;
  const actions = user ? availableActions(current, user) : [];
  if (!actions.includes('admin-page')) return <Navigate to={PATHS.admin.root} replace />;

  const readOnly = !allows(user, { permission: 'invoice:write' });
  const invoice = invoices.data?.[0] ?? null;
  // The admin ticket-edit form corrects truck or railcar documentation before the TA invoice.
  const editable = actions.includes('documentation-update') && !!doc.data;
  // The provider invoice and the payment voucher are seen in the page like the supplier's documents.
  const download = (file: { key: string; name: string }, label: string) => (
    <Group gap={4} wrap="nowrap">
      <FilePreview file={file} label={label} />
      <FileDownloadButton file={file} label={label} />
    </Group>
  );
  return (
    <>
      <PageHeader
        title={t`Trip ID ${id}`}
        description={t`Supplier documentation, provider invoice and payment voucher.`}
        actions={
          readOnly ? undefined : (
            <AdminTicketActions
              ticketId={id}
              actions={actions}
              onCanceled={() => navigate(PATHS.admin.root)}
              leading={
                editable && (
                  <Button
                    component={Link}
                    to={ticketEditPath(id)}
                    variant="default"
                    leftSection={<IconPencil size={16} />}
                  >
                    {t`Edit documentation`}
                  </Button>
                )
              }
            />
          )
        }
      />
      <Stack gap="lg">
        <TicketSummary ticket={current} role="ADMIN" invoiceNumber={doc.data?.invoiceNumber} />
        {doc.data ? (
          <DocumentationDetails ticket={current} doc={doc.data} locale={i18n.locale} />
        ) : doc.isPending ? (
          <Loader size="sm" />
        ) : doc.isError ? (
          // a railcar documentation that does not load says 'Error al obtener los trenes'.
          <Alert color="red">
            {mode === 'RAILCAR' ? t`Error retrieving the trains` : t`Error retrieving the truck documentation`}
          </Alert>
        ) : (
          <Alert color="yellow">{t`This ticket has no supplier documentation.`}</Alert>
        )}
        {invoices.isError ? (
          // Without the invoices the page cannot tell 'add' from 'update': say so instead of offering a new one.
          <Alert color="red">{tm(DOCUMENT_TOASTS.invoicesError)}</Alert>
        ) : (
          <>
            <InvoiceForm
              key={`${invoice?.id ?? 'new'}-${invoice?.number ?? ''}`}
              ticketId={id}
              actions={actions}
              invoice={invoice}
              readOnly={readOnly}
              defaultBorderCrossingId={current.origin.borderCrossingId}
              renderDownload={download}
            />
            <PaymentForm
              key={`payment-${invoice?.id ?? 'none'}-${invoice?.paymentNumber ?? ''}`}
              ticketId={id}
              actions={actions}
              invoice={invoice}
              readOnly={readOnly}
              renderDownload={download}
            />
          </>
        )}
      </Stack>
    </>
  );
}
