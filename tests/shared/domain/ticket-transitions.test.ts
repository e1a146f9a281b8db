import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../src/shared/domain/permissions';
import { ROLES, type Role } from '../../../src/shared/domain/roles';
import { TICKET_STATUSES, type TicketStatus } from '../../../src/shared/domain/ticket-status';
import {
  TICKET_ACTIONS,
  TICKET_TRANSITIONS,
  allowedFrom,
  decide,
  type Actor,
  type TicketAction,
  type TicketFacts,
} from '../../../src/shared/domain/ticket-transitions';

const supplier1: Actor = { roles: ['SUPPLIER'], supplierId: 1 };
const supplier2: Actor = { roles: ['SUPPLIER'], supplierId: 2 };
const carrier10: Actor = { roles: ['CARRIER'], carrierId: 10 };
const carrier11: Actor = { roles: ['CARRIER'], carrierId: 11 };
const customs100: Actor = { roles: ['CUSTOMS'], customsAgentId: 100 };
const customs101: Actor = { roles: ['CUSTOMS'], customsAgentId: 101 };
const admin: Actor = { roles: ['ADMIN'] };
const adminRo: Actor = { roles: ['ADMINRO'] };

/** Ticket 12 of supplier 1, offered to or carried by carrier 10, invoiced at a crossing of agent 100. */
function ticket(status: TicketStatus | null, overrides: Partial<TicketFacts> = {}): TicketFacts {
  const offer = status === 'PENDING' ? 'PENDING' : status === null ? null : 'CONFIRMED';
  return {
    id: 12,
    status,
    assignmentStatus: offer,
    supplierId: 1,
    carrierId: 10,
    customsAgentIds: [100],
    ...overrides,
  };
}

/** The lifecycle table, written out independently of the module's table. */
const EXPECTED: Record<
  Exclude<TicketAction, 'create'>,
  { from: TicketStatus[]; to: TicketStatus | 'DELETED' | null; who: Actor[] }
> = {
  confirm: { from: ['PENDING'], to: 'CONFIRMED', who: [carrier10] },
  decline: { from: ['CONFIRMED'], to: 'PENDING', who: [carrier10] },
  pass: { from: ['PENDING'], to: 'PENDING', who: [carrier10] },
  manual: { from: ['PENDING', 'CONFIRMED'], to: 'PENDING', who: [admin] },
  delete: { from: ['PENDING', 'CONFIRMED'], to: 'DELETED', who: [supplier1] },
  'documentation-create': { from: ['CONFIRMED'], to: 'SUPPLIER_INVOICED', who: [supplier1] },
  'documentation-update': { from: ['SUPPLIER_INVOICED'], to: null, who: [supplier1, admin] },
  cancel: { from: ['SUPPLIER_INVOICED'], to: 'CANCELED', who: [supplier1, admin] },
  'invoice-create': { from: ['SUPPLIER_INVOICED'], to: 'TA_INVOICED', who: [admin] },
  'invoice-update': { from: ['TA_INVOICED', 'MX_TRANSIT'], to: null, who: [admin] },
  release: { from: ['TA_INVOICED'], to: 'MX_TRANSIT', who: [customs100, admin] },
  deliver: { from: ['MX_TRANSIT'], to: 'DELIVERED', who: [admin] },
  payment: { from: ['TA_INVOICED', 'MX_TRANSIT', 'DELIVERED'], to: null, who: [admin] },
  'customs-read': { from: ['TA_INVOICED', 'MX_TRANSIT', 'DELIVERED'], to: null, who: [customs100] },
};

const ALLOWED_ROLES: Record<TicketAction, Role[]> = {
  create: ['SUPPLIER'],
  confirm: ['CARRIER'],
  decline: ['CARRIER'],
  pass: ['CARRIER'],
  manual: ['ADMIN'],
  delete: ['SUPPLIER'],
  'documentation-create': ['SUPPLIER'],
  'documentation-update': ['SUPPLIER', 'ADMIN'],
  cancel: ['SUPPLIER', 'ADMIN'],
  'invoice-create': ['ADMIN'],
  'invoice-update': ['ADMIN'],
  release: ['CUSTOMS', 'ADMIN'],
  deliver: ['ADMIN'],
  payment: ['ADMIN'],
  'customs-read': ['CUSTOMS'],
};

const actorOf: Record<Role, Actor> = {
  ADMIN: admin,
  ADMINRO: adminRo,
  SUPPLIER: supplier1,
  CARRIER: carrier10,
  CUSTOMS: customs100,
};

