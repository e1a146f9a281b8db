/**
 * A header search is run on the role's other ticket lists too; this names each list that holds a hit,
 * with a link that opens it with the same search. So a delivered trip searched from Ongoing says
 * "Also found in Delivered requests" instead of only "nothing here".
 */
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconListSearch } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { TICKET_LIST_DEFAULTS } from '../../../../shared/domain/role-views';
import type { Role } from '../../../../shared/domain/roles';
import type { ActiveSearch } from '../../../components/layout/search-fields';
import { ROLE_SEARCH_LISTS, type SearchList } from '../../../components/layout/search-lists';
import { searchFilter, ticketsQueryOptions, type TicketFilters } from '../api/get-tickets';

/** A few ids are enough to name the hits; the link shows the rest. */
const PEEK = 3;

function filtersOf(list: SearchList, found: Partial<TicketFilters> | null): TicketFilters {
  return {
    statusName: list.statuses ?? TICKET_LIST_DEFAULTS[list.list].statuses,
    page: 1,
    limit: PEEK,
    orderBy: 'DESC',
    all: list.all || undefined,
    ...found,
  };
}

export interface SearchHit {
  list: SearchList;
  count: number;
  ids: number[];
}

/** The role's other lists that hold tickets matching the search (none while they load or fail). */
export function useSearchElsewhere(role: Role, pathname: string, search: ActiveSearch | null): SearchHit[] {
  const others = search ? ROLE_SEARCH_LISTS[role].filter((list) => list.path !== pathname || list.filtered) : [];
  const found = search && searchFilter(search);
  const results = useQueries({
    queries: others.map((list) => ({ ...ticketsQueryOptions(filtersOf(list, found)), enabled: found !== null })),
  });
  return others.flatMap((list, index) => {
    const data = results[index]?.data;
    return data && data.count > 0 ? [{ list, count: data.count, ids: data.tickets.map((ticket) => ticket.id) }] : [];
  });
}

export function SearchElsewhere({ hits, search }: { hits: SearchHit[]; search: ActiveSearch }) {
  const { t, i18n } = useLingui();
  if (hits.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" data-testid="search-elsewhere">
      {hits.map(({ list, count, ids }) => {
        const name = i18n._(list.title);
        const trips = ids.map((id) => `#${id}`).join(', ') + (count > ids.length ? ', …' : '');
        const params = new URLSearchParams({ [search.key]: search.value });
        if (list.filtered) for (const status of list.statuses ?? []) params.append('status', status);
        const to = `${list.path}?${params.toString()}`;
        return (
          <Alert
            key={`${list.path} ${list.statuses?.join() ?? ''}`}
            color="blue"
            variant="light"
            icon={<IconListSearch size={18} />}
            title={t`Also found in ${name}`}
          >
            <Text size="sm">
              {count === 1 ? t`Trip ${trips} matches this search.` : t`${count} tickets match this search (${trips}).`}{' '}
              <Anchor component={Link} to={to} fw={600}>
                {t`Show in ${name}`}
              </Anchor>
            </Text>
          </Alert>
        );
      })}
    </Stack>
  );
}
