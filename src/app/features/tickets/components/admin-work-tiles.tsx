/**
 * The admin's work above the spec's status tiles: documentation waiting for a provider invoice (the
 * SUPPLIER_INVOICED count of GET /tickets/count/states) and provider invoices waiting for a payment
 * voucher (the count of GET /tickets?unpaid=true). Each is a link to the ongoing list filtered to
 * exactly those tickets, and says so when it is the list shown.
 */
import { Group, Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconFileInvoice, IconReceipt2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ADMIN_WORK_TILES, type AdminWorkTile } from '../../../../shared/domain/home-work';
import { PATHS } from '../../../paths';
import { useStatusCounts } from '../api/get-status-counts';
import { ticketsQueryOptions } from '../api/get-tickets';
import { useListParams } from '../list-params';
import classes from './admin-status-tiles.module.css';

/** The ongoing list's address filtered to a work tile's tickets. */
export function workTilePath(tile: AdminWorkTile): string {
  const params = new URLSearchParams();
  for (const status of tile.statuses) params.append('status', status);
  if (tile.unpaid) params.set('unpaid', 'true');
  return `${PATHS.admin.ongoing}?${params.toString()}`;
}

export function AdminWorkTiles() {
  const { t } = useLingui();
  const counts = useStatusCounts();
  const [invoiceTile, paymentTile] = ADMIN_WORK_TILES as [AdminWorkTile, AdminWorkTile];
  const unpaid = useQuery(ticketsQueryOptions({ statusName: paymentTile.statuses, unpaid: true, page: 1, limit: 1 }));
  const { values } = useListParams();
  const sameStatuses = (tile: AdminWorkTile) =>
    values.status.length === tile.statuses.length && tile.statuses.every((s) => values.status.includes(s));
  const shown = (tile: AdminWorkTile) => sameStatuses(tile) && values.unpaid === tile.unpaid && !values.before;

  const awaitingInvoice = counts.data
    ? invoiceTile.statuses.reduce((sum, s) => sum + (counts.data.find((c) => c.status === s)?.total ?? 0), 0)
    : undefined;
  const tiles = [
    {
      tile: invoiceTile,
      count: awaitingInvoice,
      loading: counts.isPending,
      label: t`Documentation waiting for a provider invoice`,
      Icon: IconFileInvoice,
      color: 'indigo',
    },
    {
      tile: paymentTile,
      count: unpaid.data?.count,
      loading: unpaid.isPending,
      label: t`Invoices waiting for a payment voucher`,
      Icon: IconReceipt2,
      color: 'violet',
    },
  ];

  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={{ base: 'xs', md: 'sm' }} mb="sm" data-testid="work-tiles">
      {tiles.map(({ tile, count, loading, label, Icon, color }) => (
        <Paper
          key={tile.key}
          withBorder
          radius="lg"
          className={classes.tile}
          data-active={shown(tile) || undefined}
          style={{ '--tile-color': `var(--mantine-color-${color}-6)` }}
        >
          <UnstyledButton
            component={Link}
            to={workTilePath(tile)}
            className={classes.main}
            aria-current={shown(tile) ? 'page' : undefined}
            data-work-tile={tile.key}
          >
            <Group gap="sm" wrap="nowrap">
              <Icon size={26} aria-hidden color={`var(--mantine-color-${color}-7)`} />
              <div>
                {loading ? <Skeleton h={30} w={40} mb={4} /> : <Text className={classes.count}>{count ?? '—'}</Text>}
                <Text size="sm" fw={600} lh={1.3}>
                  {label}
                </Text>
              </div>
            </Group>
          </UnstyledButton>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
