/**
 * Every TanStack Query key of the app, one factory per feature, in one place: a screen's query and the
 * mutation or live event that invalidates it read the same key, and the persisted cache (per user, in
 * IndexedDB) keeps one shape per kind of data. Keys start with the data's name, so invalidating a
 * factory's `all` refetches everything of that kind.
 */
import type { CarrierMode } from '../../shared/domain/roles';

export const ticketKeys = {
  all: ['tickets'] as const,
  /** A ticket list with its filters (any object the list screen builds). */
  list: (filters: object) => [...ticketKeys.all, 'list', filters] as const,
  one: (id: number) => [...ticketKeys.all, 'one', id] as const,
  counts: () => [...ticketKeys.all, 'counts'] as const,
  /** The documentation forms' bulk list of confirmed tickets. */
  confirmedPickList: () => [...ticketKeys.all, 'confirmed-pick-list'] as const,
  /** A customs list of one carrier mode, or of both ('ALL': the home's unread documentation). */
  customs: (mode: CarrierMode | 'ALL', filter: string, page: number) =>
    [...ticketKeys.all, 'customs', mode, filter, page] as const,
};

export const documentationKeys = {
  all: ['documentation'] as const,
  ofTicket: (mode: CarrierMode, ticketId: number | null) => [...documentationKeys.all, mode, ticketId] as const,
  /** The ticket carrier's active equipment ids, suggested in the truck/railcar id field. */
  equipmentSuggestions: (ticketId: number) => [...documentationKeys.all, 'equipment-suggestions', ticketId] as const,
};

export const invoiceKeys = {
  all: ['invoices'] as const,
  ofTicket: (ticketId: number) => [...invoiceKeys.all, ticketId] as const,
};

export const purchaseOrderKeys = {
  all: ['purchase-orders'] as const,
  open: (materialId: string | number | null, supplierId: number | null | undefined) =>
    [...purchaseOrderKeys.all, materialId, supplierId] as const,
};

export const userKeys = {
  one: (id: number) => ['users', id] as const,
};

/** Master data several features read (src/app/lib/lookups.ts and the feature lookups). */
export const lookupKeys = {
  carriers: ['carriers'] as const,
  destinations: ['destinations'] as const,
  materials: ['materials'] as const,
  myDepots: ['depots', 'mine'] as const,
  borderCrossings: ['border-crossings', 'all'] as const,
  /** How long an offer waits for its carrier (GET /configurations/offer-window). */
  offerWindow: ['configurations', 'offer-window'] as const,
};

export const authKeys = {
  /** Which single sign-on buttons lead anywhere (GET /auth/sso-providers). */
  ssoProviders: ['sso-providers'] as const,
};
