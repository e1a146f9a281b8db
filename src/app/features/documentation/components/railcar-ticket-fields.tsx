/**
 * The railcar form's first block: carrier (RAILCAR carriers), yard (the supplier's depots) and the
 * confirmed railcar ticket they narrow. Picking a ticket fills its carrier, yard and destination, which
 * the server requires to be the ticket's own.
 */
import { Select, SimpleGrid, Stack, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { useMessageTranslator } from '../../../lib/messages';
import { useRailCarriers } from '../../../lib/lookups';
import { useDepots } from '../api/get-depots';
import type { DocumentationFormValues } from '../form-values';
import type { DocTicket } from '../types';
import { TicketSummary } from './ticket-summary';
import { formatDay } from '../../../../shared/format/display-format';

export interface RailcarTicketFieldsProps {
  form: UseFormReturnType<DocumentationFormValues>;
  /** Confirmed railcar tickets, or the edited ticket alone. */
  tickets: DocTicket[];
  loadingTickets: boolean;
  editing: boolean;
  invoiceNumber: string | undefined;
  /** Which confirmed tickets are left out: their documentation waits in the outbox. */
  queuedNote?: string | undefined;
}

const idText = (id: number | null | undefined) => (id == null ? null : String(id));

export function RailcarTicketFields({
  form,
  tickets,
  loadingTickets,
  editing,
  invoiceNumber,
  queuedNote,
}: RailcarTicketFieldsProps) {
  const { t, i18n } = useLingui();
  const tm = useMessageTranslator();
  const carriers = useRailCarriers();
  const depots = useDepots();
  const { carrierId, depotId, ticketId } = form.values;
  const candidates = tickets.filter(
    (ticket) =>
      (carrierId === null || idText(ticket.carrier?.id) === carrierId) &&
      (depotId === null || idText(ticket.origin.id) === depotId),
  );
  const selected = tickets.find((ticket) => idText(ticket.id) === ticketId) ?? null;
  const field = (name: keyof DocumentationFormValues) => ({
    ...form.getInputProps(name),
    error: tm(form.errors[name]),
  });

  // A carrier or yard that no longer matches the chosen ticket drops the ticket.
  const narrow = (name: 'carrierId' | 'depotId', value: string | null) => {
    form.setFieldValue(name, value);
    if (!selected || value === null) return;
    const own = name === 'carrierId' ? idText(selected.carrier?.id) : idText(selected.origin.id);
    if (own !== value) form.setFieldValue('ticketId', null);
  };

  const pick = (value: string | null) => {
    form.setFieldValue('ticketId', value);
    const ticket = tickets.find((item) => idText(item.id) === value);
    if (!ticket) return;
    form.setFieldValue('carrierId', idText(ticket.carrier?.id));
    form.setFieldValue('depotId', idText(ticket.origin.id));
    if (ticket.destination) form.setFieldValue('destinationId', idText(ticket.destination.id));
    form.clearFieldError('ticketId');
    form.clearFieldError('carrierId');
    form.clearFieldError('depotId');
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h4">{t`Railcar`}</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Select
          label={t`Carrier`}
          placeholder={t`Choose a carrier`}
          required
          searchable
          disabled={editing}
          data={(carriers.data ?? []).map((carrier) => ({ value: String(carrier.id), label: carrier.businessName }))}
          {...field('carrierId')}
          onChange={(value) => narrow('carrierId', value)}
        />
        <Select
          label={t`Yard`}
          placeholder={t`Choose a yard`}
          required
          searchable
          disabled={editing}
          data={(depots.data ?? []).map((depot) => ({
            value: String(depot.id),
            label: `${depot.name} · ${depot.city}`,
          }))}
          {...field('depotId')}
          onChange={(value) => narrow('depotId', value)}
        />
        <Select
          label={t`Ticket`}
          placeholder={loadingTickets ? t`Loading…` : t`Choose a confirmed ticket`}
          required
          searchable
          disabled={editing}
          data={candidates.map((ticket) => ({
            value: String(ticket.id),
            label: `#${ticket.id} · ${ticket.carrier?.businessName ?? '—'} · ${formatDay(ticket.createAt, i18n.locale)}`,
          }))}
          nothingFoundMessage={t`No confirmed railcar tickets`}
          description={queuedNote}
          {...field('ticketId')}
          onChange={pick}
        />
      </SimpleGrid>
      {selected && <TicketSummary ticket={selected} role="SUPPLIER" invoiceNumber={invoiceNumber} />}
    </Stack>
  );
}
