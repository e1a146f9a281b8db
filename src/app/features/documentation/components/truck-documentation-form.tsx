/**
 * The supplier's truck documentation: pick a confirmed truck ticket, enter the invoice and the load,
 * attach the four PDFs and the photos. Started with a ticket in navigation state it edits that ticket's
 * documentation: destination and ticket locked, everything locked once the ticket is TA_INVOICED,
 * MX_TRANSIT, DELIVERED or CANCELED. What it shares with the railcar form lives in useDocumentationForm
 * and DocumentationFormLayout; the truck's own parts are below.
 */
import { Select, Stack, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ActionUser } from '../../../../shared/domain/available-actions';
import { EMPTY_VALUES, valuesFromDocumentation, type DocumentationFormValues } from '../form-values';
import { describeSaveError } from '../save-error';
import type { DocTicket } from '../types';
import { DocumentationFormLayout } from './documentation-form-layout';
import { useQueuedNote } from './queued-note';
import { TicketSummary } from './ticket-summary';
import { useDocumentationForm } from './use-documentation-form';
import { formatDay } from '../../../../shared/format/display-format';

export interface TruckDocumentationFormProps {
  /** The ticket whose documentation is edited; null to document a confirmed ticket. */
  editTicket: DocTicket | null;
  /** A confirmed truck ticket to document, already picked. */
  ticketToLoad?: DocTicket | null;
  supplierId: number | undefined;
  user: ActionUser | null;
  onDone: () => void;
}

/** The truck form knows a ticket by its id alone; the rest comes with the documentation. */
const initialValues = (ticket: DocTicket | null): DocumentationFormValues => ({
  ...EMPTY_VALUES,
  ticketId: ticket ? String(ticket.id) : null,
});

export function TruckDocumentationForm({
  editTicket,
  ticketToLoad = null,
  supplierId,
  user,
  onDone,
}: TruckDocumentationFormProps) {
  const { t, i18n } = useLingui();
  const state = useDocumentationForm({
    mode: 'TRUCK',
    editTicket,
    ticketToLoad,
    user,
    onDone,
    initialValues,
    storedValues: (doc, ticket) => valuesFromDocumentation(doc, ticket.id),
    keepTicket: (ticket) => ticket.carrier?.mode !== 'RAILCAR',
    queuedTitle: (ticketId) => t`Truck ID ${ticketId}`,
    saved: (ticketId, editing) => ({
      title: t`Truck ID ${ticketId}`,
      message: editing ? t`Truck documentation updated successfully` : t`Truck documentation created successfully`,
    }),
    // The server's message (or the generic truck text) under the trip's title; the form stays open.
    failed: (error, ticketId) => {
      const failure = describeSaveError(error, 'Error updating truck');
      return { failure, notice: { title: t`Truck ID ${ticketId}`, message: failure.message }, goBack: false };
    },
  });
  const { form, editing, tickets, doc, pickList, field } = state;
  const queuedNote = useQueuedNote(state.queuedTicketIds);
  const selected = pickList.find((ticket) => String(ticket.id) === form.values.ticketId) ?? null;

  return (
    <DocumentationFormLayout
      state={state}
      editTicketId={editTicket?.id ?? null}
      supplierId={supplierId}
      railcar={false}
      noDocumentation={t`This ticket has no truck documentation yet.`}
      noTicket={t`You have no confirmed truck ticket to document`}
      ticketSection={
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
              label: `#${ticket.id} · ${ticket.carrier?.businessName ?? '—'} · ${formatDay(ticket.createAt, i18n.locale)}`,
            }))}
            nothingFoundMessage={t`No confirmed truck tickets`}
            description={queuedNote}
            {...field('ticketId')}
          />
          {selected && <TicketSummary ticket={selected} role="SUPPLIER" invoiceNumber={doc?.invoiceNumber} />}
        </Stack>
      }
      radioactiveLabel={t`Radioactive certificate`}
      onDone={onDone}
    />
  );
}
