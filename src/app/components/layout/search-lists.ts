/**
 * The ticket lists each role can search from the header. A search runs on the list the user is on (or
 * the area's home list from any other page) and the role's other lists are searched as well, so a hit
 * in another list is named with a link to it instead of an empty result.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TicketList } from '../../../shared/domain/role-views';
import type { Role } from '../../../shared/domain/roles';
import type { TicketStatus } from '../../../shared/domain/ticket-status';
import { PATHS } from '../../paths';

export interface SearchList {
  path: string;
  title: MessageDescriptor;
  /** Whose default statuses and page size apply. */
  list: TicketList;
  /** A list of fixed statuses (previous, delivered). */
  statuses?: readonly TicketStatus[];
  /** The carrier's past offers. */
  all?: boolean;
  /** A status filter of the list at `path` rather than a list of its own (the admin's cancelled tickets). */
  filtered?: boolean;
}

const adminLists: readonly SearchList[] = [
  { path: PATHS.admin.ongoing, title: msg`Ongoing requests`, list: 'adminOngoing' },
  { path: PATHS.admin.delivered, title: msg`Delivered requests`, list: 'delivered', statuses: ['DELIVERED'] },
  // Cancelled tickets left the ongoing list's default (they are done); a search still finds them there.
  {
    path: PATHS.admin.ongoing,
    title: msg`Cancelled requests`,
    list: 'adminOngoing',
    statuses: ['CANCELED'],
    filtered: true,
  },
];

export const ROLE_SEARCH_LISTS: Record<Role, readonly SearchList[]> = {
  ADMIN: adminLists,
  ADMINRO: adminLists,
  SUPPLIER: [
    // A search on the home looks through every open request, its work sections' too.
    { path: PATHS.suppliers.root, title: msg`My requests`, list: 'supplierOpen' },
    {
      path: PATHS.suppliers.previous,
      title: msg`Previous requests`,
      list: 'supplier',
      statuses: ['DELIVERED', 'CANCELED'],
    },
  ],
  CARRIER: [
    // A search on the home looks through every open ticket, its work sections' too.
    { path: PATHS.carrier.root, title: msg`My tickets`, list: 'carrierOpen' },
    { path: PATHS.carrier.all, title: msg`All tickets`, list: 'generic', all: true },
  ],
  // A search on the customs home looks through every ticket at the agent's crossings, delivered ones
  // too (routes/customs/customs-home-page.tsx): one list covers it.
  CUSTOMS: [{ path: PATHS.customs.root, title: msg`Tickets`, list: 'generic' }],
};

/** Where a search from `pathname` lands: that list when it is one of the role's, else the area's home. */
export function searchTarget(role: Role, pathname: string, home: string): string {
  return ROLE_SEARCH_LISTS[role].some((list) => list.path === pathname) ? pathname : home;
}
