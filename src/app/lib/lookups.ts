/**
 * The lookups several features read, each once: every carrier, every destination and one ticket. One
 * fetcher, one query (key, stale time) and one type each, so the ticket filters, the manual assignment,
 * the documentation forms and the admin and customs pages share one cache entry.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketView } from '../../shared/schemas/ticket-view';
import type { CarrierRef } from '../../shared/schemas/ticket-view';
import { apiFetch } from './api-client';
import { lookupKeys, ticketKeys } from './query-keys';

/** Master data changes seldom: ten minutes before a screen asks again. */
const MASTER_DATA_STALE_MS = 10 * 60_000;

export interface Carrier extends CarrierRef {
  category: number;
  enabledForAlgorithm: boolean;
}

export interface Destination {
  id: number;
  name: string;
}

/** GET /carriers: every carrier (filters, manual assignment; the railcar form keeps the railcar ones). */
export async function getCarriers(signal?: AbortSignal): Promise<Carrier[]> {
  const { carriers } = await apiFetch<{ carriers: Carrier[] }>('/carriers', { signal });
  return carriers;
}

export const carriersQuery = () =>
  queryOptions({
    queryKey: lookupKeys.carriers,
    queryFn: ({ signal }) => getCarriers(signal),
    staleTime: MASTER_DATA_STALE_MS,
  });

export function useCarriers(enabled = true) {
  return useQuery({ ...carriersQuery(), enabled });
}

const railcarOnly = (carriers: Carrier[]) => carriers.filter((carrier) => carrier.mode === 'RAILCAR');

export const useRailCarriers = () => useQuery({ ...carriersQuery(), select: railcarOnly });

/** GET /destinations: the depots material is delivered to. */
export async function getDestinations(signal?: AbortSignal): Promise<Destination[]> {
  const { destinations } = await apiFetch<{ destinations: Destination[] }>('/destinations', { signal });
  return destinations;
}

export const destinationsQuery = () =>
  queryOptions({
    queryKey: lookupKeys.destinations,
    queryFn: ({ signal }) => getDestinations(signal),
    staleTime: MASTER_DATA_STALE_MS,
  });

export function useDestinations(enabled = true) {
  return useQuery({ ...destinationsQuery(), enabled });
}

/** GET /tickets/{id}. */
export async function getTicket(id: number, signal?: AbortSignal): Promise<TicketView> {
  const { ticket } = await apiFetch<{ ticket: TicketView }>(`/tickets/${id}`, { signal });
  return ticket;
}

export const ticketQuery = (id: number) =>
  queryOptions({ queryKey: ticketKeys.one(id), queryFn: ({ signal }) => getTicket(id, signal) });

/** One ticket; a null id (none chosen, or not a number) asks nothing. */
export function useTicket(id: number | null) {
  return useQuery({ ...ticketQuery(id ?? 0), enabled: id !== null });
}
