import { Anchor, Skeleton, Table, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { Role } from '../../../../shared/domain/roles';
import type { User } from '../../../../shared/schemas/user';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime, invoiceNumberOf, ticketPagePath } from '../ticket-format';
import type { Ticket } from '../types';
import { CarrierCell } from './carrier-cell';
import { TicketActions, type TicketDialogKind } from './ticket-actions';

export interface TicketViewProps {
  tickets: Ticket[];
  role: Role;
  user: User;
  onAction: (kind: TicketDialogKind, ticket: Ticket) => void;
}

/** Desktop (992 px and wider): one row per ticket. */
export function TicketTable({ tickets, role, user, onAction }: TicketViewProps) {
  const { t } = useLingui();
  const showSupplier = role !== 'SUPPLIER';
  return (
    <Table.ScrollContainer minWidth={showSupplier ? 1080 : 960}>
      <Table verticalSpacing="sm" highlightOnHover striped="even" fz="sm" aria-label={t`Tickets`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Trip ID`}</Table.Th>
            <Table.Th>{t`Created`}</Table.Th>
            <Table.Th>{t`Status`}</Table.Th>
            {showSupplier && <Table.Th>{t`Supplier`}</Table.Th>}
            <Table.Th>{t`Origin yard`}</Table.Th>
            <Table.Th>{t`Carrier`}</Table.Th>
            <Table.Th>{t`Destination`}</Table.Th>
            <Table.Th>{t`Withdrawal`}</Table.Th>
            <Table.Th>{t`Invoice #`}</Table.Th>
            <Table.Th>{t`Actions`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket) => (
            <Table.Tr key={ticket.id} data-ticket-id={ticket.id}>
              <Table.Td>
                <Anchor component={Link} to={ticketPagePath(role, ticket.id)} state={{ ticket }} fw={600} size="sm">
                  #{ticket.id}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(ticket.createAt)}</Table.Td>
              <Table.Td>
                <StatusBadge role={role} status={ticket.status.name} />
              </Table.Td>
              {showSupplier && <Table.Td>{ticket.supplier.businessName}</Table.Td>}
              <Table.Td>
                <Text size="sm" lh={1.3}>
                  {ticket.origin.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {ticket.origin.city}
                </Text>
              </Table.Td>
              <Table.Td>
                <CarrierCell ticket={ticket} />
              </Table.Td>
              <Table.Td>{ticket.destination?.name ?? '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(ticket.withdrawalDate)}</Table.Td>
              <Table.Td>{invoiceNumberOf(ticket) ?? '—'}</Table.Td>
              <Table.Td>
                <TicketActions ticket={ticket} role={role} user={user} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function TicketTableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div data-testid="tickets-loading" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={44} radius="sm" mb="xs" />
      ))}
    </div>
  );
}