const allowedCases = Object.entries(EXPECTED).flatMap(([action, row]) =>
  row.from.flatMap((from) =>
    row.who.map((actor) => ({ action: action as TicketAction, from, actor, to: row.to ?? from })),
  ),
);
const conflictCases = Object.entries(EXPECTED).flatMap(([action, row]) =>
  TICKET_STATUSES.filter((s) => !row.from.includes(s)).flatMap((from) =>
    // Customs agents do not see tickets outside TA_INVOICED..DELIVERED, so only admins can hit 409 there.
    row.who.filter((a) => a !== customs100).map((actor) => ({ action: action as TicketAction, from, actor })),
  ),
);
const forbiddenCases = TICKET_ACTIONS.flatMap((action) =>
  ROLES.filter((role) => !ALLOWED_ROLES[action].includes(role)).map((role) => ({ action, role })),
);

describe('decide: allowed transitions', () => {
  it.each(allowedCases)('should let $actor.roles $action from $from and end in $to', ({ action, from, actor, to }) => {
    expect(decide(ticket(from), action, actor)).toEqual({ ok: true, to });
  });

  it('should let the owning supplier create a ticket from its own yard as PENDING', () => {
    expect(decide(ticket(null), 'create', supplier1)).toEqual({ ok: true, to: 'PENDING' });
  });
});

describe('decide: 409 when the status does not allow the action', () => {
  it.each(conflictCases)('should refuse $action from $from with 409 naming $from', ({ action, from, actor }) => {
    const decision = decide(ticket(from), action, actor);
    expect(decision).toMatchObject({ ok: false, code: 409 });
    expect(decision.ok ? '' : decision.message).toContain(`Ticket 12 is ${from};`);
  });

  it('should explain an accept on a confirmed ticket with its status', () => {
    expect(decide(ticket('CONFIRMED'), 'confirm', carrier10)).toEqual({
      ok: false,
      code: 409,
      message: 'Ticket 12 is CONFIRMED; it cannot be accepted',
    });
  });

  it('should refuse an accept when the offer is no longer pending', () => {
    expect(decide(ticket('PENDING', { assignmentStatus: 'REJECTED' }), 'confirm', carrier10)).toEqual({
      ok: false,
      code: 409,
      message: 'Ticket 12 is PENDING and its offer is REJECTED; it cannot be accepted',
    });
  });

  it('should refuse a decline when the carrier has not confirmed the offer', () => {
    expect(decide(ticket('CONFIRMED', { assignmentStatus: 'PENDING' }), 'decline', carrier10)).toEqual({
      ok: false,
      code: 409,
      message: 'Ticket 12 is CONFIRMED and its offer is PENDING; it cannot be declined',
    });
  });

  it('should refuse a pass once the carrier accepted the offer, naming both statuses', () => {
    expect(decide(ticket('PENDING', { assignmentStatus: 'CONFIRMED' }), 'pass', carrier10)).toEqual({
      ok: false,
      code: 409,
      message: 'Ticket 12 is PENDING and its offer is CONFIRMED; its offer cannot be passed on',
    });
    expect(decide(ticket('CONFIRMED'), 'pass', carrier10)).toEqual({
      ok: false,
      code: 409,
      message: 'Ticket 12 is CONFIRMED; its offer cannot be passed on',
    });
  });

  it('should say "The ticket" when no id is given', () => {
    expect(decide(ticket('CANCELED', { id: undefined }), 'cancel', admin)).toEqual({
      ok: false,
      code: 409,
      message: 'The ticket is CANCELED; it cannot be canceled',
    });
  });

  it('should refuse to create a ticket that already exists', () => {
    expect(decide(ticket('PENDING'), 'create', supplier1)).toEqual({
      ok: false,
      code: 409,
      message: 'Ticket 12 is PENDING; it already exists',
    });
  });
});

describe('decide: 403 when the role may not act', () => {
  it.each(forbiddenCases)('should refuse $action by $role with 403', ({ action, role }) => {
    const from = EXPECTED[action as Exclude<TicketAction, 'create'>]?.from[0] ?? null;
    expect(decide(ticket(from), action, actorOf[role])).toMatchObject({ ok: false, code: 403 });
  });

  it.each(TICKET_ACTIONS)('should refuse %s by a read-only admin as read-only', (action) => {
    expect(decide(ticket('TA_INVOICED'), action, adminRo)).toEqual({
      ok: false,
      code: 403,
      message: 'Read-only administrators cannot change tickets',
    });
  });

  it('should name the task the role cannot do', () => {
    expect(decide(ticket('MX_TRANSIT'), 'deliver', customs100)).toEqual({
      ok: false,
      code: 403,
      message: 'Your role cannot mark tickets delivered',
    });
  });

  it('should answer 403 before looking at the status', () => {
    expect(decide(ticket('CANCELED'), 'confirm', supplier1)).toMatchObject({ ok: false, code: 403 });
  });

  it('should refuse an actor without roles with 403', () => {
    expect(decide(ticket('PENDING'), 'delete', { roles: [], supplierId: 1 })).toMatchObject({ code: 403 });
  });
});

