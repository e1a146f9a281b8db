/**
 * The one list of the app (ticket lists and every back-office screen): a table from 992 px and one card
 * per row below, filters in the page header on desktop and in a bottom drawer on phones (with the count
 * of filters set and 'Clean filters'), sortable columns, skeletons while loading, an empty state, an
 * error state with a retry, and paging at the bottom centre. Given its query, a list never kept on this
 * device says so offline instead of loading, and a saved copy shown offline says when it was updated. The columns describe both the table and the
 * cards; a list whose rows need more than columns (the tickets) brings its own table and cards and keeps
 * the rest.
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
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import {
  IconAdjustmentsHorizontal,
  IconAlertTriangle,
  IconArrowsSort,
  IconFilterOff,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import { NotOnDevice, unavailableReason, type QueryState } from './not-on-device';
import { LIST_TOP_STYLE, Pager } from './pager';
import { SavedAt } from './saved-at';
import classes from './data-list.module.css';
import { LabelledValue } from './labelled-value';

/** Mantine's md breakpoint: the spec's 992 px switch from cards to the table. */
export const DESKTOP_QUERY = '(min-width: 62em)';

export function useDesktop(): boolean {
  return useMediaQuery(DESKTOP_QUERY, false, { getInitialValueInEffect: false });
}

export interface DataColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Shown as the card's title instead of a labelled field. */
  primary?: boolean;
  /** Right-aligned numbers. */
  numeric?: boolean;
  /** The table header sorts by this column (client-side lists). */
  sortable?: boolean;
  /** Only in the table, not on the cards (e.g. a second copy of the title). */
  tableOnly?: boolean;
  /** As narrow as its content (ids, dates, buttons). */
  fit?: boolean;
}

export interface SortState {
  key: string;
  direction: 'asc' | 'desc';
}

export interface DataListProps<T> {
  label: string;
  columns?: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** The top of a card when the primary column's text is not enough (an id badge and a date). */
  cardTitle?: (row: T) => ReactNode;
  /** Buttons of a row (edit...), on the table's last column and at the foot of its card. */
  actions?: (row: T) => ReactNode;
  /** The header of the actions column ('Actions' when left out). */
  actionsHeader?: string;
  /** The table scrolls sideways below this width. */
  tableMinWidth?: number;
  /** Rows that need more than columns: the list's own table (desktop) and cards (phones). */
  renderTable?: (rows: T[]) => ReactNode;
  renderCards?: (rows: T[]) => ReactNode;
  loading: boolean;
  error?: boolean;
  errorText?: string;
  onRetry?: () => void;
  /** Shown instead of the list when the list says why it has nothing (offline, not on this device). */
  unavailable?: ReactNode;
  /**
   * The list's query: with no data and no connection the list says it is not saved on this device
   * (instead of skeletons), and offline a saved copy says when it was last updated.
   */
  query?: ListQuery;
  /** Rows of the previous page while the next one loads: shown faded. */
  stale?: boolean;
  emptyTitle: string;
  emptyDescription: string;
  emptyIcon: ReactNode;
  /** Paging; left out for lists that show every row. */
  page?: number;
  pageSize?: number;
  total?: number;
  onPage?: (page: number) => void;
  sort?: SortState | null;
  onSort?: (sort: SortState) => void;
}

/** The parts of a TanStack query result a list reads. */
export interface ListQuery extends QueryState {
  dataUpdatedAt: number;
  refetch: () => unknown;
}

function SortIcon({ active, direction }: { active: boolean; direction?: 'asc' | 'desc' }) {
  if (!active) return <IconArrowsSort size={14} aria-hidden />;
  return direction === 'asc' ? (
    <IconSortAscending size={14} aria-hidden />
  ) : (
    <IconSortDescending size={14} aria-hidden />
  );
}

