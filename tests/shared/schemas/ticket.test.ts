import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ConfirmTicketBodySchema,
  ConfirmTicketSchema,
  CreateTicketBodySchema,
  CreateTicketSchema,
  DeclineTicketBodySchema,
  DeclineTicketSchema,
  ManualAssignBodySchema,
  ManualAssignSchema,
  TicketQuerySchema,
  UpdateTicketBodySchema,
  UpdateTicketSchema,
} from '../../../src/shared/schemas/ticket';

/** The first message per field path, as the server's `details` carries them. */
function errors(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  const details: Record<string, string> = {};
  for (const issue of result.issues ?? []) details[v.getDotPath(issue) ?? '_'] ??= issue.message;
  return details;
}

function output<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  return v.parse(schema, input);
}

const REQUIRED = 'Campo obligatorio';
const long = (n: number) => 'x'.repeat(n);

describe('CreateTicketSchema', () => {
  it('should accept a full new ticket', () => {
    expect(output(CreateTicketSchema, { count: 3, originDepotId: 7, comments: 'Gate 2' })).toEqual({
      count: 3,
      originDepotId: 7,
      comments: 'Gate 2',
    });
  });

  it('should default count to 1', () => {
    expect(output(CreateTicketSchema, { originDepotId: 7 })).toEqual({ count: 1, originDepotId: 7 });
  });

  it('should accept 10 tickets at once', () => {
    expect(output(CreateTicketSchema, { count: 10, originDepotId: 7 }).count).toBe(10);
  });

  it.each([0, 11, 1.5, '2', null])('should refuse a count of %j', (count) => {
    expect(errors(CreateTicketSchema, { count, originDepotId: 7 })).toEqual({
      count: 'Count must be a whole number from 1 to 10',
    });
  });

  it('should require the origin depot when the key is missing', () => {
    expect(errors(CreateTicketSchema, { count: 1 })).toEqual({ originDepotId: REQUIRED });
  });

  it.each([null, '', '7'])('should require the origin depot when it is %j', (originDepotId) => {
    expect(errors(CreateTicketSchema, { originDepotId })).toEqual({ originDepotId: REQUIRED });
  });

  it.each([0, -3, 2.5])('should refuse the origin depot id %d', (originDepotId) => {
    expect(errors(CreateTicketSchema, { originDepotId })).toEqual({ originDepotId: 'Origin depot must be a valid id' });
  });

  it('should accept comments of 500 characters', () => {
    expect(output(CreateTicketSchema, { originDepotId: 7, comments: long(500) }).comments).toHaveLength(500);
  });

  it('should refuse comments of 501 characters', () => {
    expect(errors(CreateTicketSchema, { originDepotId: 7, comments: long(501) })).toEqual({
      comments: 'Comments must be at most 500 characters',
    });
  });

  it('should trim comments', () => {
    expect(output(CreateTicketSchema, { originDepotId: 7, comments: '  Gate 2 ' }).comments).toBe('Gate 2');
  });

  it('should accept null comments', () => {
    expect(output(CreateTicketSchema, { originDepotId: 7, comments: null }).comments).toBeNull();
  });

  it('should refuse a ticket that is not an object', () => {
    expect(errors(CreateTicketSchema, 'ticket')).toEqual({ _: 'Expected a ticket object' });
  });
});

