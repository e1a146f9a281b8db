/**
 * The supplier's railcar documentation (spec sections 2, 5 and 8): carrier, yard and a confirmed railcar
 * ticket, the invoice, the load, waybill and comments, the four PDFs and the photos. Started with a
 * ticket in navigation state it edits that ticket's documentation, read-only once the ticket is
 * TA_INVOICED, MX_TRANSIT, DELIVERED or CANCELED.
 */
import { Alert, Loader, Paper, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isDocumentationLocked } from '../../../../shared/domain/role-views';
import { DOCUMENT_TOASTS, useMessageTranslator } from '../../../lib/messages';
import { useConfirmedTickets } from '../api/get-confirmed-tickets';
import { useDocumentation } from '../api/get-documentation';
import { useSaveDocumentationThroughOutbox } from '../api/save-documentation';
import { newKey } from '../../../offline/outbox';
import { toastOutOfSpace, toastQueued } from '../../../offline/outbox-messages';
import { useUploadProgress } from '../../../offline/progress';
import { OutOfSpaceError } from '../../../offline/storage';
import {
  EMPTY_VALUES,
  documentationFiles,
  documentationPayload,
  validateDocumentation,
  valuesFromDocumentation,
  type DocumentationFormValues,
} from '../form-values';
import { describeSaveError } from '../save-error';
import type { DocTicket } from '../types';
import { CancelTicketButton } from './cancel-ticket-button';
import { DocumentUploads } from './document-uploads';
import { InvoiceLoadFields } from './invoice-load-fields';
import { RailcarTicketFields } from './railcar-ticket-fields';
import { LookupFailure } from './lookup-failure';
import { SaveActions } from './save-actions';
import { draftValues, useOutboxDraft } from './use-outbox-draft';

export interface RailcarDocumentationFormProps {
  /** The ticket whose documentation is edited; null to document a confirmed railcar ticket. */
  editTicket: DocTicket | null;
  supplierId: number | undefined;
  onDone: () => void;
}

function initialValues(ticket: DocTicket | null): DocumentationFormValues {
  if (!ticket) return EMPTY_VALUES;
  return {
    ...EMPTY_VALUES,
    ticketId: String(ticket.id),
    carrierId: ticket.carrier ? String(ticket.carrier.id) : null,
    depotId: String(ticket.origin.id),
    destinationId: ticket.destination ? String(ticket.destination.id) : null,
  };
}

