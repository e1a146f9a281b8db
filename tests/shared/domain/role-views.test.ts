import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../src/shared/domain/roles';
import {
  ADMIN_TILES,
  STATUS_COLORS,
  TICKET_LIST_DEFAULTS,
  deletableOfYard,
  deleteCandidates,
  displayStatus,
  expandStatusFilter,
  hasDocumentation,
  isAdminTicketPageAllowed,
  isCustomsDetailAllowed,
  isPaymentAllowed,
  oldestTicketCutoff,
  resolveStatusFilter,
  statusColor,
  statusFilterOptions,
} from '../../../src/shared/domain/role-views';
import { DISPLAY_ALIASES, TICKET_STATUSES, type TicketStatus } from '../../../src/shared/domain/ticket-status';

describe('displayStatus', () => {
  it.each([
    ['PENDING', 'PENDING'],
    ['CONFIRMED', 'CONFIRMED'],
    ['SUPPLIER_INVOICED', 'INVOICED'],
    ['TA_INVOICED', 'INVOICED'],
    ['MX_TRANSIT', 'INVOICED'],
    ['DELIVERED', 'INVOICED'],
    ['CANCELED', 'CANCELED'],
  ] as const)('should show %s to a supplier as %s', (stored, shown) => {
    expect(displayStatus('SUPPLIER', stored)).toBe(shown);
  });

  it.each([
    ['PENDING', 'PENDING'],
    ['CONFIRMED', 'CONFIRMED'],
    ['SUPPLIER_INVOICED', 'TRANSIT'],
    ['TA_INVOICED', 'TRANSIT'],
    ['MX_TRANSIT', 'TRANSIT'],
    ['DELIVERED', 'DELIVERED'],
    ['CANCELED', 'CANCELED'],
  ] as const)('should show %s to a carrier as %s', (stored, shown) => {
    expect(displayStatus('CARRIER', stored)).toBe(shown);
  });

  it.each([
    ['TA_INVOICED', 'AWAITING'],
    ['MX_TRANSIT', 'RELEASED'],
    ['DELIVERED', 'RELEASED'],
    ['PENDING', 'RELEASED'],
  ] as const)('should show %s to customs as %s', (stored, shown) => {
    expect(displayStatus('CUSTOMS', stored)).toBe(shown);
  });

  it.each(['ADMIN', 'ADMINRO'] as const)('should show every stored status to %s as it is', (role) => {
    expect(TICKET_STATUSES.map((s) => displayStatus(role, s))).toEqual([...TICKET_STATUSES]);
  });
});

describe('statusFilterOptions', () => {
  it('should offer a supplier PENDING, CONFIRMED, INVOICED and CANCELED', () => {
    expect(statusFilterOptions('SUPPLIER')).toEqual(['PENDING', 'CONFIRMED', 'INVOICED', 'CANCELED']);
  });

  it('should offer a carrier PENDING, CONFIRMED, TRANSIT, DELIVERED and CANCELED', () => {
    expect(statusFilterOptions('CARRIER')).toEqual(['PENDING', 'CONFIRMED', 'TRANSIT', 'DELIVERED', 'CANCELED']);
  });

  it('should offer customs AWAITING and RELEASED', () => {
    expect(statusFilterOptions('CUSTOMS')).toEqual(['AWAITING', 'RELEASED']);
  });

  it('should offer admins the seven stored statuses', () => {
    expect(statusFilterOptions('ADMIN')).toEqual([...TICKET_STATUSES]);
  });
});

