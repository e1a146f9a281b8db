import { Badge, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { Role } from '../../../../shared/domain/roles';
import { useStatusLabel } from '../status-label';
import type { DocTicket } from '../types';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

export interface TicketSummaryProps {
  ticket: DocTicket;
  role: Role;
  /** The supplier's invoice number (documentation). */
  invoiceNumber?: string | null | undefined;
}

/** The ticket row of the documentation screens: trip id, date, supplier, invoice numbers, carrier, status. */
export function TicketSummary({ ticket, role, invoiceNumber }: TicketSummaryProps) {
  const { t } = useLingui();
  const status = useStatusLabel(role)(ticket.status.name);
  const docNumber =
    invoiceNumber ?? ticket.truckDocumentation?.invoiceNumber ?? ticket.railcarDocumentation?.invoiceNumber;
  return (
    <Paper withBorder p="md" radius="md" data-testid="ticket-summary">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
        <Item label={t`Trip ID`}>#{ticket.id}</Item>
        <Item label={t`Date`}>{dayjs(ticket.createAt).format('DD/MM/YYYY')}</Item>
        <Item label={t`Supplier`}>{ticket.supplier.businessName}</Item>
        <Item label={t`Invoice #`}>{docNumber ?? '—'}</Item>
        <Item label={t`TA invoice #`}>{ticket.invoice?.number ?? '—'}</Item>
        <Item label={t`Carrier`}>{ticket.carrier?.businessName ?? '—'}</Item>
        <Item label={t`Status`}>
          <Badge color={status.color} variant="light" maw="100%" h="auto" styles={{ label: { whiteSpace: 'normal' } }}>
            {status.label}
          </Badge>
        </Item>
      </SimpleGrid>
    </Paper>
  );
}
