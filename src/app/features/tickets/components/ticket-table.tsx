import { Anchor, Mark, Table, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { Role } from '../../../../shared/domain/roles';
import type { User } from '../../../../shared/schemas/user';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime, invoiceNumberOf, ticketPagePath } from '../ticket-format';
import type { Ticket } from '../types';
import classes from './ticket-table.module.css';
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
  // A role does not need a column naming itself.
  const showSupplier = role !== 'SUPPLIER';
  const showCarrier = role !== 'CARRIER';
  const showTaInvoice = role === 'ADMIN' || role === 'ADMINRO';
  const fit = classes.fit;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing={8}
        highlightOnHover
        striped="even"
        fz="sm"
        className={classes.table}
        aria-label={t`Tickets`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={fit}>{t`Trip ID`}</Table.Th>
            <Table.Th className={fit}>{t`Created`}</Table.Th>
            <Table.Th className={classes.status}>{t`Status`}</Table.Th>
            <Table.Th>
              {showSupplier ? (
                <>
                  {t`Supplier`}
                  <Text size="xs" c="dimmed" fw={600}>
                    {t`Origin yard`}
                  </Text>
                </>
              ) : (
                t`Origin yard`
              )}
            </Table.Th>
            {showCarrier && <Table.Th>{t`Carrier`}</Table.Th>}
            <Table.Th>{t`Destination`}</Table.Th>
            <Table.Th className={fit}>{t`Withdrawal`}</Table.Th>
            <Table.Th>{t`Invoice #`}</Table.Th>
            <Table.Th className={fit}>{t`Actions`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket) => (
            <Table.Tr key={ticket.id} data-ticket-id={ticket.id}>
              <Table.Td className={fit}>
                <Anchor component={Link} to={ticketPagePath(role, ticket.id)} state={{ ticket }} fw={600} size="sm">
                  #{ticket.id}
                </Anchor>
              </Table.Td>
              <Table.Td className={`${classes.date} ${fit}`}>
                <DateTime iso={ticket.createAt} />
              </Table.Td>
              <Table.Td className={classes.status}>
                <StatusBadge
                  role={role}
                  status={ticket.status.name}
                  size="sm"
                  miw={0}
                  maw={118}
                  h="auto"
                  py={3}
                  classNames={{ label: classes.statusLabel }}
                />
              </Table.Td>
              <Table.Td>
                {showSupplier && (
                  <Text size="sm" lh={1.3} fw={500}>
                    {ticket.supplier.businessName}
                  </Text>
                )}
                <Text size={showSupplier ? 'xs' : 'sm'} lh={1.3} c={showSupplier ? 'dimmed' : undefined}>
                  {ticket.origin.name}
                </Text>
                {!showSupplier && (
                  <Text size="xs" c="dimmed">
                    {ticket.origin.city}
                  </Text>
                )}
              </Table.Td>
              {showCarrier && (
                <Table.Td>
                  <CarrierCell ticket={ticket} />
                </Table.Td>
              )}
              <Table.Td>{ticket.destination?.name ?? '—'}</Table.Td>
              <Table.Td className={`${classes.date} ${fit}`}>
                <DateTime iso={ticket.withdrawalDate} />
              </Table.Td>
              <Table.Td className={classes.invoice}>
                {invoiceNumberOf(ticket) ?? '—'}
                {showTaInvoice && ticket.invoice && <TaInvoiceNumber invoice={ticket.invoice} />}
              </Table.Td>
              <Table.Td className={fit}>
                <TicketActions ticket={ticket} user={user} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** 'MMM DD, hh:mm a' on two lines (day, then time) to keep the columns narrow. */
function DateTime({ iso }: { iso: string | null }) {
  if (!iso) return <>—</>;
  const [day, time] = formatDateTime(iso).split(', ');
  return (
    <>
      {day},
      <br />
      <Text span size="xs" c="dimmed">
        {time}
      </Text>
    </>
  );
}

/** The provider (TA) invoice number; one the ERP rejected is highlighted in red. */
function TaInvoiceNumber({ invoice }: { invoice: NonNullable<Ticket['invoice']> }) {
  const { t } = useLingui();
  const rejected = invoice.sapValidationStatus === 'rejected';
  return (
    <Text
      size="xs"
      c={rejected ? 'red.8' : 'dimmed'}
      fw={rejected ? 700 : 400}
      data-sap-status={invoice.sapValidationStatus}
    >
      {rejected ? (
        <Mark color="red" px={4} title={t`Rejected by the ERP`}>
          {t`TA ${invoice.number}`}
        </Mark>
      ) : (
        t`TA ${invoice.number}`
      )}
    </Text>
  );
}
