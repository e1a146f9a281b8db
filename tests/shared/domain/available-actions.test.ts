import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableActions,
  type ActionTicket,
  type ActionUser,
  type AvailableAction,
} from '../../../src/shared/domain/available-actions';
import { ROLES, type Role } from '../../../src/shared/domain/roles';
import { TICKET_STATUSES, type AssignmentStatus, type TicketStatus } from '../../../src/shared/domain/ticket-status';
import { TICKET_TRANSITIONS, type TicketAction } from '../../../src/shared/domain/ticket-transitions';

const SUPPLIER_ID = 30;
const CARRIER = { id: 1, businessName: 'Rápido Freight Lines', mode: 'TRUCK' as const };
const OTHER_CARRIER = { id: 2, businessName: 'Border Haulers Co.', mode: 'TRUCK' as const };

function user(role: Role, ids: { supplierId?: number; carrierId?: number; customsAgentId?: number } = {}): ActionUser {
  return {
    roles: [{ name: role }],
    userDetail: {
      name: role,
      supplier: role === 'SUPPLIER' ? { id: ids.supplierId ?? SUPPLIER_ID, businessName: 'S', depots: [] } : null,
      carrier: role === 'CARRIER' ? { id: ids.carrierId ?? CARRIER.id, businessName: 'C', mode: 'TRUCK' } : null,
      customsAgent: role === 'CUSTOMS' ? { id: ids.customsAgentId ?? 7, businessName: 'A' } : null,
    },
  };
}

/** A ticket as the API answers it: PENDING carries a pending offer, later statuses a confirmed one. */
function ticket(status: TicketStatus, carrier = CARRIER, offer?: AssignmentStatus): ActionTicket {
  const assignment = offer ?? (status === 'PENDING' ? 'PENDING' : 'CONFIRMED');
  return {
    id: 12,
    status: { name: status },
    supplier: { id: SUPPLIER_ID, businessName: 'Midwest Scrap Recycling LLC' },
    carrier,
    ticketAssignments: [
      {
        id: 1,
        status: { name: assignment },
        carrier,
        reason: null,
        manual: false,
        createdAt: '2026-03-10T15:04:00.000Z',
        respondedAt: null,
      },
    ],
  };
}

/** What each role sees offered on its own ticket in each status. */
const EXPECTED: Record<Role, Record<TicketStatus, AvailableAction[]>> = {
  SUPPLIER: {
    PENDING: ['delete'],
    CONFIRMED: ['delete', 'documentation-create'],
    SUPPLIER_INVOICED: ['documentation-update', 'cancel', 'documentation-view'],
    TA_INVOICED: ['documentation-view'],
    MX_TRANSIT: ['documentation-view'],
    DELIVERED: ['documentation-view'],
    CANCELED: ['documentation-view'],
  },
  CARRIER: {
    PENDING: ['confirm', 'pass'],
    CONFIRMED: ['decline'],
    SUPPLIER_INVOICED: [],
    TA_INVOICED: [],
    MX_TRANSIT: [],
    DELIVERED: [],
    CANCELED: [],
  },
  ADMIN: {
    PENDING: ['manual'],
    CONFIRMED: ['manual'],
    SUPPLIER_INVOICED: ['documentation-update', 'cancel', 'invoice-create', 'admin-page'],
    TA_INVOICED: ['invoice-update', 'release', 'payment', 'admin-page', 'payment-view'],
    MX_TRANSIT: ['invoice-update', 'deliver', 'payment', 'admin-page', 'payment-view'],
    DELIVERED: ['payment', 'admin-page', 'payment-view'],
    CANCELED: [],
  },
  ADMINRO: {
    PENDING: [],
    CONFIRMED: [],
    SUPPLIER_INVOICED: ['admin-page'],
    TA_INVOICED: ['admin-page', 'payment-view'],
    MX_TRANSIT: ['admin-page', 'payment-view'],
    DELIVERED: ['admin-page', 'payment-view'],
    CANCELED: [],
  },
  CUSTOMS: {
    PENDING: [],
    CONFIRMED: [],
    SUPPLIER_INVOICED: [],
    TA_INVOICED: ['release', 'customs-read', 'customs-review'],
    MX_TRANSIT: ['customs-read', 'customs-review'],
    DELIVERED: ['customs-read', 'customs-review'],
    CANCELED: [],
  },
};

const LIFECYCLE = Object.keys(TICKET_TRANSITIONS) as TicketAction[];
const isLifecycle = (action: AvailableAction): action is TicketAction => (LIFECYCLE as string[]).includes(action);

describe('availableActions: every role in every status', () => {
  for (const role of ROLES) {
    for (const status of TICKET_STATUSES) {
      it(`should offer ${role} on a ${status} ticket: ${EXPECTED[role][status].join(', ') || 'nothing'}`, () => {
        expect(availableActions(ticket(status), user(role))).toEqual(EXPECTED[role][status]);
      });
    }
  }
});

