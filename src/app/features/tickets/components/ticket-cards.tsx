import { Box, Card, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../../components/status-badge';
import { NewBadge } from '../../../components/new-badge';
import { isCustomsUnread } from '../../../../shared/domain/role-views';
import { formatDateTime, invoiceNumberOf, ticketPagePath } from '../ticket-format';
import { CarrierCell } from './carrier-cell';
import { DestinationCell } from './destination-cell';
import { InvoiceNumber, showsTaInvoice, TaInvoiceNumber } from '../../../components/invoice-number';
import { TicketActions, hasTicketActions } from './ticket-actions';
import type { TicketViewProps } from './ticket-table';
import { LabelledValue } from '../../../components/labelled-value';

/** Phones (below 992 px): one card per ticket; the top opens the ticket, the buttons act on it. */
export function TicketCards({ tickets, role, user, onAction }: TicketViewProps) {
  const { t } = useLingui();
  return (
    <Stack gap="sm" role="list" aria-label={t`Tickets`}>
      {tickets.map((ticket) => {
        const invoice = invoiceNumberOf(ticket);
        return (
          <Card key={ticket.id} withBorder radius="lg" padding="md" role="listitem" data-ticket-id={ticket.id}>
            <UnstyledButton component={Link} to={ticketPagePath(role, ticket.id)} state={{ ticket }} mih={44} mb="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0}>
                  <Group gap={0} wrap="nowrap">
                    <Text fw={700} size="lg">
                      {t`Trip #${ticket.id}`}
                    </Text>
                    {role === 'CUSTOMS' && isCustomsUnread(ticket) && <NewBadge />}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(ticket.createAt)}
                  </Text>
                </Stack>
                <Group gap={6} wrap="nowrap">
                  <StatusBadge role={role} status={ticket.status.name} size="lg" />
                  <IconChevronRight size={20} color="var(--mantine-color-gray-5)" />
                </Group>
              </Group>
            </UnstyledButton>
            <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
              <LabelledValue label={t`Origin yard`}>{ticket.origin.name}</LabelledValue>
              {role !== 'CARRIER' && (
                <LabelledValue label={t`Carrier`}>
                  <CarrierCell ticket={ticket} />
                </LabelledValue>
              )}
              {role !== 'SUPPLIER' && <LabelledValue label={t`Supplier`}>{ticket.supplier.businessName}</LabelledValue>}
              <LabelledValue label={t`Destination`}>
                <DestinationCell ticket={ticket} />
              </LabelledValue>
              <LabelledValue label={t`Withdrawal`}>
                {formatDateTime(ticket.withdrawalDate, { zone: true })}
              </LabelledValue>
              {invoice && (
                <LabelledValue label={t`Invoice #`}>
                  <InvoiceNumber>{invoice}</InvoiceNumber>
                </LabelledValue>
              )}
              {showsTaInvoice(role) && ticket.invoice && (
                <LabelledValue label={t`TA invoice #`}>
                  <TaInvoiceNumber invoice={ticket.invoice} sayRejected />
                </LabelledValue>
              )}
            </SimpleGrid>
            {hasTicketActions(ticket, user) && (
              <Box mt="md">
                <TicketActions ticket={ticket} user={user} onAction={onAction} large />
              </Box>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