export function RailcarDocumentationForm({ editTicket, supplierId, onDone }: RailcarDocumentationFormProps) {
  const { t, i18n } = useLingui();
  const tm = useMessageTranslator();
  const editing = editTicket !== null;
  const tickets = useConfirmedTickets(!editing);
  const stored = useDocumentation('RAILCAR', editTicket?.id ?? null);
  const save = useSaveDocumentationThroughOutbox();
  const form = useForm<DocumentationFormValues>({ initialValues: initialValues(editTicket) });
  const draft = useOutboxDraft(form);
  const [sendingId, setSendingId] = useState<string | null>(null);
  const progress = useUploadProgress(sendingId);

  const doc = stored.data;
  useEffect(() => {
    // Values reopened from the outbox win over the stored documentation.
    if (!doc || !editTicket || draft.outboxId) return;
    const values = valuesFromDocumentation(doc, editTicket.id, editTicket.carrier?.id);
    form.initialize({ ...values, depotId: values.depotId ?? String(editTicket.origin.id) });
    // Initialise once per loaded documentation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc?.id]);

  const status = doc?.ticket.status.name ?? editTicket?.status.name ?? null;
  // Editing whose stored documentation failed to load: saving would send a create, so it waits.
  const unloaded = editing && stored.isError && !draft.item;
  const locked = (editing && status !== null && isDocumentationLocked(status)) || unloaded;
  const railTickets = (tickets.data ?? []).filter((ticket) => ticket.carrier?.mode === 'RAILCAR');
  const pickList: DocTicket[] = editTicket ? [editTicket] : railTickets;

  const submit = form.onSubmit((values) => {
    const errors = validateDocumentation('RAILCAR', editing, values);
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    const ticketId = Number(values.ticketId);
    const itemId = newKey();
    setSendingId(itemId);
    save.mutate(
      {
        mode: 'RAILCAR',
        id: doc?.id ?? draft.item?.draft?.docId,
        payload: documentationPayload('RAILCAR', editing, values),
        files: documentationFiles(values),
        itemId,
        ticketId,
        values: draftValues(values),
        editTicket: editTicket ?? undefined,
        replaces: draft.outboxId,
      },
      {
        onSuccess: (result) => {
          if (result.status === 'queued') {
            toastQueued(i18n, result.reason, t`Railcar ID ${ticketId}`);
            onDone();
            return;
          }
          notifications.show({
            color: 'teal',
            message: editing ? t`Railcar ID: ${ticketId} successful update` : t`Railcar ID ${ticketId}: railcar documentation created successfully`,
          });
          onDone();
        },
        onError: (error) => {
          if (error instanceof OutOfSpaceError) {
            toastOutOfSpace(i18n);
            return;
          }
          const failure = describeSaveError(error, editing ? DOCUMENT_TOASTS.railcarUpdateError : DOCUMENT_TOASTS.railcarCreateError);
          const duplicate = failure.message === DOCUMENT_TOASTS.duplicateInvoiceNumber;
          const fixable = duplicate || Object.keys(failure.fieldErrors).length > 0;
          form.setErrors({ ...form.errors, ...failure.fieldErrors });
          if (editing) {
            // Spec section 8: an update failure says so and goes back, unless the user can fix a field.
            notifications.show({ color: 'red', message: tm(duplicate ? failure.message : DOCUMENT_TOASTS.railcarUpdateError) });
            if (!fixable) onDone();
            return;
          }
          notifications.show({ color: 'red', message: tm(duplicate ? failure.message : DOCUMENT_TOASTS.railcarCreateError) });
        },
      },
    );
  });

  // Offline the stored documentation may never load; a form reopened from the outbox has its values.
  if (editing && stored.isPending && !draft.item) return <Loader aria-label={t`Loading`} />;

  const field = (name: keyof DocumentationFormValues) => ({ ...form.getInputProps(name), error: tm(form.errors[name]) });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <LookupFailure queries={editing ? [stored] : [tickets]} railcar />
        {locked && !unloaded && (
          <Alert color="gray" icon={<IconLock size={18} />}>
            {t`This documentation can no longer change: the ticket already has its provider invoice or was canceled.`}
          </Alert>
        )}
        {editing && stored.isSuccess && !doc && <Alert color="yellow">{t`This ticket has no railcar documentation yet.`}</Alert>}
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
          <RailcarTicketFields
            form={form}
            tickets={pickList}
            loadingTickets={tickets.isPending && !editing}
            editing={editing}
            invoiceNumber={doc?.invoiceNumber}
          />
        </Paper>
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
          <InvoiceLoadFields
            form={form}
            supplierId={supplierId}
            editing={editing}
            locked={locked}
            storedOrder={doc?.purchaseOrder}
            showMaterialDescription
            afterAmount={
              <TextInput
                label={t`WayBill`}
                description={t`Rail tracking number, digits only (min 5)`}
                required
                disabled={locked}
                inputMode="numeric"
                {...field('waybill')}
              />
            }
            footer={<Textarea label={t`Comments`} rows={3} disabled={locked} {...field('comments')} />}
          />
        </Paper>
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
          <DocumentUploads form={form} stored={doc} disabled={locked} required={!editing} radioactiveLabel={t`No-radioactivity certificate`} />
        </Paper>
        <SaveActions
          editing={editing}
          locked={locked}
          saving={save.isPending}
          progress={progress}
          cancel={<CancelTicketButton ticketId={editTicket?.id ?? null} status={editing ? status : null} onCanceled={onDone} />}
        />
      </Stack>
    </form>
  );
}
