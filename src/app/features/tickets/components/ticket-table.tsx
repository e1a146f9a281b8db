import { Anchor, Table, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { Role } from '../../../../shared/domain/roles';
import type { User } from '../../../../shared/schemas/user';
import { StatusBadge } from '../../../components/status-badge';
import { NewBadge } from '../../../components/new-badge';
import { isCustomsUnread } from '../../../../shared/domain/role-views';
import { dayAndTime, invoiceNumberOf, ticketPagePath } from '../ticket-format';
import type { Ticket } from '../types';
import classes from './ticket-table.module.css';
import { CarrierCell } from './carrier-cell';
import { DestinationCell } from './destination-cell';
import { InvoiceNumber, showsTaInvoice, TaInvoiceNumber } from '../../../components/invoice-number';
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
  const showTaInvoice = showsTaInvoice(role);
  const fit = classes.fit;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing={6}
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
                {/* Below the id: the trip id column is sized to its id and must not push into the date. */}
                {role === 'CUSTOMS' && isCustomsUnread(ticket) && <NewBadge ml={0} display="block" w="fit-content" />}
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
              <Table.Td>
                <DestinationCell ticket={ticket} />
              </Table.Td>
              <Table.Td className={`${classes.date} ${fit}`}>
                <DateTime iso={ticket.withdrawalDate} zone />
              </Table.Td>
              <Table.Td className={classes.invoice}>
                <InvoiceNumber>{invoiceNumberOf(ticket) ?? '—'}</InvoiceNumber>
                {showTaInvoice && ticket.invoice && <TaInvoiceNumber invoice={ticket.invoice} withPrefix />}
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

/** The day, then the time on a second line, to keep the columns narrow; `zone` names the time zone. */
function DateTime({ iso, zone = false }: { iso: string | null; zone?: boolean }) {
  if (!iso) return <>—</>;
  const [day, time] = dayAndTime(iso, { zone });
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
