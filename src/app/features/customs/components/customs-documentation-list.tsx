/**
 * The customs truck or railcar documentation list: the unread documentation of that mode first, with its
 * count, then every ticket with a provider invoice at the agent's crossings (or only the unread, awaiting
 * or released ones), unread ones in bold with a 'New' badge. A row opens the documentation.
 */
import { Anchor, Badge, Card, Center, Group, Loader, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { isCustomsUnread } from '../../../../shared/domain/role-views';
import type { CarrierMode } from '../../../../shared/domain/roles';
import { SavedAt } from '../../../components/saved-at';
import { NotOnDevice, unavailableReason } from '../../../components/not-on-device';
import { LIST_TOP_STYLE, Pager } from '../../../components/pager';
import { CUSTOMS_PAGE_SIZE, useCustomsTickets, type CustomsFilter } from '../api/get-customs-tickets';
import type { CustomsTicket } from '../types';
import { CustomsStatusBadge } from './customs-status-badge';
import { CustomsUnreadSection } from './customs-unread-section';
import { formatDay } from '../../../../shared/format/display-format';
import { InvoiceNumber } from '../../../components/invoice-number';

export interface CustomsDocumentationListProps {
  mode: CarrierMode;
  detailPath: (id: number) => string;
  emptyText: string;
}

const docOf = (ticket: CustomsTicket) => ticket.truckDocumentation ?? ticket.railcarDocumentation;

export function CustomsDocumentationList({ mode, detailPath, emptyText }: CustomsDocumentationListProps) {
  const { t, i18n } = useLingui();
  const [filter, setFilter] = useState<CustomsFilter>('all');
  const [page, setPage] = useState(1);
  const top = useRef<HTMLDivElement>(null);
  const query = useCustomsTickets(mode, filter, page);
  const tickets = query.data?.tickets ?? [];
  const unavailable = unavailableReason(query);
  const unread = isCustomsUnread;
  const link = (ticket: CustomsTicket) => (
    <Anchor
      component={Link}
      to={detailPath(ticket.id)}
      fw={unread(ticket) ? 700 : 500}
      aria-label={t`Open documentation of trip ${ticket.id}`}
    >
      #{ticket.id}
    </Anchor>
  );
  const newBadge = (ticket: CustomsTicket) =>
    unread(ticket) ? (
      <Badge size="xs" color="orange" variant="filled">
        {t`New`}
      </Badge>
    ) : null;

  return (
    <Stack gap={0}>
      <CustomsUnreadSection mode={mode} detailPath={(ticket) => detailPath(ticket.id)} />
      <Stack gap="md" ref={top} style={LIST_TOP_STYLE}>
        <SegmentedControl
          value={filter}
          onChange={(value) => {
            setFilter(value as CustomsFilter);
            setPage(1);
          }}
          data={[
            { value: 'all', label: t`All` },
            { value: 'AWAITING', label: t`Awaiting` },
            { value: 'RELEASED', label: t`Released` },
            // Last: the keyboard path from All reaches the spec's Awaiting first.
            { value: 'UNREAD', label: t`Unread` },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {unavailable ? (
          <NotOnDevice
            reason={unavailable}
            subject="list"
            onRetry={() => void query.refetch()}
            retrying={query.fetchStatus === 'fetching'}
          />
        ) : query.isPending ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : tickets.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {emptyText}
          </Text>
        ) : (
          <>
            <SavedAt at={query.dataUpdatedAt} />
            <Table.ScrollContainer minWidth={720} visibleFrom="md">
              <Table highlightOnHover aria-label={t`Documentation`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t`Trip ID`}</Table.Th>
                    <Table.Th>{t`Date`}</Table.Th>
                    <Table.Th>{t`Supplier`}</Table.Th>
                    <Table.Th>{t`Carrier`}</Table.Th>
                    <Table.Th>{t`Car/Equipment`}</Table.Th>
                    <Table.Th>{t`TA invoice #`}</Table.Th>
                    <Table.Th>{t`Status`}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {tickets.map((ticket) => (
                    <Table.Tr key={ticket.id}>
                      <Table.Td>
                        <Group gap={6}>
                          {link(ticket)}
                          {newBadge(ticket)}
                        </Group>
                      </Table.Td>
                      <Table.Td>{formatDay(ticket.createAt, i18n.locale)}</Table.Td>
                      <Table.Td>{ticket.supplier.businessName}</Table.Td>
                      <Table.Td>{ticket.carrier?.businessName ?? '—'}</Table.Td>
                      <Table.Td>{docOf(ticket)?.carEquipment ?? '—'}</Table.Td>
                      <Table.Td>
                        <InvoiceNumber>{ticket.invoice?.number ?? '—'}</InvoiceNumber>
                      </Table.Td>
                      <Table.Td>
                        <CustomsStatusBadge status={ticket.status.name} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Stack gap="sm" hiddenFrom="md">
              {tickets.map((ticket) => (
                <Card key={ticket.id} withBorder padding="sm" radius="md">
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap={6}>
                      {link(ticket)}
                      {newBadge(ticket)}
                    </Group>
                    <CustomsStatusBadge status={ticket.status.name} />
                  </Group>
                  <Text size="sm" mt={4}>
                    {ticket.supplier.businessName} · {ticket.carrier?.businessName ?? '—'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDay(ticket.createAt, i18n.locale)} · {t`TA invoice #`}{' '}
                    <InvoiceNumber>{ticket.invoice?.number ?? '—'}</InvoiceNumber> · {docOf(ticket)?.carEquipment ?? ''}
                  </Text>
                </Card>
              ))}
            </Stack>
          </>
        )}
        {/* The shared pager: hidden while the list is empty, labelled buttons, "1–10 of N". */}
        <Pager
          page={page}
          pageSize={CUSTOMS_PAGE_SIZE}
          total={query.data?.count ?? 0}
          onChange={setPage}
          listTop={top}
        />
      </Stack>
    </Stack>
  );
}
