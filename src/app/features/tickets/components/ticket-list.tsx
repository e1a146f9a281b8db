/**
 * The ticket list every area uses: a table from 992 px, cards below; filter groups in
 * the page header on desktop and in a drawer on phones; 'Clean filters'; filters, page and the header
 * search in the URL; paging at the bottom centre; skeletons while loading; an empty state; the spec's
 * toast when the list cannot be loaded.
 */
import { Badge, CloseButton, Group, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconTicket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ADMIN_ONGOING_RESET_LIMIT } from '../../../../shared/domain/role-views';
import type { User } from '../../../../shared/schemas/user';
import { NotOnDevice, isNetworkFailure, unavailableReason } from '../../../components/not-on-device';
import { readSearch } from '../../../components/layout/search-fields';
import { DataList, ListFilters, useDesktop } from '../../../components/data-list';
import { PageHeader } from '../../../components/page-header';
import { TICKET_TOASTS } from '../../../lib/messages';
import { ticketsQueryOptions } from '../api/get-tickets';
import { hasListFilters, pageSize, toTicketFilters, useListParams, type TicketListConfig } from '../list-params';
import { FilterButtons, FilterStack, useFilterGroups, type FilterValues } from './ticket-filters';
import { TicketCards } from './ticket-cards';
import { LazyTicketDialogs as TicketDialogs, type OpenDialog } from './lazy-ticket-dialogs';
import { SearchElsewhere, useSearchElsewhere } from './search-elsewhere';
import { TicketTable } from './ticket-table';
import { useErrorToast } from './use-error-toast';

export interface TicketListProps {
  config: TicketListConfig;
  user: User;
  title: string;
  description?: string;
  /** Page buttons next to the title ('New request', 'Delete request'). */
  actions?: ReactNode;
  /** Between the header and the list (the admin's status tiles, a home's work sections). */
  above?: ReactNode;
  /** A heading of the list itself, when something stands between it and the page's title. */
  listTitle?: string | undefined;
  emptyTitle: string;
  emptyDescription: string;
}

export function TicketList({
  config,
  user,
  title,
  description,
  actions,
  above,
  listTitle,
  emptyTitle,
  emptyDescription,
}: TicketListProps) {
  const { t } = useLingui();
  const desktop = useDesktop();
  const { params, values, setMulti, update, clean } = useListParams();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const groups = useFilterGroups(config);

  const filters = toTicketFilters(config, params);
  const limit = pageSize(config, params);
  const query = useQuery({
    ...ticketsQueryOptions(filters ?? { page: 1, limit }),
    enabled: filters !== null,
  });
  // A request that got no answer is said on the page (and by the offline badge), not in an error toast.
  useErrorToast(query.isError && !isNetworkFailure(query.error), TICKET_TOASTS.listError);
  const search = readSearch(params);
  const elsewhere = useSearchElsewhere(config.role, useLocation().pathname, search);

  const filterValues: FilterValues = values;
  const onFilter = (key: string, next: string[]) => {
    if (key === 'order') update({ order: next[0] === 'ASC' ? 'ASC' : null });
    else setMulti(key as 'status' | 'carrier' | 'mode' | 'destination', next);
  };
  const filtered = hasListFilters(params);
  const chosen =
    values.status.length +
    values.carrier.length +
    values.mode.length +
    values.destination.length +
    (values.order === 'ASC' ? 1 : 0) +
    (values.before ? 1 : 0) +
    (values.unassigned ? 1 : 0) +
    (values.unpaid ? 1 : 0);

  const tickets = filters === null ? [] : (query.data?.tickets ?? []);
  const count = filters === null ? 0 : (query.data?.count ?? 0);
  const loading = filters !== null && query.isPending;
  // Nothing kept on this device for this view and no answer (offline), or a failed answer: say so
  // instead of loading forever or claiming the list is empty.
  const unavailable = filters === null ? null : unavailableReason(query);

  const chips = (
    <>
      {values.before && (
        <Badge
          size="lg"
          variant="light"
          color="orange"
          rightSection={
            <CloseButton size="xs" aria-label={t`Remove filter`} onClick={() => update({ before: null })} />
          }
        >
          {t`Older than a day`}
        </Badge>
      )}
      {values.unassigned && (
        <Badge
          size="lg"
          variant="light"
          color="orange"
          rightSection={
            <CloseButton size="xs" aria-label={t`Remove filter`} onClick={() => update({ unassigned: null })} />
          }
        >
          {t`Unassigned only`}
        </Badge>
      )}
      {values.unpaid && (
        <Badge
          size="lg"
          variant="light"
          color="violet"
          rightSection={
            <CloseButton size="xs" aria-label={t`Remove filter`} onClick={() => update({ unpaid: null })} />
          }
        >
          {t`Waiting for a payment voucher`}
        </Badge>
      )}
    </>
  );

  const emptyTitleNow = search
    ? t`No ticket in this list matches the search`
    : filtered || filters === null
      ? t`No tickets match these filters`
      : emptyTitle;
  const emptyDescriptionNow = search
    ? elsewhere.length > 0
      ? t`It is in another list: see above.`
      : t`Check the text, or search by another field.`
    : filtered || filters === null
      ? t`Change or clean the filters to see more tickets.`
      : emptyDescription;
  const onAction = (kind: OpenDialog['kind'], ticket: OpenDialog['ticket']) => setDialog({ kind, ticket });

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={actions}
        filters={
          groups.length > 0 ? (
            <>
              <ListFilters
                active={chosen}
                cleanDisabled={!filtered && params.toString() === ''}
                onClean={() => clean(config.list === 'adminOngoing' ? ADMIN_ONGOING_RESET_LIMIT : undefined)}
                showLabel={t`Show ${count} tickets`}
                drawer={
                  <>
                    <FilterStack groups={groups} values={filterValues} onChange={onFilter} />
                    {chips}
                  </>
                }
              >
                <FilterButtons groups={groups} values={filterValues} onChange={onFilter} />
                {chips}
              </ListFilters>
              {!desktop && chips}
            </>
          ) : values.before || values.unassigned || values.unpaid ? (
            <Group gap="xs">{chips}</Group>
          ) : undefined
        }
      />
      {above}
      {listTitle && (
        <Title order={2} fz={{ base: 17, md: 19 }} mb="sm">
          {listTitle}
        </Title>
      )}
      {search && <SearchElsewhere hits={elsewhere} search={search} />}
      <DataList
        label={title}
        rows={tickets}
        rowKey={(ticket) => ticket.id}
        renderTable={(rows) => <TicketTable tickets={rows} role={config.role} user={user} onAction={onAction} />}
        renderCards={(rows) => <TicketCards tickets={rows} role={config.role} user={user} onAction={onAction} />}
        loading={loading}
        stale={query.isPlaceholderData}
        query={query}
        unavailable={
          unavailable && (
            <NotOnDevice
              reason={unavailable}
              subject="list"
              onRetry={() => void query.refetch()}
              retrying={query.fetchStatus === 'fetching'}
            />
          )
        }
        emptyIcon={<IconTicket size={30} stroke={1.5} />}
        emptyTitle={emptyTitleNow}
        emptyDescription={emptyDescriptionNow}
        page={values.page}
        pageSize={limit}
        total={count}
        onPage={(page) => update({ page: String(page) })}
      />
      <TicketDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