describe('ConfirmTicketSchema', () => {
  const valid = { withdrawalDate: '2026-11-24T15:00:00.000Z', timezone: 360 };

  it('should accept an ISO instant and an offset', () => {
    expect(output(ConfirmTicketSchema, valid)).toEqual(valid);
  });

  it.each(['2026-11-24T09:00:00-06:00', '2026-11-24T09:00:00-0600', '2026-11-24 15:00:00Z'])(
    'should accept the instant %j',
    (withdrawalDate) => {
      expect(output(ConfirmTicketSchema, { ...valid, withdrawalDate }).withdrawalDate).toBe(withdrawalDate);
    },
  );

  it('should require the withdrawal date when the key is missing', () => {
    expect(errors(ConfirmTicketSchema, { timezone: 360 })).toEqual({ withdrawalDate: REQUIRED });
  });

  it.each(['', '   ', null])('should require the withdrawal date when it is %j', (withdrawalDate) => {
    expect(errors(ConfirmTicketSchema, { ...valid, withdrawalDate })).toEqual({ withdrawalDate: REQUIRED });
  });

  it.each(['tomorrow', '2026-11-24T15:00:00', '2026-11-24T15:00Z', '2026-02-30T15:00:00Z', '2026-11-24'])(
    'should refuse the malformed withdrawal date %j',
    (withdrawalDate) => {
      expect(errors(ConfirmTicketSchema, { ...valid, withdrawalDate })).toEqual({
        withdrawalDate: 'Withdrawal date must be an ISO 8601 date and time with its time zone',
      });
    },
  );

  it.each([-840, 0, 720])('should accept the offset %i', (timezone) => {
    expect(output(ConfirmTicketSchema, { ...valid, timezone }).timezone).toBe(timezone);
  });

  it.each([-841, 721, 840, 30.5, '360'])('should refuse the offset %j', (timezone) => {
    expect(errors(ConfirmTicketSchema, { ...valid, timezone })).toEqual({
      timezone: 'Timezone must be whole minutes from -840 to 720',
    });
  });

  it('should require the offset', () => {
    expect(errors(ConfirmTicketSchema, { withdrawalDate: valid.withdrawalDate })).toEqual({ timezone: REQUIRED });
  });
});

describe('DeclineTicketSchema', () => {
  it('should accept a reason and trim it', () => {
    expect(output(DeclineTicketSchema, { reason: ' No trucks this week ' })).toEqual({ reason: 'No trucks this week' });
  });

  it.each([undefined, '', '   ', 4])('should require the reason when it is %j', (reason) => {
    expect(errors(DeclineTicketSchema, { reason })).toEqual({ reason: REQUIRED });
  });

  it('should require the reason when the key is missing', () => {
    expect(errors(DeclineTicketSchema, {})).toEqual({ reason: REQUIRED });
  });

  it('should refuse a reason of 501 characters', () => {
    expect(errors(DeclineTicketSchema, { reason: long(501) })).toEqual({
      reason: 'Reason must be at most 500 characters',
    });
  });
});

describe('ManualAssignSchema', () => {
  it('should accept a carrier and a reason', () => {
    expect(output(ManualAssignSchema, { carrierId: 4, reason: 'Urgent load' })).toEqual({
      carrierId: 4,
      reason: 'Urgent load',
    });
  });

  it('should require both fields', () => {
    expect(errors(ManualAssignSchema, {})).toEqual({ carrierId: REQUIRED, reason: REQUIRED });
  });

  it.each([0, 1.5])('should refuse the carrier id %d', (carrierId) => {
    expect(errors(ManualAssignSchema, { carrierId, reason: 'x' })).toEqual({ carrierId: 'Carrier must be a valid id' });
  });

  it('should require a non-blank reason', () => {
    expect(errors(ManualAssignSchema, { carrierId: 4, reason: '  ' })).toEqual({ reason: REQUIRED });
  });
});

describe('UpdateTicketSchema', () => {
  it.each(['MX_TRANSIT', 'DELIVERED'])('should accept the status %s', (status) => {
    expect(output(UpdateTicketSchema, { status })).toEqual({ status });
  });

  it('should accept the customs read flag', () => {
    expect(output(UpdateTicketSchema, { customsRead: false })).toEqual({ customsRead: false });
  });

  it.each(['CANCELED', 'mx_transit', 'PENDING'])('should refuse the status %s', (status) => {
    expect(errors(UpdateTicketSchema, { status })).toEqual({
      status: 'Status can only be set to MX_TRANSIT or DELIVERED',
    });
  });

  it('should refuse a read flag that is not a boolean', () => {
    expect(errors(UpdateTicketSchema, { customsRead: 'yes' })).toEqual({
      customsRead: 'customsRead must be true or false',
    });
  });

  it('should refuse an empty update', () => {
    expect(errors(UpdateTicketSchema, {})).toEqual({ _: 'Nothing to update' });
  });

  it('should refuse an update of fields it does not know', () => {
    expect(errors(UpdateTicketSchema, { destinationId: 3 })).toEqual({ _: 'Nothing to update' });
  });
});

