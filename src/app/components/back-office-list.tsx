/**
 * The frame of a back-office list (accounting, e-vouchers, masters): one column definition renders a
 * table from 992 px and cards below; filters sit in the page header on desktop and in a bottom drawer
 * on phones; skeletons while loading, an empty state, an error state with 'Try again', paging at the
 * bottom centre. Screens give the data and the columns; the frame knows nothing of what it lists.
 */
import {
  Badge,
  Box,
  Button,
  Card,
  Drawer,
  EmptyState,
  Group,
  Indicator,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { IconAdjustmentsHorizontal, IconAlertTriangle, IconFilterOff } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { PageHeader } from './page-header';
import { Pager } from './pager';
import classes from './back-office-list.module.css';

/** Mantine's md breakpoint: the spec's 992 px switch from cards to the table. */
export const DESKTOP_QUERY = '(min-width: 62em)';

export interface ListColumn<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Keep the column as narrow as its content (ids, dates, buttons). */
  fit?: boolean;
  /** Right-aligned (amounts). */
  numeric?: boolean;
  /** Left out of the cards (the card's title or actions already show it). */
  tableOnly?: boolean;
}

export interface BackOfficeListProps<T> {
  title: string;
  description?: string;
  actions?: ReactNode;
  /** Filter inputs; in the header on desktop, in a drawer on phones. */
  filters?: ReactNode;
  /** How many filters are set (the phone's filter button shows it); 0 disables 'Clean filters'. */
  activeFilters?: number;
  onCleanFilters?: () => void;
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  columns: ListColumn<T>[];
  /** The top line of a card (an id and a date). */
  cardTitle: (row: T) => ReactNode;
  /** Buttons at the foot of a card (and the last column of the table). */
  rowActions?: (row: T) => ReactNode;
  actionsHeader?: string;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  emptyIcon: ReactNode;
  emptyTitle: string;
  emptyDescription: string;
  /** A name for the table and the card list ('Accounting batches'). */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** The phone drawer's button: 'Show {count} results'. */
  resultCount?: number;
}

export function BackOfficeList<T>(props: BackOfficeListProps<T>) {
  const { t } = useLingui();
  const desktop = useMediaQuery(DESKTOP_QUERY, false, { getInitialValueInEffect: false });
  const [drawer, setDrawer] = useState(false);
  const { rows, columns, rowActions, activeFilters = 0 } = props;

  const clean = props.onCleanFilters && (
    <Button
      variant="subtle"
      color="gray"
      size={desktop ? 'sm' : 'md'}
      leftSection={<IconFilterOff size={16} />}
      disabled={activeFilters === 0}
      onClick={() => {
        props.onCleanFilters?.();
        setDrawer(false);
      }}
    >
      {t`Clean filters`}
    </Button>
  );

  const phoneFilters = props.filters && !desktop && (
    <Indicator label={activeFilters} size={18} disabled={activeFilters === 0} offset={4}>
      <Button
        variant="default"
        size="md"
        leftSection={<IconAdjustmentsHorizontal size={18} />}
        onClick={() => setDrawer(true)}
      >
        {t`Filters`}
      </Button>
    </Indicator>
  );

  let body: ReactNode;
  if (props.error && !rows) {
    body = (
      <Paper withBorder radius="lg" py={48} px="md" data-testid="list-error">
        <EmptyState
          icon={<IconAlertTriangle size={30} stroke={1.5} />}
          variant="light"
          color="red"
          title={t`This list could not be loaded`}
          description={
            <Button mt="sm" variant="light" onClick={props.onRetry}>
              {t`Try again`}
            </Button>
          }
        />
      </Paper>
    );
  } else if (props.loading || !rows) {
    body = desktop ? (
      <Stack gap={6} data-testid="list-loading">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={40} radius="sm" />
        ))}
      </Stack>
    ) : (
      <Stack gap="sm" data-testid="list-loading">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height={140} radius="lg" />
        ))}
      </Stack>
    );
  } else if (rows.length === 0) {
    body = (
      <Paper withBorder radius="lg" py={48} px="md">
        <EmptyState
          icon={props.emptyIcon}
          variant="light"
          title={props.emptyTitle}
          description={props.emptyDescription}
        />
      </Paper>
    );
  } else if (desktop) {
    body = (
      <Paper withBorder radius="lg" p="xs">
        <Table.ScrollContainer minWidth={760}>
          <Table
            verticalSpacing="sm"
            horizontalSpacing={10}
            highlightOnHover
            striped="even"
            fz="sm"
            aria-label={props.label}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th
                    key={c.key}
                    className={c.fit ? classes.fit : undefined}
                    ta={c.numeric ? 'right' : undefined}
                  >
                    {c.header}
                  </Table.Th>
                ))}
                {rowActions && <Table.Th className={classes.fit}>{props.actionsHeader ?? t`Actions`}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={props.rowKey(row)}>
                  {columns.map((c) => (
                    <Table.Td
                      key={c.key}
                      className={c.fit ? classes.fit : undefined}
                      ta={c.numeric ? 'right' : undefined}
                    >
                      {c.render(row)}
                    </Table.Td>
                  ))}
                  {rowActions && <Table.Td className={classes.fit}>{rowActions(row)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="sm" role="list" aria-label={props.label}>
        {rows.map((row) => (
          <Card key={props.rowKey(row)} withBorder radius="lg" padding="md" role="listitem">
            <Box mb="sm">{props.cardTitle(row)}</Box>
            <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
              {columns
                .filter((c) => !c.tableOnly)
                .map((c) => (
                  <Stack key={c.key} gap={2} miw={0}>
                    <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
                      {c.header}
                    </Text>
                    <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
                      {c.render(row)}
                    </Text>
                  </Stack>
                ))}
            </SimpleGrid>
            {rowActions && (
              <Group gap="xs" mt="md" grow align="flex-start">
                {rowActions(row)}
              </Group>
            )}
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title={props.title}
        description={props.description}
        actions={
          props.actions || phoneFilters ? (
            <>
              {props.actions}
              {phoneFilters}
            </>
          ) : undefined
        }
        filters={
          props.filters && desktop ? (
            <Group gap="sm" align="flex-end" wrap="wrap">
              {props.filters}
              {clean}
            </Group>
          ) : undefined
        }
      />
      <Box pos="relative">{body}</Box>
      <Pager page={props.page} pageSize={props.pageSize} total={props.total} onChange={props.onPage} />
      {props.filters && !desktop && (
        <Drawer
          opened={drawer}
          onClose={() => setDrawer(false)}
          title={t`Filters`}
          position="bottom"
          size="85%"
          radius="lg"
        >
          <Stack gap="lg">{props.filters}</Stack>
          <Group grow gap="sm" className={classes.drawerFooter}>
            {clean}
            <Button size="md" onClick={() => setDrawer(false)}>
              {props.resultCount !== undefined ? t`Show ${props.resultCount} results` : t`Done`}
            </Button>
          </Group>
        </Drawer>
      )}
    </>
  );
}

/** A small red badge for rows that need an admin's attention ('No contract'). */
export function WarningBadge({ children }: { children: ReactNode }) {
  return (
    <Badge color="red" variant="light" size="sm">
      {children}
    </Badge>
  );
}