export function DataList<T>(props: DataListProps<T>) {
  const { t } = useLingui();
  const desktop = useDesktop();
  const { columns = [], rows, rowKey, actions, sort, onSort } = props;
  const top = useRef<HTMLDivElement>(null);

  const pager = props.page !== undefined &&
    props.pageSize !== undefined &&
    props.total !== undefined &&
    props.onPage && (
      <Pager page={props.page} pageSize={props.pageSize} total={props.total} onChange={props.onPage} listTop={top} />
    );
  const body = listBody();
  const showsRows = !props.unavailable && !props.error && !props.loading && props.query?.data !== undefined;
  return (
    <>
      {showsRows && props.query && <SavedAt at={props.query.dataUpdatedAt} />}
      <Box
        ref={top}
        pos="relative"
        data-testid="list-top"
        style={{ ...LIST_TOP_STYLE, ...(props.stale ? { opacity: 0.6, transition: 'opacity 150ms' } : {}) }}
      >
        {body}
      </Box>
      {pager}
    </>
  );

  function listBody(): ReactNode {
    if (props.unavailable) return props.unavailable;
    const query = props.query;
    // Only a list with no answer for want of a connection: a server error keeps the list's own error text.
    if (query && unavailableReason(query) === 'offline') {
      return (
        <NotOnDevice
          reason="offline"
          subject="list"
          onRetry={() => void query.refetch()}
          retrying={query.fetchStatus === 'fetching'}
        />
      );
    }
    if (props.error) {
      return (
        <Paper withBorder radius="lg" py={48} px="md" data-testid="list-error">
          <EmptyState
            icon={<IconAlertTriangle size={30} stroke={1.5} />}
            variant="light"
            color="red"
            title={props.errorText ?? t`This list could not be loaded`}
            description={
              props.onRetry ? (
                <Button mt="sm" variant="light" onClick={props.onRetry}>
                  {t`Try again`}
                </Button>
              ) : undefined
            }
          />
        </Paper>
      );
    }

    if (props.loading) {
      return desktop ? (
        <Paper withBorder radius="lg" p="md" data-testid="list-loading" aria-busy="true">
          <Stack gap="sm">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} height={28} radius="sm" />
            ))}
          </Stack>
        </Paper>
      ) : (
        <Stack gap="sm" data-testid="list-loading" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={120} radius="lg" />
          ))}
        </Stack>
      );
    }

    if (rows.length === 0) {
      return (
        <Paper withBorder radius="lg" py={48} px="md">
          <EmptyState
            icon={props.emptyIcon}
            variant="light"
            title={props.emptyTitle}
            description={props.emptyDescription}
          />
        </Paper>
      );
    }

    const header = (column: DataColumn<T>) => {
      if (!column.sortable || !onSort) return column.header;
      const active = sort?.key === column.key;
      const next: SortState = { key: column.key, direction: active && sort?.direction === 'desc' ? 'asc' : 'desc' };
      return (
        <UnstyledButton onClick={() => onSort(next)} fw={700} fz="sm">
          <Group gap={4} wrap="nowrap" justify={column.numeric ? 'flex-end' : 'flex-start'}>
            {column.header}
            <SortIcon active={active} direction={sort?.direction} />
          </Group>
        </UnstyledButton>
      );
    };

    if (desktop && props.renderTable) {
      return (
        <Paper withBorder radius="lg" p="xs">
          {props.renderTable(rows)}
        </Paper>
      );
    }
    if (!desktop && props.renderCards) return props.renderCards(rows);

    const fit = (column: DataColumn<T>) => (column.fit ? classes.fit : undefined);
    return desktop ? (
      <Paper withBorder radius="lg" p="xs">
        <Table.ScrollContainer minWidth={props.tableMinWidth ?? 640}>
          <Table verticalSpacing="sm" highlightOnHover striped="even" fz="sm" aria-label={props.label}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th
                    key={column.key}
                    className={fit(column)}
                    ta={column.numeric ? 'right' : undefined}
                    aria-sort={
                      sort?.key === column.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined
                    }
                  >
                    {header(column)}
                  </Table.Th>
                ))}
                {actions && <Table.Th className={classes.fit}>{props.actionsHeader ?? t`Actions`}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.key} className={fit(column)} ta={column.numeric ? 'right' : undefined}>
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                  {actions && <Table.Td className={classes.fit}>{actions(row)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    ) : (
      <Stack gap="sm" role="list" aria-label={props.label}>
        {rows.map((row) => {
          const title = columns.find((c) => c.primary);
          return (
            <Card key={rowKey(row)} withBorder radius="lg" padding="md" role="listitem">
              {props.cardTitle ? (
                <Box mb="sm">{props.cardTitle(row)}</Box>
              ) : (
                title && (
                  <Text fw={700} size="lg" mb="xs">
                    {title.cell(row)}
                  </Text>
                )
              )}
              <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                {columns
                  .filter((c) => !c.primary && !c.tableOnly)
                  .map((column) => (
                    <LabelledValue key={column.key} label={column.header}>
                      {column.cell(row)}
                    </LabelledValue>
                  ))}
              </SimpleGrid>
              {actions && (
                <Group mt="sm" gap="xs" grow>
                  {actions(row)}
                </Group>
              )}
            </Card>
          );
        })}
      </Stack>
    );
  }
}

export interface ListFiltersProps {
  /** The filter inputs; shown in a row on desktop and stacked in the drawer on phones. */
  children: ReactNode;
  /** The drawer's content when phones need other inputs than the desktop row (checkbox groups). */
  drawer?: ReactNode;
  /** How many filters are set (the phone button's badge); 0 disables 'Clean filters'. */
  active: number;
  /** When 'Clean filters' has nothing to clean, if that is more than the filters counted. */
  cleanDisabled?: boolean;
  onClean: () => void;
  /** The drawer's confirm button text ('Show 12 contracts'). */
  showLabel: string;
}

/** The filters of a back-office list: inline on desktop, a 'Filters' button and bottom drawer on phones. */
export function ListFilters({ children, drawer, active, cleanDisabled, onClean, showLabel }: ListFiltersProps) {
  const { t } = useLingui();
  const desktop = useDesktop();
  const [open, setOpen] = useState(false);
  const clean = (
    <Button
      variant="subtle"
      color="gray"
      size={desktop ? 'sm' : 'md'}
      leftSection={<IconFilterOff size={16} />}
      disabled={cleanDisabled ?? active === 0}
      onClick={() => {
        onClean();
        setOpen(false);
      }}
    >
      {t`Clean filters`}
    </Button>
  );
  if (desktop) {
    return (
      <Group gap="sm" align="flex-end" wrap="wrap">
        {children}
        {clean}
      </Group>
    );
  }
  return (
    <>
      <Indicator label={active} size={18} disabled={active === 0} offset={4}>
        <Button
          variant="default"
          size="md"
          leftSection={<IconAdjustmentsHorizontal size={18} />}
          onClick={() => setOpen(true)}
        >
          {t`Filters`}
        </Button>
      </Indicator>
      <Drawer opened={open} onClose={() => setOpen(false)} title={t`Filters`} position="bottom" size="85%" radius="lg">
        <Stack gap="lg">{drawer ?? children}</Stack>
        <Group gap="sm" className={classes.drawerFooter}>
          {clean}
          <Button size="md" onClick={() => setOpen(false)}>
            {showLabel}
          </Button>
        </Group>
      </Drawer>
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
