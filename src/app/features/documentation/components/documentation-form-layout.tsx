/**
 * The page both supplier documentation forms (truck and railcar) are laid out on: the lookup failure,
 * the locked and missing-documentation notices, the ticket section, the invoice and load, the four
 * PDFs and the photos, and the save and cancel buttons. Each form passes only what is its own: how the
 * ticket is picked, its extra invoice fields and its texts.
 */
import { Alert, Anchor, Loader, Paper, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../paths';
import { CancelTicketButton, TruckCancelButton } from './cancel-ticket-button';
import { DocumentUploads } from './document-uploads';
import { InvoiceLoadFields, type InvoiceLoadFieldsProps } from './invoice-load-fields';
import { LookupFailure } from './lookup-failure';
import { SaveActions } from './save-actions';
import type { DocumentationFormState } from './use-documentation-form';

export interface DocumentationFormLayoutProps {
  state: DocumentationFormState;
  /** The ticket being edited, for its cancel button; null while documenting a confirmed ticket. */
  editTicketId: number | null;
  supplierId: number | undefined;
  railcar: boolean;
  /** Shown when an edited ticket has no documentation of this kind yet. */
  noDocumentation: string;
  /** Said above the form when no confirmed ticket of this kind can be documented: what is missing. */
  noTicket: string;
  /** How the ticket is picked and shown. */
  ticketSection: ReactNode;
  /** The form's own fields of the invoice section (the railcar's waybill and comments). */
  invoiceExtras?: Pick<InvoiceLoadFieldsProps, 'showMaterialDescription' | 'afterAmount' | 'footer'>;
  radioactiveLabel: string;
  onDone: () => void;
}

export function DocumentationFormLayout({
  state,
  editTicketId,
  supplierId,
  railcar,
  noDocumentation,
  noTicket,
  ticketSection,
  invoiceExtras,
  radioactiveLabel,
  onDone,
}: DocumentationFormLayoutProps) {
  const { t } = useLingui();
  const { form, editing, tickets, stored, doc, actions, unloaded, locked, pickList } = state;

  if (state.waiting) return <Loader role="status" aria-label={t`Loading`} />;

  return (
    <form onSubmit={state.submit} noValidate>
      <Stack gap="lg">
        <LookupFailure queries={editing ? [stored] : [tickets]} railcar={railcar} />
        {!editing && tickets.isSuccess && pickList.length === 0 && <NoTicketNotice text={noTicket} />}
        {locked && !unloaded && (
          <Alert color="gray" icon={<IconLock size={18} />}>
            {t`This documentation can no longer change: the ticket already has its provider invoice or was canceled.`}
          </Alert>
        )}
        {editing && stored.isSuccess && !doc && <Alert color="yellow">{noDocumentation}</Alert>}
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
          {ticketSection}
        </Paper>
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
          <InvoiceLoadFields
            form={form}
            supplierId={supplierId}
            editing={editing}
            locked={locked}
            storedOrder={doc?.purchaseOrder}
            showMaterialDescription={false}
            {...invoiceExtras}
          />
        </Paper>
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
          <DocumentUploads
            form={form}
            stored={doc}
            disabled={locked}
            required={!editing}
            radioactiveLabel={radioactiveLabel}
          />
        </Paper>
        <SaveActions
          editing={editing}
          locked={locked}
          saving={state.saving}
          progress={state.progress}
          cancel={
            railcar ? (
              <CancelTicketButton ticketId={editTicketId} actions={actions} onCanceled={onDone} />
            ) : (
              <TruckCancelButton cancelable={editTicketId !== null && actions.includes('cancel')} />
            )
          }
        />
      </Stack>
    </form>
  );
}

/**
 * Before anything is typed: no confirmed ticket of this kind waits for documentation, so the form
 * cannot be sent. Says why and where a ticket comes from (a new request, confirmed by a carrier).
 */
function NoTicketNotice({ text }: { text: string }) {
  const { t } = useLingui();
  return (
    <Alert color="yellow" icon={<IconInfoCircle size={18} />} title={text} data-testid="no-ticket-notice">
      <Text size="sm">
        {t`Documentation is loaded for a ticket that a carrier has confirmed. Tickets you requested appear here once a carrier accepts them.`}
      </Text>
      <Anchor component={Link} to={`${PATHS.suppliers.root}?action=new-ticket`} size="sm" fw={600}>
        {t`Request a new ticket`}
      </Anchor>
    </Alert>
  );
}
