/**
 * Typed permissions (STYLE.md convention 5): which roles may call a route. One function, `can`, decides
 * them for the server's route guard and the client. ADMINRO holds every `:read` permission of the admin
 * and no write.
 *
 * Permissions that change a ticket are not written here: they come from the transition table
 * (ticket-transitions.ts), each granted to the union of the roles of the actions that name it, so the
 * route's 403 and `decide()`'s 403 can never disagree.
 */
// Named in full: vite.config.ts loads this module (through src/app/home-lists.ts).
import { ROLES, type Role } from './roles.ts';
import { TICKET_ACTIONS, TICKET_TRANSITIONS, type ActionPermission, type TicketAction } from './ticket-transitions.ts';

/** Every role that may perform at least one of `actions`, in ROLES order. */
export function rolesOfActions(actions: readonly TicketAction[]): readonly Role[] {
  const granted = new Set<Role>(actions.flatMap((action) => TICKET_TRANSITIONS[action].roles));
  return ROLES.filter((role) => granted.has(role));
}

function actionPermissions(): Record<ActionPermission, readonly Role[]> {
  const actionsOf = new Map<ActionPermission, TicketAction[]>();
  for (const action of TICKET_ACTIONS) {
    const permission = TICKET_TRANSITIONS[action].permission;
    actionsOf.set(permission, [...(actionsOf.get(permission) ?? []), action]);
  }
  return Object.fromEntries([...actionsOf].map(([p, actions]) => [p, rolesOfActions(actions)])) as Record<
    ActionPermission,
    readonly Role[]
  >;
}

/** Permissions of reads and of writes outside the ticket lifecycle. */
const OTHER_PERMISSIONS = {
  'ticket:read': ['ADMIN', 'ADMINRO', 'SUPPLIER', 'CARRIER', 'CUSTOMS'],
  // PUT /tickets/{id} carries a release, a delivery or the customs read flag.
  'ticket:update': rolesOfActions(['release', 'deliver', 'customs-read']),
  'ticket:counts': ['ADMIN', 'ADMINRO', 'SUPPLIER', 'CARRIER', 'CUSTOMS'],
  'servicelevel:read': ['ADMIN', 'ADMINRO'],
  'documentation:read': ['ADMIN', 'ADMINRO', 'SUPPLIER', 'CARRIER', 'CUSTOMS'],
  'invoice:read': ['ADMIN', 'ADMINRO', 'CUSTOMS', 'SUPPLIER', 'CARRIER'],
  'rpa:read': ['ADMIN', 'ADMINRO'],
  'rpa:create': ['ADMIN'],
  'evoucher:read': ['ADMIN', 'ADMINRO', 'CARRIER'],
  'contract:read': ['ADMIN', 'ADMINRO'],
  'contract:edit': ['ADMIN'],
  'masters:read': ['ADMIN', 'ADMINRO', 'SUPPLIER', 'CARRIER', 'CUSTOMS'],
  'masters:edit': ['ADMIN'],
  'masters:manage': ['ADMIN', 'ADMINRO'],
  'settings:read': ['ADMIN', 'ADMINRO'],
  'settings:edit': ['ADMIN'],
  'purchaseorder:read': ['ADMIN', 'ADMINRO', 'SUPPLIER'],
  'purchaseorder:import': ['ADMIN'],
  'vehicle:read': ['CARRIER'],
  'vehicle:write': ['CARRIER'],
  'vehicle:suggest': ['SUPPLIER', 'ADMIN', 'ADMINRO'],
  'file:download': ['ADMIN', 'ADMINRO', 'SUPPLIER', 'CARRIER', 'CUSTOMS'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof OTHER_PERMISSIONS | ActionPermission;

export const PERMISSIONS: Readonly<Record<Permission, readonly Role[]>> = {
  ...OTHER_PERMISSIONS,
  ...actionPermissions(),
};

/** The ticket actions a permission was derived from (none for the others). */
export function actionsOf(permission: Permission): TicketAction[] {
  return TICKET_ACTIONS.filter((action) => TICKET_TRANSITIONS[action].permission === permission);
}

export function can(roles: readonly { name: string }[] | readonly string[], permission: Permission): boolean {
  const allowed: readonly string[] = PERMISSIONS[permission];
  return roles.some((r) => allowed.includes(typeof r === 'string' ? r : r.name));
}

/** Route areas of the client and the roles allowed in each. */
export const AREA_ROLES = {
  admin: ['ADMIN', 'ADMINRO'],
  adminro: ['ADMINRO'],
  suppliers: ['SUPPLIER'],
  carrier: ['CARRIER'],
  customs: ['CUSTOMS'],
  ticket: ['ADMIN', 'ADMINRO', 'SUPPLIER', 'CARRIER', 'CUSTOMS'],
} as const satisfies Record<string, readonly Role[]>;
export type Area = keyof typeof AREA_ROLES;
