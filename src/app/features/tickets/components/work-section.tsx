/**
 * The pieces of a home's "what needs me now" sections: a titled section with its count, a compact card
 * per ticket (the trip, where it goes, what is due, and the ticket's own actions), and the section's
 * request. A section asks for its list exactly as the server's page for the home asked for it before
 * the app loaded (firstListRequest), so that answer is the section's first data.
 */
import { Anchor, Badge, Box, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { firstListRequest } from '../../../../shared/domain/first-list';
import type { TicketList } from '../../../../shared/domain/role-views';
import type { Role } from '../../../../shared/domain/roles';
import type { User } from '../../../../shared/schemas/user';
import { useDesktop } from '../../../components/data-list';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime, formatTime } from '../../../../shared/format/display-format';
import { ticketsQueryOptions } from '../api/get-tickets';
import { ticketPagePath } from '../ticket-format';
import type { Ticket } from '../types';
import { TicketActions, type TicketDialogKind } from './ticket-actions';

/** A work section's tickets: the list's first page, keyed as the home page's own request keys it. */
export function useWorkList(list: TicketList, enabled = true) {
  const query = useQuery({ ...ticketsQueryOptions(firstListRequest(list).filters), enabled });
  // Paused with nothing kept: offline before this list was ever loaded on this device.
  return { ...query, notOnDevice: query.isPending && query.fetchStatus === 'paused' };
}

/** A clock time naming its time zone ('2:35 PM CST'): the time decides something (src/shared/format). */
export function useClockTime(): (date: Date) => string {
  const { i18n } = useLingui();
  return (date) => formatTime(date, i18n.locale, { zone: true });
}

/** A day and clock time naming its time zone ('Fri, Nov 27, 2:35 PM CST'): when a pickup is due. */
export function useDayAndTime(): (date: Date) => string {
  const { i18n } = useLingui();
  return (date) => formatDateTime(date, i18n.locale, { zone: true, weekday: true });
}

export interface WorkSectionProps {
  title: string;
  /** How many are waiting (the server's count when it is a list's); unknown while loading. */
  count: number | undefined;
  loading: boolean;
  /** Said when nothing waits. */
  empty: string;
  /** Offline with nothing kept on this device: said instead of loading forever or claiming nothing waits. */
  notOnDevice?: boolean;
  /** A link to every one of them when the section shows only the first page. */
  more?: { to: string; label: string } | undefined;
  testId: string;
  children?: ReactNode;
}

export function WorkSection({ title, count, loading, empty, notOnDevice, more, testId, children }: WorkSectionProps) {
  const { t } = useLingui();
  const waiting = (count ?? 0) > 0;
  if (notOnDevice) {
    return (
      <Paper component="section" withBorder radius="lg" p={{ base: 'sm', md: 'md' }} data-testid={testId}>
        <Title order={2} fz={{ base: 17, md: 19 }} lh={1.3} mb="xs">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {t`Not saved on this device yet: it loads as soon as the connection returns.`}
        </Text>
      </Paper>
    );
  }
  return (
    <Paper component="section" withBorder radius="lg" p={{ base: 'sm', md: 'md' }} data-testid={testId}>
      <Group gap="xs" mb="sm" wrap="nowrap">
        <Title order={2} fz={{ base: 17, md: 19 }} lh={1.3}>
          {title}
        </Title>
        {loading ? (
          <Skeleton h={22} w={30} radius="xl" />
        ) : (
          <Badge
            size="lg"
            circle={count !== undefined && count < 10}
            color={waiting ? 'brand' : 'gray'}
            variant={waiting ? 'filled' : 'light'}
            data-testid={`${testId}-count`}
          >
            {count ?? '—'}
          </Badge>
        )}
      </Group>
      {loading ? (
        <Skeleton h={90} radius="md" />
      ) : waiting ? (
        <Stack gap="sm">
          {children}
          {more && (
            <Anchor component={Link} to={more.to} fw={600} size="sm">
              {more.label}
            </Anchor>
          )}
        </Stack>
      ) : (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      )}
    </Paper>
  );
}

/** The cards of a section: one column on phones, more on wider screens. */
export function WorkCards({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="sm" role="list" aria-label={t`Tickets`}>
      {children}
    </SimpleGrid>
  );
}

export interface WorkCardProps {
  ticket: Ticket;
  role: Role;
  user: User;
  onAction: (kind: TicketDialogKind, ticket: Ticket) => void;
  /** What is due: the time left on an offer, the pickup time. */
  note?: ReactNode;
  /** Actions left out (e.g. a refusal whose remedy is elsewhere). */
  noActions?: boolean;
}

export function WorkCard({ ticket, role, user, onAction, note, noActions = false }: WorkCardProps) {
  const { t } = useLingui();
  const desktop = useDesktop();
  const route = ticket.destination ? `${ticket.origin.name} → ${ticket.destination.name}` : ticket.origin.name;
  return (
    <Card withBorder radius="md" padding="sm" role="listitem" data-ticket-id={ticket.id}>
      <Stack gap={6} h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={ticketPagePath(role, ticket.id)} state={{ ticket }} fw={700} size="lg">
            {t`Trip #${ticket.id}`}
          </Anchor>
          <StatusBadge role={role} status={ticket.status.name} />
        </Group>
        {role !== 'SUPPLIER' && (
          <Text size="sm" fw={600}>
            {ticket.supplier.businessName}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {route}
        </Text>
        {note}
        {!noActions && (
          <Box mt="auto" pt={4}>
            <TicketActions ticket={ticket} user={user} onAction={onAction} large={!desktop} fullLabels />
          </Box>
        )}
      </Stack>
    </Card>
  );
}