describe('wrapped bodies', () => {
  it('should unwrap a new-ticket body', () => {
    expect(output(CreateTicketBodySchema, { ticket: { originDepotId: 7 } })).toEqual({
      ticket: { count: 1, originDepotId: 7 },
    });
  });

  it('should report a field error under its ticket path', () => {
    expect(errors(CreateTicketBodySchema, { ticket: { count: 2 } })).toEqual({ 'ticket.originDepotId': REQUIRED });
  });

  it('should refuse a body without its ticket', () => {
    expect(errors(CreateTicketBodySchema, { count: 1, originDepotId: 7 })).toEqual({
      ticket: 'Expected a ticket object',
    });
  });

  it('should refuse a body that is not an object', () => {
    expect(errors(CreateTicketBodySchema, null)).toEqual({ _: 'Expected a body of the form {"ticket": {...}}' });
  });

  it.each([
    ['confirm', ConfirmTicketBodySchema, { withdrawalDate: '2026-11-24T15:00:00Z', timezone: 360 }],
    ['decline', DeclineTicketBodySchema, { reason: 'No trucks' }],
    ['manual', ManualAssignBodySchema, { carrierId: 4, reason: 'Urgent' }],
    ['update', UpdateTicketBodySchema, { customsRead: true }],
  ] as const)('should unwrap a %s body', (_name, schema, ticket) => {
    expect(output(schema, { ticket })).toEqual({ ticket });
  });
});