describe('decide: 404 outside the actor view', () => {
  it('should hide another supplier ticket with 404', () => {
    expect(decide(ticket('PENDING'), 'delete', supplier2)).toEqual({
      ok: false,
      code: 404,
      message: 'Ticket 12 not found',
    });
  });

  it('should answer 404 rather than 409 for another supplier ticket in a refusing status', () => {
    expect(decide(ticket('DELIVERED'), 'cancel', supplier2)).toMatchObject({ ok: false, code: 404 });
  });

  it('should hide a ticket offered to another carrier with 404', () => {
    expect(decide(ticket('PENDING'), 'confirm', carrier11)).toMatchObject({ ok: false, code: 404 });
  });

  it('should hide a ticket with no open offer from every carrier with 404', () => {
    expect(decide(ticket('PENDING', { carrierId: null, assignmentStatus: null }), 'confirm', carrier10)).toMatchObject({
      ok: false,
      code: 404,
    });
  });

  it('should hide a ticket invoiced at another crossing from a customs agent with 404', () => {
    expect(decide(ticket('TA_INVOICED'), 'release', customs101)).toMatchObject({ ok: false, code: 404 });
  });

  it('should hide a ticket without provider invoice from customs with 404', () => {
    expect(decide(ticket('TA_INVOICED', { customsAgentIds: [] }), 'release', customs100)).toMatchObject({ code: 404 });
  });

  it.each(['PENDING', 'CONFIRMED', 'SUPPLIER_INVOICED', 'CANCELED'] as const)(
    'should hide a %s ticket from the customs agent of its crossing with 404',
    (status) => {
      expect(decide(ticket(status), 'release', customs100)).toMatchObject({ ok: false, code: 404 });
    },
  );

  it('should refuse a customs release of a delivered ticket of its crossing with 409', () => {
    expect(decide(ticket('DELIVERED'), 'release', customs100)).toEqual({
      ok: false,
      code: 409,
      message: 'Ticket 12 is DELIVERED; it cannot be released at the border',
    });
  });

  it('should refuse a supplier actor without a supplier id with 404', () => {
    expect(decide(ticket('PENDING'), 'delete', { roles: ['SUPPLIER'] })).toMatchObject({ code: 404 });
  });

  it('should refuse to create a ticket from another supplier yard with 404', () => {
    expect(decide(ticket(null), 'create', supplier2)).toEqual({
      ok: false,
      code: 404,
      message: 'Origin depot not found',
    });
  });

  it('should answer 404 for any action but create on a ticket that does not exist', () => {
    expect(decide(ticket(null), 'delete', supplier1)).toEqual({ ok: false, code: 404, message: 'Ticket 12 not found' });
  });
});

describe('decide: actors with several roles', () => {
  it('should let a user who is read-only admin and supplier delete their own ticket', () => {
    expect(decide(ticket('PENDING'), 'delete', { roles: ['ADMINRO', 'SUPPLIER'], supplierId: 1 })).toEqual({
      ok: true,
      to: 'DELETED',
    });
  });

  it('should let an admin who is also another supplier cancel through the admin role', () => {
    expect(decide(ticket('SUPPLIER_INVOICED'), 'cancel', { roles: ['SUPPLIER', 'ADMIN'], supplierId: 2 })).toEqual({
      ok: true,
      to: 'CANCELED',
    });
  });
});

describe('transition table', () => {
  it.each(TICKET_ACTIONS)('should grant %s only to roles its permission grants', (action) => {
    const rule = TICKET_TRANSITIONS[action];
    const granted: readonly string[] = PERMISSIONS[rule.permission];
    expect(rule.roles.filter((role) => !granted.includes(role))).toEqual([]);
  });

  it('should list the statuses an action starts from', () => {
    expect(allowedFrom('payment')).toEqual(['TA_INVOICED', 'MX_TRANSIT', 'DELIVERED']);
  });

  it('should list no starting status for create', () => {
    expect(allowedFrom('create')).toEqual([]);
  });
});
