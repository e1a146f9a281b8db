/**
 * The unread documentation above a customs list: the agent's tickets still at the border that nobody
 * opened yet (or that were marked unread), with their count, oldest first, paged on their own. Opening
 * one marks it read, so the section empties as the work gets done.
 */
import { Anchor, Badge, Box, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconMail } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CarrierMode } from '../../../../shared/domain/roles';
import { LIST_TOP_STYLE, Pager } from '../../../components/pager';
import { formatDay } from '../../../../shared/format/display-format';
import { UNREAD_PAGE_SIZE, useUnreadCustomsTickets } from '../api/get-customs-tickets';
import type { CustomsTicket } from '../types';
import { CustomsStatusBadge } from './customs-status-badge';

export interface CustomsUnreadSectionProps {
  /** One carrier mode's documentation, or both (null: the customs home). */
  mode: CarrierMode | null;
  /** Where a ticket's documentation opens. */
  detailPath: (ticket: CustomsTicket) => string;
}

const docOf = (ticket: CustomsTicket) => ticket.truckDocumentation ?? ticket.railcarDocumentation;

export function CustomsUnreadSection({ mode, detailPath }: CustomsUnreadSectionProps) {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const top = useRef<HTMLDivElement>(null);
  const query = useUnreadCustomsTickets(mode, page);
  const tickets = query.data?.tickets ?? [];
  const count = query.data?.count ?? 0;
  // Offline with nothing kept, or a failed answer: the list below says so; this section stays out of the way.
  if (!query.data && !query.isPending) return null;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      mb="lg"
      ref={top}
      style={LIST_TOP_STYLE}
      component="section"
      aria-labelledby="customs-unread-title"
    >
      <Group gap="xs" mb="xs" wrap="nowrap">
        <IconMail size={20} aria-hidden />
        <Title order={2} size="h4" id="customs-unread-title">
          {t`Unread documentation`}
        </Title>
        {query.data && (
          <Badge color={count > 0 ? 'orange' : 'gray'} variant="filled" aria-label={t`${count} unread`}>
            {count}
          </Badge>
        )}
      </Group>
      {query.isPending ? (
        <Loader size="sm" role="status" aria-label={t`Loading`} />
      ) : tickets.length === 0 ? (
        <Text size="sm" c="dimmed">{t`No unread documentation: you are up to date.`}</Text>
      ) : (
        <Stack gap={6} style={query.isPlaceholderData ? { opacity: 0.6 } : undefined}>
          <Text size="sm" c="dimmed">{t`Oldest first. Opening a ticket marks it read.`}</Text>
          {tickets.map((ticket) => (
            <Paper key={ticket.id} withBorder radius="sm" px="sm" py={6} bg="var(--mantine-color-orange-light)">
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <Stack gap={0} miw={0}>
                  <Group gap={6} wrap="nowrap">
                    <Anchor
                      component={Link}
                      to={detailPath(ticket)}
                      fw={700}
                      aria-label={t`Open documentation of trip ${ticket.id}`}
                    >
                      #{ticket.id}
                    </Anchor>
                    <Text size="sm" truncate="end">
                      {ticket.supplier.businessName}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {ticket.carrier?.mode === 'RAILCAR' ? t`Railcar` : t`Truck`} · {docOf(ticket)?.carEquipment ?? '—'}{' '}
                    · {t`TA invoice #`} <span style={{ whiteSpace: 'nowrap' }}>{ticket.invoice?.number ?? '—'}</span> ·{' '}
                    {formatDay(ticket.createAt, i18n.locale)}
                  </Text>
                </Stack>
                {/* Never squeezed: at 390 px the supplier's name gives way, not the status. */}
                <Box style={{ flexShrink: 0 }}>
                  <CustomsStatusBadge status={ticket.status.name} />
                </Box>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Pager page={page} pageSize={UNREAD_PAGE_SIZE} total={count} onChange={setPage} listTop={top} />
    </Paper>
  );
}
