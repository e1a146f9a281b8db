import { Box, Card, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime, invoiceNumberOf, ticketPagePath } from '../ticket-format';
import { CarrierCell } from './carrier-cell';
import { TicketActions, hasTicketActions } from './ticket-actions';
import type { TicketViewProps } from './ticket-table';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

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
                  <Text fw={700} size="lg">
                    {t`Trip #${ticket.id}`}
                  </Text>
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
              <Field label={t`Origin yard`}>{ticket.origin.name}</Field>
              {role !== 'CARRIER' && (
                <Field label={t`Carrier`}>
                  <CarrierCell ticket={ticket} />
                </Field>
              )}
              {role !== 'SUPPLIER' && <Field label={t`Supplier`}>{ticket.supplier.businessName}</Field>}
              <Field label={t`Destination`}>{ticket.destination?.name ?? '—'}</Field>
              <Field label={t`Withdrawal`}>{formatDateTime(ticket.withdrawalDate)}</Field>
              {invoice && <Field label={t`Invoice #`}>{invoice}</Field>}
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
