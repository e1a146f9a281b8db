import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_STATUSES, TICKET_STATUSES, type TicketStatus } from '../../../src/shared/domain/ticket-status';
import {
  TICKET_ACTIONS,
  decide,
  type Actor,
  type Decision,
  type TicketAction,
  type TicketFacts,
} from '../../../src/shared/domain/ticket-transitions';

/**
 * Random sequences of actions by random actors against a small model of what the server writes after an
 * accepted decision (the offer moves on a decline or manual assignment, the invoice brings a crossing).
 */

const ACTORS: Actor[] = [
  { roles: ['ADMIN'] },
  { roles: ['ADMINRO'] },
  { roles: ['SUPPLIER'], supplierId: 1 },
  { roles: ['SUPPLIER'], supplierId: 2 },
  { roles: ['CARRIER'], carrierId: 10 },
  { roles: ['CARRIER'], carrierId: 11 },
  { roles: ['CUSTOMS'], customsAgentId: 100 },
  { roles: ['CUSTOMS'], customsAgentId: 101 },
  { roles: ['ADMINRO', 'CUSTOMS'], customsAgentId: 100 },
];

const statusArb = fc.constantFrom(...TICKET_STATUSES);
const ticketArb: fc.Arbitrary<TicketFacts> = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  status: statusArb,
  assignmentStatus: fc.constantFrom(null, ...ASSIGNMENT_STATUSES),
  supplierId: fc.constantFrom(1, 2),
  carrierId: fc.constantFrom(null, 10, 11),
  customsAgentIds: fc.subarray([100, 101]),
});
const stepArb = fc.record({
  action: fc.constantFrom(...TICKET_ACTIONS),
  actor: fc.constantFrom(...ACTORS),
  nextCarrier: fc.constantFrom(null, 10, 11),
});
const runArb = fc.record({ start: ticketArb, steps: fc.array(stepArb, { maxLength: 40 }) });

type Step = { action: TicketAction; actor: Actor; nextCarrier: number | null };

