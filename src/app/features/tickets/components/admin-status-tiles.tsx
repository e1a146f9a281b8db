/**
 * The admin's row of status tiles above the ongoing list (a count per
 * status from GET /tickets/count/states; clicking a tile filters the list by that status; PENDING and
 * CONFIRMED also show how many are older than a day, which filters with beforeDate = now - 24 h. An
 * 'Unassigned' tile counts PENDING tickets with no open offer and filters to them.
 */
import { Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconClockHour4 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_TILES, STATUS_COLORS, oldestTicketCutoff } from '../../../../shared/domain/role-views';
import type { TicketStatus } from '../../../../shared/domain/ticket-status';
import { useStatusLabel } from '../../../components/status-badge';
import { TICKET_TOASTS } from '../../../lib/messages';
import { useStatusCounts } from '../api/get-status-counts';
import { ticketsQueryOptions } from '../api/get-tickets';
import { useListParams } from '../list-params';
import { useErrorToast } from './use-error-toast';
import classes from './admin-status-tiles.module.css';

export function AdminStatusTiles() {
  const { t } = useLingui();
  const label = useStatusLabel();
  const counts = useStatusCounts();
  useErrorToast(counts.isError, TICKET_TOASTS.countsError);
  const unassigned = useQuery(ticketsQueryOptions({ statusName: ['PENDING'], unassigned: true, page: 1, limit: 1 }));
  const { values, setParams } = useListParams();

  const only = (status: TicketStatus) => values.status.length === 1 && values.status[0] === status;
  const select = (status: TicketStatus | null, extra: { before?: boolean; unassigned?: boolean } = {}) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of ['status', 'page', 'before', 'unassigned', 'unpaid']) next.delete(key);
      if (status) next.set('status', status);
      if (extra.before) next.set('before', oldestTicketCutoff(new Date()).toISOString());
      if (extra.unassigned) next.set('unassigned', 'true');
      return next;
    });

  return (
    <SimpleGrid cols={{ base: 3, lg: 6 }} spacing={{ base: 'xs', md: 'sm' }} mb="lg" data-testid="status-tiles">
      {ADMIN_TILES.map((tile) => {
        const row = counts.data?.find((c) => c.status === tile.status);
        const active = only(tile.status);
        const activeOldest = active && values.before !== null;
        return (
          <Paper
            key={tile.status}
            withBorder
            radius="lg"
            className={classes.tile}
            data-active={active || undefined}
            style={{ '--tile-color': `var(--mantine-color-${STATUS_COLORS[tile.status]}-6)` }}
          >
            <UnstyledButton
              className={classes.main}
              onClick={() => select(active && !activeOldest ? null : tile.status)}
              aria-pressed={active && !activeOldest}
              // Named by what it shows ('4 Pending'); no count until it is known (a skeleton meanwhile).
              data-tile={tile.status}
            >
              {counts.isPending ? (
                <Skeleton h={30} w={40} mb={4} />
              ) : (
                <Text className={classes.count}>{row?.total ?? '—'}</Text>
              )}
              <Text className={classes.label}>{label(tile.status)}</Text>
            </UnstyledButton>
            {tile.showsOldest && (
              <UnstyledButton
                className={classes.oldest}
                onClick={() => select(activeOldest ? null : tile.status, { before: !activeOldest })}
                aria-pressed={activeOldest}
                aria-label={`${label(tile.status)}: ${t`${row?.oldestCount ?? 0} older than 1 day`}`}
                data-tile-oldest={tile.status}
                data-warn={(row?.oldestCount ?? 0) > 0 || undefined}
              >
                <IconClockHour4 size={14} className={classes.clock} />
                <span>{t`${row?.oldestCount ?? 0} older than 1 day`}</span>
              </UnstyledButton>
            )}
          </Paper>
        );
      })}
      <Paper
        withBorder
        radius="lg"
        className={classes.tile}
        data-active={values.unassigned || undefined}
        style={{ '--tile-color': 'var(--mantine-color-orange-6)' }}
      >
        <UnstyledButton
          className={classes.main}
          onClick={() => select(null, { unassigned: !values.unassigned })}
          aria-pressed={values.unassigned}
          data-tile="UNASSIGNED"
        >
          {unassigned.isPending ? (
            <Skeleton h={30} w={40} mb={4} />
          ) : (
            <Text className={classes.count}>{unassigned.data?.count ?? '—'}</Text>
          )}
          <Text className={classes.label}>{t`Unassigned`}</Text>
          <Text size="xs" c="dimmed" visibleFrom="sm">
            {t`No carrier offer`}
          </Text>
        </UnstyledButton>
      </Paper>
    </SimpleGrid>
  );
}
