import { Badge, Paper, SimpleGrid } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { Role } from '../../../../shared/domain/roles';
import { useStatusLabel } from '../status-label';
import type { DocTicket } from '../types';
import { LabelledValue } from '../../../components/labelled-value';
import { InvoiceNumber } from '../../../components/invoice-number';
import { formatDay } from '../../../../shared/format/display-format';

export interface TicketSummaryProps {
  ticket: DocTicket;
  role: Role;
  /** The supplier's invoice number (documentation). */
  invoiceNumber?: string | null | undefined;
}

/** The ticket row of the documentation screens: trip id, date, supplier, invoice numbers, carrier, status. */
export function TicketSummary({ ticket, role, invoiceNumber }: TicketSummaryProps) {
  const { t, i18n } = useLingui();
  const status = useStatusLabel(role)(ticket.status.name);
  const docNumber =
    invoiceNumber ?? ticket.truckDocumentation?.invoiceNumber ?? ticket.railcarDocumentation?.invoiceNumber;
  return (
    <Paper withBorder p="md" radius="md" data-testid="ticket-summary">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
        <LabelledValue lineClamp={2} label={t`Trip ID`}>
          #{ticket.id}
        </LabelledValue>
        <LabelledValue lineClamp={2} label={t`Date`}>
          {formatDay(ticket.createAt, i18n.locale)}
        </LabelledValue>
        <LabelledValue lineClamp={2} label={t`Supplier`}>
          {ticket.supplier.businessName}
        </LabelledValue>
        <LabelledValue label={t`Invoice #`}>
          <InvoiceNumber>{docNumber ?? '—'}</InvoiceNumber>
        </LabelledValue>
        <LabelledValue label={t`TA invoice #`}>
          <InvoiceNumber>{ticket.invoice?.number ?? '—'}</InvoiceNumber>
        </LabelledValue>
        <LabelledValue lineClamp={2} label={t`Carrier`}>
          {ticket.carrier?.businessName ?? '—'}
        </LabelledValue>
        <LabelledValue lineClamp={2} label={t`Status`}>
          <Badge color={status.color} variant="light" maw="100%" h="auto" styles={{ label: { whiteSpace: 'normal' } }}>
            {status.label}
          </Badge>
        </LabelledValue>
      </SimpleGrid>
    </Paper>
  );
}
