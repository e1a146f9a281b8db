/**
 * Typed permissions (STYLE.md convention 5). One function decides them; the server's preHandler and the
 * client's <Can> guard both call it. ADMINRO holds every `:read` permission of the admin and no write.
 */
import type { Role } from './roles';

export const PERMISSIONS = {
  'ticket:read': ['ADMIN', 'ADMINRO', 'SUPPLIER', 'CARRIER', 'CUSTOMS'],
  'ticket:create': ['SUPPLIER'],
  'ticket:delete': ['SUPPLIER'],
  'ticket:confirm': ['CARRIER'],
  'ticket:decline': ['CARRIER'],
  'ticket:manual': ['ADMIN'],
  'ticket:cancel': ['SUPPLIER', 'ADMIN'],
  'ticket:update': ['ADMIN', 'CUSTOMS'],
  'ticket:release': ['ADMIN', 'CUSTOMS'],
  'ticket:deliver': ['ADMIN'],
  'ticket:counts': ['ADMIN', 'ADMINRO', 'SUPPLIER', 'CARRIER', 'CUSTOMS'],
  'servicelevel:read': ['ADMIN', 'ADMINRO'],
  'documentation:read': ['ADMIN', 'ADMINRO', 'SUPPLIER', 'CARRIER', 'CUSTOMS'],
  'documentation:write': ['SUPPLIER', 'ADMIN'],
  'customs:read-flag': ['CUSTOMS'],
  'invoice:read': ['ADMIN', 'ADMINRO', 'CUSTOMS', 'SUPPLIER', 'CARRIER'],
  'invoice:write': ['ADMIN'],
  'payment:write': ['ADMIN'],
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

export type Permission = keyof typeof PERMISSIONS;

export function can(roles: readonly { name: string }[] | readonly string[], permission: Permission): boolean {
  const allowed: readonly string[] = PERMISSIONS[permission];
  return roles.some((r) => allowed.includes(typeof r === 'string' ? r : r.name));
}

/** Route areas of the client (spec section 2) and the roles allowed in each. */
export const AREA_ROLES = {
  admin: ['ADMIN', 'ADMINRO'],
  adminro: ['ADMINRO'],
  suppliers: ['SUPPLIER'],
  carrier: ['CARRIER'],
  customs: ['CUSTOMS'],
  ticket: ['ADMIN', 'ADMINRO', 'SUPPLIER', 'CARRIER', 'CUSTOMS'],
} as const satisfies Record<string, readonly Role[]>;
export type Area = keyof typeof AREA_ROLES;