describe('TicketQuerySchema', () => {
  it('should default to page 1, newest first', () => {
    expect(output(TicketQuerySchema, {})).toEqual({ page: 1, orderBy: 'DESC' });
  });

  it('should make a single status a one-item array', () => {
    expect(output(TicketQuerySchema, { statusName: 'PENDING' }).statusName).toEqual(['PENDING']);
  });

  it('should keep repeated statuses', () => {
    expect(output(TicketQuerySchema, { statusName: ['PENDING', 'CONFIRMED'] }).statusName).toEqual([
      'PENDING',
      'CONFIRMED',
    ]);
  });

  it('should normalise spaces and case of statuses and keep aliases', () => {
    expect(
      output(TicketQuerySchema, { statusName: ['supplier invoiced', 'Invoiced', 'ta_invoiced'] }).statusName,
    ).toEqual(['SUPPLIER_INVOICED', 'INVOICED', 'TA_INVOICED']);
  });

  it('should refuse an unknown status at its position', () => {
    expect(errors(TicketQuerySchema, { statusName: ['PENDING', 'SHIPPED'] })).toEqual({
      'statusName.1': 'Unknown status',
    });
  });

  it('should read page and limit from text', () => {
    expect(output(TicketQuerySchema, { page: '3', limit: '20' })).toMatchObject({ page: 3, limit: 20 });
  });

  it('should accept numbers given by browser code', () => {
    expect(output(TicketQuerySchema, { page: 2, ticketId: 12 })).toMatchObject({ page: 2, ticketId: 12 });
  });

  it.each(['0', 'abc', '1.5', '1e3', '', '0x10'])('should refuse the page %j', (page) => {
    expect(errors(TicketQuerySchema, { page })).toEqual({ page: 'page must be a whole number of at least 1' });
  });

  it('should accept the bulk limit of 30000', () => {
    expect(output(TicketQuerySchema, { limit: '30000' }).limit).toBe(30000);
  });

  it.each(['0', '30001'])('should refuse the limit %s', (limit) => {
    expect(errors(TicketQuerySchema, { limit })).toEqual({ limit: 'limit must be a whole number from 1 to 30000' });
  });

  it('should read the ticket id from text', () => {
    expect(output(TicketQuerySchema, { ticketId: '12' }).ticketId).toBe(12);
  });

  it('should refuse a ticket id that is not a number', () => {
    expect(errors(TicketQuerySchema, { ticketId: 'T-12' })).toEqual({
      ticketId: 'Must be a whole number of at least 1',
    });
  });

  it.each(['carrierId', 'supplierId', 'destinationId', 'borderCrossingId'])(
    'should make a single %s a one-item array of numbers',
    (key) => {
      expect(output(TicketQuerySchema, { [key]: '4' })).toMatchObject({ [key]: [4] });
    },
  );

  it.each(['carrierId', 'supplierId', 'destinationId', 'borderCrossingId'])(
    'should read repeated %s values as numbers',
    (key) => {
      expect(output(TicketQuerySchema, { [key]: ['4', '5'] })).toMatchObject({ [key]: [4, 5] });
    },
  );

  it('should refuse a carrier id that is not a number at its position', () => {
    expect(errors(TicketQuerySchema, { carrierId: ['4', 'x'] })).toEqual({
      'carrierId.1': 'Must be whole numbers of at least 1',
    });
  });

  it('should read carrier modes in any case', () => {
    expect(output(TicketQuerySchema, { carrierMode: 'railcar' }).carrierMode).toEqual(['RAILCAR']);
  });

  it('should refuse an unknown carrier mode', () => {
    expect(errors(TicketQuerySchema, { carrierMode: ['TRUCK', 'BIKE'] })).toEqual({
      'carrierMode.1': 'carrierMode must be TRUCK or RAILCAR',
    });
  });

  it('should read orderBy in any case', () => {
    expect(output(TicketQuerySchema, { orderBy: 'asc' }).orderBy).toBe('ASC');
  });

  it('should refuse an unknown orderBy', () => {
    expect(errors(TicketQuerySchema, { orderBy: 'up' })).toEqual({ orderBy: 'orderBy must be ASC or DESC' });
  });

  it('should trim search texts', () => {
    expect(
      output(TicketQuerySchema, { invoiceNumber: ' A-12 ', taInvoiceNumber: 'TA9', equipment: 'GATX12345' }),
    ).toMatchObject({ invoiceNumber: 'A-12', taInvoiceNumber: 'TA9', equipment: 'GATX12345' });
  });

  it('should treat a blank search as no search', () => {
    expect(output(TicketQuerySchema, { equipment: '  ' }).equipment).toBeUndefined();
  });

  it('should refuse a search text of 101 characters', () => {
    expect(errors(TicketQuerySchema, { invoiceNumber: long(101) })).toEqual({
      invoiceNumber: 'Search text must be at most 100 characters',
    });
  });

  it('should read a beforeDate day as midnight UTC', () => {
    expect(output(TicketQuerySchema, { beforeDate: '2026-11-23' }).beforeDate).toBe('2026-11-23T00:00:00.000Z');
  });

  it('should read a beforeDate instant in its zone', () => {
    expect(output(TicketQuerySchema, { beforeDate: '2026-11-23T10:00:00-06:00' }).beforeDate).toBe(
      '2026-11-23T16:00:00.000Z',
    );
  });

  it.each(['yesterday', '2026-02-30', '23/11/2026'])('should refuse the beforeDate %j', (beforeDate) => {
    expect(errors(TicketQuerySchema, { beforeDate })).toEqual({
      beforeDate: 'beforeDate must be an ISO 8601 date or date and time',
    });
  });

  it('should drop parameters it does not know', () => {
    expect(output(TicketQuerySchema, { olderThanDay: 'true' })).toEqual({ page: 1, orderBy: 'DESC' });
  });

  it('should read the unassigned and all flags from text or booleans', () => {
    expect(output(TicketQuerySchema, { unassigned: 'true', all: '0' })).toMatchObject({ unassigned: true, all: false });
    expect(output(TicketQuerySchema, { unassigned: false, all: true })).toMatchObject({ unassigned: false, all: true });
    expect(errors(TicketQuerySchema, { unassigned: 'yes' })).toEqual({ unassigned: 'Must be true or false' });
  });
});