/** The server's write after an accepted decision, reduced to the facts `decide` reads. */
function apply(t: TicketFacts, step: Step, to: TicketStatus): TicketFacts {
  switch (step.action) {
    case 'confirm':
      return { ...t, status: to, assignmentStatus: 'CONFIRMED' };
    case 'decline':
    case 'pass':
    case 'manual': {
      const carrierId = step.action === 'manual' ? (step.nextCarrier ?? 11) : step.nextCarrier;
      return { ...t, status: to, carrierId, assignmentStatus: carrierId === null ? null : 'PENDING' };
    }
    case 'invoice-create':
      return { ...t, status: to, customsAgentIds: [100] };
    default:
      return { ...t, status: to };
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Runs the steps, calling `check` on every decision; stops once the ticket is deleted. */
function run(start: TicketFacts, steps: Step[], check: (before: TicketFacts, step: Step, d: Decision) => void): void {
  let current = start;
  for (const step of steps) {
    const before = deepFreeze(structuredClone(current));
    const decision = decide(before, step.action, step.actor);
    check(before, step, decision);
    if (!decision.ok) continue;
    if (decision.to === 'DELETED') return;
    current = apply(current, step, decision.to);
  }
}

const RANK: Record<TicketStatus, number> = {
  PENDING: 0,
  CONFIRMED: 1,
  SUPPLIER_INVOICED: 2,
  TA_INVOICED: 3,
  MX_TRANSIT: 4,
  DELIVERED: 5,
  CANCELED: 6,
};

describe('decide over random action sequences', () => {
  it('should only ever lead to one of the seven stored statuses or a deletion', () => {
    fc.assert(
      fc.property(runArb, ({ start, steps }) => {
        run(start, steps, (_before, _step, d) => {
          if (d.ok) expect([...TICKET_STATUSES, 'DELETED']).toContain(d.to);
        });
      }),
    );
  });

  it('should leave the ticket and the actor untouched when it refuses', () => {
    fc.assert(
      fc.property(runArb, ({ start, steps }) => {
        run(start, steps, (before, step, d) => {
          // `before` is frozen, so a write inside decide would already have thrown in strict mode.
          const snapshot = structuredClone(before);
          const again = decide(before, step.action, step.actor);
          expect(again).toEqual(d);
          expect(before).toEqual(snapshot);
        });
      }),
    );
  });

  it('should refuse every action on a CANCELED ticket', () => {
    fc.assert(
      fc.property(ticketArb, stepArb, (t, step) => {
        expect(decide({ ...t, status: 'CANCELED' }, step.action, step.actor).ok).toBe(false);
      }),
    );
  });

  it('should keep a DELIVERED ticket DELIVERED and accept only the payment voucher and the customs read flag', () => {
    fc.assert(
      fc.property(ticketArb, stepArb, (t, step) => {
        const d = decide({ ...t, status: 'DELIVERED' }, step.action, step.actor);
        if (d.ok) {
          expect(d.to).toBe('DELIVERED');
          expect(['payment', 'customs-read']).toContain(step.action);
        }
      }),
    );
  });

  it('should move a ticket backwards only through a decline or a manual assignment', () => {
    fc.assert(
      fc.property(runArb, ({ start, steps }) => {
        run(start, steps, (before, step, d) => {
          if (!d.ok || d.to === 'DELETED' || before.status === null) return;
          if (RANK[d.to] < RANK[before.status]) expect(['decline', 'manual']).toContain(step.action);
        });
      }),
    );
  });

  it('should refuse every write of a read-only admin with 403', () => {
    fc.assert(
      fc.property(ticketArb, fc.constantFrom(...TICKET_ACTIONS), (t, action) => {
        expect(decide(t, action, { roles: ['ADMINRO'] })).toMatchObject({ ok: false, code: 403 });
      }),
    );
  });

  it('should name the current status in every 409 message', () => {
    fc.assert(
      fc.property(runArb, ({ start, steps }) => {
        run(start, steps, (before, _step, d) => {
          if (!d.ok && d.code === 409) expect(d.message).toContain(`is ${before.status}`);
        });
      }),
    );
  });

  it('should never let a supplier act on another supplier ticket', () => {
    fc.assert(
      fc.property(ticketArb, fc.constantFrom(...TICKET_ACTIONS), (t, action) => {
        const d = decide({ ...t, supplierId: 1 }, action, { roles: ['SUPPLIER'], supplierId: 2 });
        expect(d.ok).toBe(false);
        if (!d.ok) expect([403, 404]).toContain(d.code);
      }),
    );
  });

  it('should never let a carrier act on a ticket offered to another carrier', () => {
    fc.assert(
      fc.property(ticketArb, fc.constantFrom(...TICKET_ACTIONS), (t, action) => {
        const d = decide({ ...t, carrierId: 10 }, action, { roles: ['CARRIER'], carrierId: 11 });
        expect(d.ok).toBe(false);
        if (!d.ok) expect([403, 404]).toContain(d.code);
      }),
    );
  });

  it('should reach DELIVERED from a new ticket when everyone plays their part', () => {
    const path: [TicketAction, Actor][] = [
      ['create', { roles: ['SUPPLIER'], supplierId: 1 }],
      ['confirm', { roles: ['CARRIER'], carrierId: 10 }],
      ['documentation-create', { roles: ['SUPPLIER'], supplierId: 1 }],
      ['invoice-create', { roles: ['ADMIN'] }],
      ['release', { roles: ['CUSTOMS'], customsAgentId: 100 }],
      ['deliver', { roles: ['ADMIN'] }],
      ['payment', { roles: ['ADMIN'] }],
    ];
    let t: TicketFacts = { id: 1, status: null, supplierId: 1, carrierId: null };
    const seen: string[] = [];
    for (const [action, actor] of path) {
      const d = decide(t, action, actor);
      if (!d.ok || d.to === 'DELETED') throw new Error(`${action} refused: ${d.ok ? d.to : d.message}`);
      seen.push(d.to);
      // Allocation offers the new ticket to carrier 10.
      t =
        action === 'create'
          ? { ...t, status: d.to, carrierId: 10, assignmentStatus: 'PENDING' }
          : apply(t, { action, actor, nextCarrier: null }, d.to);
    }
    expect(seen).toEqual([
      'PENDING',
      'CONFIRMED',
      'SUPPLIER_INVOICED',
      'TA_INVOICED',
      'MX_TRANSIT',
      'DELIVERED',
      'DELIVERED',
    ]);
  });
});
