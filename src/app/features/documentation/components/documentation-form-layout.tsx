/**
 * The page both supplier documentation forms (truck and railcar) are laid out on: the lookup failure,
 * the locked and missing-documentation notices, the ticket section, the invoice and load, the four
 * PDFs and the photos, and the save and cancel buttons. Each form passes only what is its own: how the
 * ticket is picked, its extra invoice fields and its texts.
 */
import { Alert, Loader, Paper, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CancelTicketButton } from './cancel-ticket-button';
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
  ticketSection,
  invoiceExtras,
  radioactiveLabel,
  onDone,
}: DocumentationFormLayoutProps) {
  const { t } = useLingui();
  const { form, editing, tickets, stored, doc, actions, unloaded, locked } = state;

  if (state.waiting) return <Loader role="status" aria-label={t`Loading`} />;

  return (
    <form onSubmit={state.submit} noValidate>
      <Stack gap="lg">
        <LookupFailure queries={editing ? [stored] : [tickets]} railcar={railcar} />
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
          cancel={<CancelTicketButton ticketId={editTicketId} actions={actions} onCanceled={onDone} />}
        />
      </Stack>
    </form>
  );
}