describe('expandStatusFilter', () => {
  it('should expand INVOICED to four statuses for a supplier', () => {
    expect(expandStatusFilter('SUPPLIER', ['INVOICED'])).toEqual([
      'SUPPLIER_INVOICED',
      'TA_INVOICED',
      'MX_TRANSIT',
      'DELIVERED',
    ]);
  });

  it('should expand TRANSIT to three statuses for a carrier', () => {
    expect(expandStatusFilter('CARRIER', ['TRANSIT'])).toEqual(['SUPPLIER_INVOICED', 'TA_INVOICED', 'MX_TRANSIT']);
  });

  it('should expand AWAITING to TA_INVOICED for customs', () => {
    expect(expandStatusFilter('CUSTOMS', ['AWAITING'])).toEqual(['TA_INVOICED']);
  });

  it('should expand RELEASED to MX_TRANSIT for customs', () => {
    expect(expandStatusFilter('CUSTOMS', ['RELEASED'])).toEqual(['MX_TRANSIT']);
  });

  it('should accept spaces and any case', () => {
    expect(expandStatusFilter('ADMIN', ['supplier invoiced', 'Ta_Invoiced', ' mx  transit '])).toEqual([
      'SUPPLIER_INVOICED',
      'TA_INVOICED',
      'MX_TRANSIT',
    ]);
  });

  it('should accept an alias in lower case', () => {
    expect(expandStatusFilter('SUPPLIER', ['invoiced'])).toEqual(expandStatusFilter('SUPPLIER', ['INVOICED']));
  });

  it('should merge aliases and stored statuses without duplicates in lifecycle order', () => {
    expect(expandStatusFilter('SUPPLIER', ['CANCELED', 'INVOICED', 'DELIVERED', 'PENDING'])).toEqual([
      'PENDING',
      'SUPPLIER_INVOICED',
      'TA_INVOICED',
      'MX_TRANSIT',
      'DELIVERED',
      'CANCELED',
    ]);
  });

  it('should let admins use every alias', () => {
    expect(expandStatusFilter('ADMIN', ['TRANSIT', 'AWAITING'])).toEqual([
      'SUPPLIER_INVOICED',
      'TA_INVOICED',
      'MX_TRANSIT',
    ]);
  });

  it('should match nothing for an alias the role never sees', () => {
    expect(expandStatusFilter('SUPPLIER', ['TRANSIT'])).toEqual([]);
  });

  it('should ignore unknown values', () => {
    expect(expandStatusFilter('ADMIN', ['SHIPPED', 'PENDING'])).toEqual(['PENDING']);
  });

  it('should select what each role sees under each alias it shows', () => {
    for (const role of ['SUPPLIER', 'CARRIER'] as const) {
      for (const shown of statusFilterOptions(role)) {
        const expected = TICKET_STATUSES.filter((s) => displayStatus(role, s) === shown);
        expect(expandStatusFilter(role, [shown])).toEqual(expected);
      }
    }
  });
});

describe('list defaults', () => {
  it('should list every status but CANCELED, 50 a page, by default', () => {
    expect(TICKET_LIST_DEFAULTS.generic).toEqual({
      statuses: ['PENDING', 'CONFIRMED', 'SUPPLIER_INVOICED', 'TA_INVOICED', 'MX_TRANSIT', 'DELIVERED'],
      limit: 50,
    });
  });

  it('should page supplier tickets by 10', () => {
    expect(TICKET_LIST_DEFAULTS.supplier.limit).toBe(10);
  });

  it('should list the admin ongoing statuses without DELIVERED and CANCELED, 20 a page', () => {
    expect(TICKET_LIST_DEFAULTS.adminOngoing).toEqual({
      statuses: ['CONFIRMED', 'MX_TRANSIT', 'PENDING', 'SUPPLIER_INVOICED', 'TA_INVOICED'],
      limit: 20,
    });
  });

  it('should leave delivered and cancelled tickets, and those of the work sections, out of the home lists', () => {
    expect(TICKET_LIST_DEFAULTS.supplier.statuses).toEqual([
      'PENDING',
      'SUPPLIER_INVOICED',
      'TA_INVOICED',
      'MX_TRANSIT',
    ]);
    expect(TICKET_LIST_DEFAULTS.carrier.statuses).toEqual(['SUPPLIER_INVOICED', 'TA_INVOICED', 'MX_TRANSIT']);
    expect(TICKET_LIST_DEFAULTS.carrierOffers.statuses).toEqual(['PENDING']);
    expect(TICKET_LIST_DEFAULTS.supplierDocumentation.statuses).toEqual(['CONFIRMED']);
  });

  it('should list DELIVERED only in the delivered list', () => {
    expect(TICKET_LIST_DEFAULTS.delivered.statuses).toEqual(['DELIVERED']);
  });

  it('should use the list default when no status is chosen', () => {
    expect(resolveStatusFilter('ADMIN', 'delivered', [])).toEqual(['DELIVERED']);
  });

  it('should use the list default when the filter is absent', () => {
    expect(resolveStatusFilter('CARRIER', 'generic')).not.toContain('CANCELED');
  });

  it('should use the chosen statuses over the default', () => {
    expect(resolveStatusFilter('CUSTOMS', 'generic', ['awaiting'])).toEqual(['TA_INVOICED']);
  });

  it('should select nothing rather than fall back when every chosen value is unknown', () => {
    expect(resolveStatusFilter('SUPPLIER', 'supplier', ['TRANSIT'])).toEqual([]);
  });
});

