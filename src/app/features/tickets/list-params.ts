/**
 * A ticket list's filters and page live in the URL (shareable, kept on back/forward): `status`,
 * `carrier`, `mode`, `destination` (repeated keys), `order`, `page`, `before` (the admin's
 * "older than a day" cut-off), `unassigned`, `unpaid` (the admin's invoices without a payment voucher), plus the header search keys (search-fields.ts). This module
 * turns those params into a GET /tickets filter for a list configuration.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  ADMIN_ONGOING_RESET_LIMIT,
  TICKET_LIST_DEFAULTS,
  expandStatusFilter,
  statusFilterOptions,
  type DisplayStatus,
  type TicketList,
} from '../../../shared/domain/role-views';
import { CARRIER_MODES, type CarrierMode, type Role } from '../../../shared/domain/roles';
import type { TicketStatus } from '../../../shared/domain/ticket-status';
import { SEARCH_KEYS, readSearch } from '../../components/layout/search-fields';
import { searchFilter, type TicketFilters } from './api/get-tickets';

export type FilterGroupKey = 'status' | 'carrier' | 'mode' | 'destination' | 'order';

export interface TicketListConfig {
  role: Role;
  /** Whose defaults apply. */
  list: TicketList;
  /** Overrides the list's page size. */
  limit?: number;
  /** A list of fixed statuses (previous, delivered) has no status filter. */
  fixedStatuses?: readonly TicketStatus[];
  /** The status options; the role's statusFilterOptions by default. */
  statusOptions?: readonly DisplayStatus[];
  filters: readonly FilterGroupKey[];
  /** The carrier's /all page: tickets it was offered before too. */
  all?: boolean;
  /**
   * Whose default statuses a search or a filter without a status uses, when they differ from the list's
   * own: a home's list leaves out what its work sections show, a search there looks through them too.
   */
  searchList?: TicketList;
}

export interface ListParams {
  status: string[];
  carrier: string[];
  mode: string[];
  destination: string[];
  order: 'ASC' | 'DESC';
  page: number;
  before: string | null;
  unassigned: boolean;
  unpaid: boolean;
}

const MULTI_KEYS = ['status', 'carrier', 'mode', 'destination'] as const;
type MultiKey = (typeof MULTI_KEYS)[number];
const FILTER_KEYS = [...MULTI_KEYS, 'order', 'page', 'before', 'unassigned', 'unpaid'] as const;

const ids = (values: readonly string[]) => values.map(Number).filter((n) => Number.isInteger(n) && n > 0);

export function readListParams(params: URLSearchParams): ListParams {
  const page = Number(params.get('page'));
  return {
    status: params.getAll('status'),
    carrier: params.getAll('carrier'),
    mode: params.getAll('mode'),
    destination: params.getAll('destination'),
    order: params.get('order') === 'ASC' ? 'ASC' : 'DESC',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    before: params.get('before'),
    unassigned: params.get('unassigned') === 'true',
    unpaid: params.get('unpaid') === 'true',
  };
}

/** The list's page size; after 'Clean filters' the admin ongoing list pages by 10. */
export function pageSize(config: TicketListConfig, params?: URLSearchParams): number {
  if (config.list === 'adminOngoing' && Number(params?.get('size')) === ADMIN_ONGOING_RESET_LIMIT) {
    return ADMIN_ONGOING_RESET_LIMIT;
  }
  return config.limit ?? TICKET_LIST_DEFAULTS[config.list].limit;
}

export function statusOptionsOf(config: TicketListConfig): readonly DisplayStatus[] {
  return config.statusOptions ?? statusFilterOptions(config.role);
}

/** GET /tickets filters for a list, or null when the search cannot match anything (a non-numeric trip id). */
export function toTicketFilters(config: TicketListConfig, params: URLSearchParams): TicketFilters | null {
  const p = readListParams(params);
  const chosen = config.fixedStatuses
    ? []
    : p.status.filter((s) => statusOptionsOf(config).includes(s as DisplayStatus));
  const looking = hasListFilters(params) || readSearch(params) !== null;
  const defaults = TICKET_LIST_DEFAULTS[looking && config.searchList ? config.searchList : config.list].statuses;
  const statuses = config.fixedStatuses ?? (chosen.length > 0 ? expandStatusFilter(config.role, chosen) : defaults);
  const filters: TicketFilters = {
    statusName: statuses,
    page: p.page,
    limit: pageSize(config, params),
    carrierId: ids(p.carrier),
    carrierMode: p.mode.filter((m): m is CarrierMode => (CARRIER_MODES as readonly string[]).includes(m)),
    destinationId: ids(p.destination),
    orderBy: p.order,
    beforeDate: p.before ?? undefined,
    unassigned: p.unassigned || undefined,
    unpaid: p.unpaid || undefined,
    all: config.all || undefined,
  };
  const search = readSearch(params);
  if (!search) return filters;
  const found = searchFilter(search);
  return found && { ...filters, ...found };
}

/**
 * Whether the list is as the home opens it: no filter, no search, the first page. Only then does a home
 * show its work sections above the list (a filter or a search is looking for something else).
 */
export function isHomeView(params: URLSearchParams): boolean {
  return !hasListFilters(params) && !params.has('page') && readSearch(params) === null;
}

/** Whether any filter of the list (not the search) is set. */
export function hasListFilters(params: URLSearchParams): boolean {
  return FILTER_KEYS.some((key) => key !== 'page' && params.has(key));
}

export function useListParams() {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => readListParams(params), [params]);

  /** Sets one multi-value filter and goes back to page 1. */
  const setMulti = useCallback(
    (key: MultiKey, next: readonly string[]) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.delete(key);
        updated.delete('page');
        for (const value of next) updated.append(key, value);
        return updated;
      }),
    [setParams],
  );

  const update = useCallback(
    (changes: Partial<Record<'order' | 'page' | 'before' | 'unassigned' | 'unpaid', string | null>>) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (!('page' in changes)) updated.delete('page');
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === undefined) updated.delete(key);
          else updated.set(key, value);
        }
        return updated;
      }),
    [setParams],
  );

  /** 'Clean filters': every filter, the page and the search go; `size` sets the page size after it. */
  const clean = useCallback(
    (size?: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        for (const key of [...FILTER_KEYS, ...SEARCH_KEYS, 'size']) updated.delete(key);
        if (size) updated.set('size', String(size));
        return updated;
      }),
    [setParams],
  );

  return { params, values, setMulti, update, clean, setParams };
}
