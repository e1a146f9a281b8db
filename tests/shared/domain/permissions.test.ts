import { describe, expect, it } from 'vitest';
import { actionsOf, can, PERMISSIONS, type Permission } from '../../../src/shared/domain/permissions';
import { decide, TICKET_ACTIONS, TICKET_TRANSITIONS } from '../../../src/shared/domain/ticket-transitions';
import { ROLES } from '../../../src/shared/domain/roles';

describe('permissions derived from the transition table', () => {
  it.each(TICKET_ACTIONS)('should grant the permission of %s to exactly the roles of its actions', (action) => {
    const permission = TICKET_TRANSITIONS[action].permission;
    const roles = new Set(actionsOf(permission).flatMap((a) => TICKET_TRANSITIONS[a].roles));
    expect([...PERMISSIONS[permission]].sort()).toEqual([...roles].sort());
  });

  it('should let the route refuse with 403 exactly whom decide() refuses with 403', () => {
    for (const action of TICKET_ACTIONS) {
      for (const role of ROLES) {
        const byRoute = can([role], TICKET_TRANSITIONS[action].permission);
        const byDecide = decide({ status: null, supplierId: 1, carrierId: null }, action, { roles: [role] });
        // A permission shared by several actions lets a role through that one of them refuses later.
        if (actionsOf(TICKET_TRANSITIONS[action].permission).length === 1) {
          expect({ action, role, allowed: byRoute }).toEqual({
            action,
            role,
            allowed: !(!byDecide.ok && byDecide.code === 403),
          });
        }
      }
    }
  });

  it('should keep the grants the routes had', () => {
    const expected: Partial<Record<Permission, string[]>> = {
      'ticket:create': ['SUPPLIER'],
      'ticket:confirm': ['CARRIER'],
      'ticket:decline': ['CARRIER'],
      'ticket:pass': ['CARRIER'],
      'ticket:manual': ['ADMIN'],
      'ticket:delete': ['SUPPLIER'],
      'ticket:cancel': ['ADMIN', 'SUPPLIER'],
      'ticket:update': ['ADMIN', 'CUSTOMS'],
      'ticket:release': ['ADMIN', 'CUSTOMS'],
      'ticket:deliver': ['ADMIN'],
      'documentation:create': ['SUPPLIER'],
      'documentation:update': ['ADMIN', 'SUPPLIER'],
      'invoice:write': ['ADMIN'],
      'payment:write': ['ADMIN'],
      'customs:read-flag': ['CUSTOMS'],
    };
    for (const [permission, roles] of Object.entries(expected)) {
      expect([...PERMISSIONS[permission as Permission]].sort()).toEqual(roles);
    }
  });

  it('should give ADMINRO no permission that changes a ticket', () => {
    for (const action of TICKET_ACTIONS) expect(can(['ADMINRO'], TICKET_TRANSITIONS[action].permission)).toBe(false);
  });
});
