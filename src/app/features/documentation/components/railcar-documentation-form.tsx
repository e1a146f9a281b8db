/**
 * The supplier's railcar documentation: carrier, yard and a confirmed railcar ticket, the invoice, the
 * load, waybill and comments, the four PDFs and the photos. Started with a ticket in navigation state it
 * edits that ticket's documentation, read-only once the ticket is TA_INVOICED, MX_TRANSIT, DELIVERED or
 * CANCELED. What it shares with the truck form lives in useDocumentationForm and DocumentationFormLayout;
 * the railcar's own parts (its ticket fields, waybill, comments and its texts, including going back
 * after a failed update) are below.
 */
import { TextInput, Textarea } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { DOCUMENT_TOASTS } from '../../../lib/messages';
import type { ActionUser } from '../../../../shared/domain/available-actions';
import { EMPTY_VALUES, valuesFromDocumentation, type DocumentationFormValues } from '../form-values';
import { describeSaveError } from '../save-error';
import type { DocTicket } from '../types';
import { DocumentationFormLayout } from './documentation-form-layout';
import { RailcarTicketFields } from './railcar-ticket-fields';
import { useQueuedNote } from './queued-note';
import { useDocumentationForm } from './use-documentation-form';

export interface RailcarDocumentationFormProps {
  /** The ticket whose documentation is edited; null to document a confirmed railcar ticket. */
  editTicket: DocTicket | null;
  /** A confirmed railcar ticket to document, already picked. */
  ticketToLoad?: DocTicket | null;
  supplierId: number | undefined;
  user: ActionUser | null;
  onDone: () => void;
}

/** A railcar ticket fills carrier, yard and destination too: the server requires the ticket's own. */
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

export function RailcarDocumentationForm({
  editTicket,
  ticketToLoad = null,
  supplierId,
  user,
  onDone,
}: RailcarDocumentationFormProps) {
  const { t } = useLingui();
  const state = useDocumentationForm({
    mode: 'RAILCAR',
    editTicket,
    ticketToLoad,
    user,
    onDone,
    initialValues,
    storedValues: (doc, ticket) => {
      const values = valuesFromDocumentation(doc, ticket.id, ticket.carrier?.id);
      return { ...values, depotId: values.depotId ?? String(ticket.origin.id) };
    },
    keepTicket: (ticket) => ticket.carrier?.mode === 'RAILCAR',
    queuedTitle: (ticketId) => t`Railcar ID ${ticketId}`,
    saved: (ticketId, editing) => ({
      message: editing
        ? t`Railcar ID: ${ticketId} successful update`
        : t`Railcar ID ${ticketId}: railcar documentation created successfully`,
    }),
    // the railcar texts, except a duplicate invoice number; an update failure goes back
    // unless the user can fix a field.
    failed: (error, _ticketId, editing) => {
      const generic = editing ? DOCUMENT_TOASTS.railcarUpdateError : DOCUMENT_TOASTS.railcarCreateError;
      const failure = describeSaveError(error, generic);
      const duplicate = failure.message === DOCUMENT_TOASTS.duplicateInvoiceNumber;
      const fixable = duplicate || Object.keys(failure.fieldErrors).length > 0;
      return { failure, notice: { message: duplicate ? failure.message : generic }, goBack: editing && !fixable };
    },
  });
  const { form, editing, tickets, doc, locked, pickList, field } = state;
  const queuedNote = useQueuedNote(state.queuedTicketIds);

  return (
    <DocumentationFormLayout
      state={state}
      editTicketId={editTicket?.id ?? null}
      supplierId={supplierId}
      railcar
      noDocumentation={t`This ticket has no railcar documentation yet.`}
      noTicket={t`You have no confirmed railcar ticket to document`}
      ticketSection={
        <RailcarTicketFields
          form={form}
          tickets={pickList}
          loadingTickets={tickets.isPending && !editing}
          editing={editing}
          invoiceNumber={doc?.invoiceNumber}
          queuedNote={queuedNote}
        />
      }
      invoiceExtras={{
        showMaterialDescription: true,
        afterAmount: (
          <TextInput
            label={t`WayBill`}
            description={t`Rail tracking number, digits only (min 5)`}
            required
            disabled={locked}
            inputMode="numeric"
            {...field('waybill')}
          />
        ),
        footer: <Textarea label={t`Comments`} rows={3} disabled={locked} {...field('comments')} />,
      }}
      radioactiveLabel={t`No-radioactivity certificate`}
      onDone={onDone}
    />
  );
}