describe('availableActions: whose ticket it is', () => {
  it("should offer a supplier nothing to do on another supplier's ticket (pages stay: the server answered it)", () => {
    for (const status of TICKET_STATUSES) {
      const actions = availableActions(ticket(status), user('SUPPLIER', { supplierId: 99 }));
      expect(actions.filter(isLifecycle)).toEqual([]);
    }
  });

  it('should not let a carrier answer an offer made to another carrier', () => {
    expect(availableActions(ticket('PENDING', OTHER_CARRIER), user('CARRIER'))).toEqual([]);
    expect(availableActions(ticket('CONFIRMED', OTHER_CARRIER), user('CARRIER'))).toEqual([]);
  });

  it('should not offer the accept of a pending ticket without an open offer (unassigned)', () => {
    const unassigned: ActionTicket = { ...ticket('PENDING'), carrier: null, ticketAssignments: [] };
    expect(availableActions(unassigned, user('CARRIER'))).toEqual([]);
    expect(availableActions(unassigned, user('ADMIN'))).toEqual(['manual']);
  });

  it('should read the newest open offer: a declined older one does not count', () => {
    const reoffered: ActionTicket = {
      ...ticket('PENDING'),
      ticketAssignments: [
        {
          id: 1,
          status: { name: 'DECLINED' },
          carrier: OTHER_CARRIER,
          reason: null,
          manual: false,
          createdAt: '',
          respondedAt: null,
        },
        {
          id: 2,
          status: { name: 'PENDING' },
          carrier: CARRIER,
          reason: null,
          manual: false,
          createdAt: '',
          respondedAt: null,
        },
      ],
    };
    expect(availableActions(reoffered, user('CARRIER'))).toEqual(['confirm', 'pass']);
    expect(availableActions(reoffered, user('CARRIER', { carrierId: OTHER_CARRIER.id }))).toEqual([]);
  });
});

describe('availableActions: properties', () => {
  const arbitraryCase = fc.record({
    role: fc.constantFrom(...ROLES),
    status: fc.constantFrom(...TICKET_STATUSES),
    offer: fc.constantFrom<AssignmentStatus>('PENDING', 'CONFIRMED', 'DECLINED', 'REJECTED'),
    ownTicket: fc.boolean(),
  });

  it('should only offer lifecycle actions whose table row names the role and starts from the status', () => {
    fc.assert(
      fc.property(arbitraryCase, ({ role, status, offer, ownTicket }) => {
        const actor = user(role, ownTicket ? {} : { supplierId: 99, carrierId: 99 });
        for (const action of availableActions(ticket(status, CARRIER, offer), actor).filter(isLifecycle)) {
          const rule = TICKET_TRANSITIONS[action];
          expect(rule.roles).toContain(role);
          expect(rule.from ?? []).toContain(status);
        }
      }),
    );
  });

  it('should never offer a read-only admin a write', () => {
    fc.assert(
      fc.property(arbitraryCase, ({ status, offer }) => {
        expect(availableActions(ticket(status, CARRIER, offer), user('ADMINRO')).filter(isLifecycle)).toEqual([]);
      }),
    );
  });

  it('should offer loading documentation exactly on the own supplier ticket that is CONFIRMED', () => {
    fc.assert(
      fc.property(arbitraryCase, ({ role, status, offer, ownTicket }) => {
        const actor = user(role, ownTicket ? {} : { supplierId: 99 });
        const offered = availableActions(ticket(status, CARRIER, offer), actor).includes('documentation-create');
        expect(offered).toBe(role === 'SUPPLIER' && ownTicket && status === 'CONFIRMED');
      }),
    );
  });

  it('should show the payment voucher to both admins exactly where an admin may add one', () => {
    fc.assert(
      fc.property(arbitraryCase, ({ role, status, offer }) => {
        const shown = availableActions(ticket(status, CARRIER, offer), user(role)).includes('payment-view');
        const adminMayPay = availableActions(ticket(status, CARRIER, offer), user('ADMIN')).includes('payment');
        expect(shown).toBe((role === 'ADMIN' || role === 'ADMINRO') && adminMayPay);
      }),
    );
  });

  it("should leave the supplier's documentation editable and cancelable only in SUPPLIER_INVOICED (locked from TA_INVOICED on and when canceled)", () => {
    const where = (action: AvailableAction) =>
      TICKET_STATUSES.filter((status) => availableActions(ticket(status), user('SUPPLIER')).includes(action));
    expect(where('documentation-update')).toEqual(['SUPPLIER_INVOICED']);
    expect(where('cancel')).toEqual(['SUPPLIER_INVOICED']);
  });

  it('should let no one add or correct the TA invoice of a canceled ticket (its form stays locked)', () => {
    for (const role of ROLES) {
      const offered = availableActions(ticket('CANCELED'), user(role));
      expect(offered).not.toContain('invoice-create');
      expect(offered).not.toContain('invoice-update');
    }
  });

  it('should never offer the create action (there is no ticket yet to offer it on)', () => {
    fc.assert(
      fc.property(arbitraryCase, ({ role, status, offer }) => {
        expect(availableActions(ticket(status, CARRIER, offer), user(role))).not.toContain('create');
      }),
    );
  });
});
