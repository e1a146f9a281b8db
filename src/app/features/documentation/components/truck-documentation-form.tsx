/**
 * The supplier's truck documentation (spec sections 2 and 5): pick a confirmed truck ticket, enter the
 * invoice and the load, attach the four PDFs and the photos. Started with a ticket in navigation state
 * it edits that ticket's documentation: destination and ticket locked, everything locked once the
 * ticket is TA_INVOICED, MX_TRANSIT, DELIVERED or CANCELED.
 */
import { Alert, Loader, Paper, Select, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { IconLock } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { isDocumentationLocked } from '../../../../shared/domain/role-views';
import { useMessageTranslator } from '../../../lib/messages';
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
import { LookupFailure } from './lookup-failure';
import { SaveActions } from './save-actions';
import { TicketSummary } from './ticket-summary';
import { draftValues, useOutboxDraft } from './use-outbox-draft';

export interface TruckDocumentationFormProps {
  /** The ticket whose documentation is edited; null to document a confirmed ticket. */
  editTicket: DocTicket | null;
  supplierId: number | undefined;
  onDone: () => void;
}

export function TruckDocumentationForm({ editTicket, supplierId, onDone }: TruckDocumentationFormProps) {
  const { t, i18n } = useLingui();
  const tm = useMessageTranslator();
  const editing = editTicket !== null;
  const tickets = useConfirmedTickets(!editing);
  const stored = useDocumentation('TRUCK', editTicket?.id ?? null);
  const save = useSaveDocumentationThroughOutbox();
  const form = useForm<DocumentationFormValues>({
    initialValues: { ...EMPTY_VALUES, ticketId: editTicket ? String(editTicket.id) : null },
  });
  const draft = useOutboxDraft(form);
  const [sendingId, setSendingId] = useState<string | null>(null);
  const progress = useUploadProgress(sendingId);

  const doc = stored.data;
  useEffect(() => {
    // Values reopened from the outbox win over the stored documentation.
    if (doc && editTicket && !draft.outboxId) form.initialize(valuesFromDocumentation(doc, editTicket.id));
    // Initialise once per loaded documentation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc?.id]);

  const status = doc?.ticket.status.name ?? editTicket?.status.name ?? null;
  // Editing whose stored documentation failed to load: saving would send a create, so it waits.
  const unloaded = editing && stored.isError && !draft.item;
  const locked = (editing && status !== null && isDocumentationLocked(status)) || unloaded;
  const truckTickets = (tickets.data ?? []).filter((ticket) => ticket.carrier?.mode !== 'RAILCAR');
  const pickList: DocTicket[] = editTicket ? [editTicket] : truckTickets;
  const selected = pickList.find((ticket) => String(ticket.id) === form.values.ticketId) ?? null;

  const submit = form.onSubmit((values) => {
    const errors = validateDocumentation('TRUCK', editing, values);
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    const ticketId = Number(values.ticketId);
    const itemId = newKey();
    setSendingId(itemId);
    save.mutate(
      {
        mode: 'TRUCK',
        id: doc?.id ?? draft.item?.draft?.docId,
        payload: documentationPayload('TRUCK', editing, values),
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
            toastQueued(i18n, result.reason, t`Truck ID ${ticketId}`);
            onDone();
            return;
          }
          notifications.show({
            color: 'teal',
            title: t`Truck ID ${ticketId}`,
            message: editing ? t`Truck documentation updated successfully` : t`Truck documentation created successfully`,
          });
          onDone();
        },
        onError: (error) => {
          if (error instanceof OutOfSpaceError) {
            toastOutOfSpace(i18n);
            return;
          }
          const failure = describeSaveError(error, 'Error updating truck');
          form.setErrors({ ...form.errors, ...failure.fieldErrors });
          notifications.show({ color: 'red', title: t`Truck ID ${ticketId}`, message: tm(failure.message) });
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
        <LookupFailure queries={editing ? [stored] : [tickets]} />
        {locked && !unloaded && (
          <Alert color="gray" icon={<IconLock size={18} />}>
            {t`This documentation can no longer change: the ticket already has its provider invoice or was canceled.`}
          </Alert>
        )}
        {editing && stored.isSuccess && !doc && (
          <Alert color="yellow">{t`This ticket has no truck documentation yet.`}</Alert>
        )}
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
          <Stack gap="md">
            <Title order={2} size="h4">{t`Ticket`}</Title>
            <Select
              label={t`Ticket (by carrier)`}
              placeholder={tickets.isPending && !editing ? t`Loading…` : t`Choose a confirmed ticket`}
              required
              searchable
              disabled={editing}
              data={pickList.map((ticket) => ({
                value: String(ticket.id),
                label: `#${ticket.id} · ${ticket.carrier?.businessName ?? '—'} · ${dayjs(ticket.createAt).format('DD/MM/YYYY')}`,
              }))}
              nothingFoundMessage={t`No confirmed truck tickets`}
              {...field('ticketId')}
            />
            {selected && <TicketSummary ticket={selected} role="SUPPLIER" invoiceNumber={doc?.invoiceNumber} />}
          </Stack>
        </Paper>
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
          <InvoiceLoadFields
            form={form}
            supplierId={supplierId}
            editing={editing}
            locked={locked}
            storedOrder={doc?.purchaseOrder}
            showMaterialDescription={false}
          />
        </Paper>
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
          <DocumentUploads form={form} stored={doc} disabled={locked} required={!editing} radioactiveLabel={t`Radioactive certificate`} />
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