describe('admin tiles', () => {
  it('should show tiles for PENDING, CONFIRMED, SUPPLIER_INVOICED, TA_INVOICED and MX_TRANSIT', () => {
    expect(ADMIN_TILES.map((tile) => tile.status)).toEqual([
      'PENDING',
      'CONFIRMED',
      'SUPPLIER_INVOICED',
      'TA_INVOICED',
      'MX_TRANSIT',
    ]);
  });

  it('should show the oldest count on PENDING and CONFIRMED only', () => {
    expect(ADMIN_TILES.filter((tile) => tile.showsOldest).map((tile) => tile.status)).toEqual(['PENDING', 'CONFIRMED']);
  });

  it('should filter the oldest tickets to those created more than a day ago', () => {
    expect(oldestTicketCutoff(new Date('2026-11-23T10:00:00Z')).toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });
});

describe('status colours', () => {
  it('should colour every stored status and alias', () => {
    expect(Object.keys(STATUS_COLORS).toSorted()).toEqual([...TICKET_STATUSES, ...DISPLAY_ALIASES].toSorted());
  });

  it('should show CANCELED in red to a supplier', () => {
    expect(statusColor('SUPPLIER', 'CANCELED')).toBe('red');
  });

  it('should colour a supplier INVOICED ticket as INVOICED', () => {
    expect(statusColor('SUPPLIER', 'MX_TRANSIT')).toBe(STATUS_COLORS.INVOICED);
  });

  it('should tell AWAITING from RELEASED for customs', () => {
    expect(statusColor('CUSTOMS', 'TA_INVOICED')).not.toBe(statusColor('CUSTOMS', 'MX_TRANSIT'));
  });

  it.each(ROLES)('should give %s distinct colours for distinct display statuses', (role) => {
    const shown = statusFilterOptions(role);
    expect(new Set(shown.map((s) => STATUS_COLORS[s])).size).toBe(shown.length);
  });
});

describe('status rules for forms and pages', () => {
  const where = (predicate: (s: TicketStatus) => boolean) => TICKET_STATUSES.filter(predicate);

  it('should consider documentation present from SUPPLIER_INVOICED on', () => {
    expect(where(hasDocumentation)).toEqual([
      'SUPPLIER_INVOICED',
      'TA_INVOICED',
      'MX_TRANSIT',
      'DELIVERED',
      'CANCELED',
    ]);
  });

  it('should allow the payment voucher in TA_INVOICED, MX_TRANSIT and DELIVERED', () => {
    expect(where(isPaymentAllowed)).toEqual(['TA_INVOICED', 'MX_TRANSIT', 'DELIVERED']);
  });

  it('should open the admin ticket page except when PENDING, CONFIRMED or CANCELED', () => {
    expect(where(isAdminTicketPageAllowed)).toEqual(['SUPPLIER_INVOICED', 'TA_INVOICED', 'MX_TRANSIT', 'DELIVERED']);
  });

  it('should open the customs detail except when PENDING, CONFIRMED, CANCELED or SUPPLIER_INVOICED', () => {
    expect(where(isCustomsDetailAllowed)).toEqual(['TA_INVOICED', 'MX_TRANSIT', 'DELIVERED']);
  });
});

describe('deleteCandidates', () => {
  it('should offer the newest pending ticket of each yard, newest first', () => {
    const tickets = [
      { id: 1, status: 'PENDING', originDepotId: 7 },
      { id: 4, status: 'PENDING', originDepotId: 7 },
      { id: 2, status: 'PENDING', originDepotId: 8 },
      { id: 9, status: 'CONFIRMED', originDepotId: 8 },
    ] as const;
    expect(deleteCandidates(tickets).map((t) => t.id)).toEqual([4, 2]);
  });

  it('should fall back to the newest confirmed ticket of a yard with none pending', () => {
    const tickets = [
      { id: 3, status: 'CONFIRMED', originDepotId: 7 },
      { id: 5, status: 'CONFIRMED', originDepotId: 8 },
      { id: 6, status: 'DELIVERED', originDepotId: 9 },
    ] as const;
    expect(deleteCandidates(tickets).map((t) => t.id)).toEqual([5, 3]);
  });

  it("should decide each yard on its own tickets: another yard's pending ticket does not hide a confirmed one", () => {
    const tickets = [
      { id: 1, status: 'PENDING', originDepotId: 7 },
      { id: 9, status: 'CONFIRMED', originDepotId: 8 },
      { id: 8, status: 'CONFIRMED', originDepotId: 8 },
      { id: 10, status: 'CONFIRMED', originDepotId: 7 },
    ] as const;
    expect(deleteCandidates(tickets).map((t) => t.id)).toEqual([9, 1]);
  });

  it('should offer nothing when no ticket can be deleted', () => {
    expect(deleteCandidates([{ id: 3, status: 'CANCELED', originDepotId: 7 }])).toEqual([]);
  });
});

describe('deletableOfYard', () => {
  const open = [
    { id: 3, status: 'PENDING', originDepotId: 7 },
    { id: 5, status: 'CONFIRMED', originDepotId: 7 },
    { id: 6, status: 'PENDING', originDepotId: 8 },
  ] as const;

  it('should name the one ticket of the yard the rule offers, whatever the other yards hold', () => {
    expect(deletableOfYard(open, 7)?.id).toBe(3);
    expect(deletableOfYard(open, 8)?.id).toBe(6);
  });

  it('should answer null for a yard without open tickets', () => {
    expect(deletableOfYard(open, 9)).toBeNull();
  });
});
