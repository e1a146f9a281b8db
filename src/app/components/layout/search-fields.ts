/**
 * The header search. The chosen field and text go into the URL of the area's
 * ticket list as one of these query keys, e.g. `/dashboard/carrier?equipment=ABCU123456`; ticket lists
 * read them with `readSearch(searchParams)` and pass them on to GET /tickets.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '../../../shared/domain/roles';

export const SEARCH_KEYS = ['ticketId', 'invoiceNumber', 'taInvoiceNumber', 'equipment'] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];

export interface SearchField {
  key: SearchKey;
  label: MessageDescriptor;
}

const tripId: SearchField = { key: 'ticketId', label: msg`Trip ID` };
const invoice: SearchField = { key: 'invoiceNumber', label: msg`Invoice #` };
const taInvoice: SearchField = { key: 'taInvoiceNumber', label: msg`TA Invoice` };
const taInvoiceNumber: SearchField = { key: 'taInvoiceNumber', label: msg`TA Invoice #` };
const equipment: SearchField = { key: 'equipment', label: msg`Equipment ID` };

export const ROLE_SEARCH_FIELDS: Record<Role, readonly SearchField[]> = {
  SUPPLIER: [tripId, invoice],
  CARRIER: [tripId, invoice, taInvoice, equipment],
  ADMIN: [tripId, invoice, taInvoice, equipment],
  ADMINRO: [tripId, invoice, taInvoice, equipment],
  CUSTOMS: [tripId, taInvoiceNumber, equipment],
};

export interface ActiveSearch {
  key: SearchKey;
  value: string;
}

export const isSearchKey = (value: unknown): value is SearchKey =>
  typeof value === 'string' && (SEARCH_KEYS as readonly string[]).includes(value);

/** The search the URL carries, if any (only one key is set at a time by the search bar). */
export function readSearch(params: URLSearchParams): ActiveSearch | null {
  for (const key of SEARCH_KEYS) {
    const value = params.get(key)?.trim();
    if (value) return { key, value };
  }
  return null;
}

/**
 * The params after a search: the other search keys and the page go, other filters stay.
 * An empty value clears the search.
 */
export function applySearch(params: URLSearchParams, search: ActiveSearch | null): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of SEARCH_KEYS) next.delete(key);
  next.delete('page');
  if (search && search.value.trim()) next.set(search.key, search.value.trim());
  return next;
}
