/**
 * Every filter of GET /tickets, sent to every role's home list, answers what the unoptimised path answers
 * (the same query with a `beforeDate` far ahead, which keeps every ticket and takes the general path),
 * and narrows the list: a value that matches nothing empties it, and a filter with two values that split
 * the tickets (carrier mode, read flag) gives two parts that add up to the whole. The filters are taken
 * from the query schema itself: a field added there without a sample here fails the first test, so no
 * new filter can be silently ignored by the home lists' shorter paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_STATUSES } from '../../src/shared/domain/ticket-status';
import { TicketQuerySchema } from '../../src/shared/schemas/ticket';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['admin', 'supplier1', 'carrier1', 'customs1'] as const;

beforeAll(async () => {
  // With the demo's documentation and invoices, so customs agents see tickets too.
  t = await createTestApp({ seedFiles: true });
  for (const user of USERS) tokens[user] = await t.login(user);
});
afterAll(async () => {
  await t.close();
});

interface Page {
  ids: number[];
  count: number;
}
const list = async (user: string, query: string): Promise<Page> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/tickets?${query}`, headers: bearer(tokens[user]!) });
  expect(res.statusCode, `${user} ${query}: ${res.body}`).toBe(200);
  const body = res.json<{ tickets: { id: number }[]; count: number }>();
  return { ids: body.tickets.map((ticket) => ticket.id), count: body.count };
};
const PLAIN = 'beforeDate=2100-01-01';

/** Paging and order: read by every path, not filters. */
const PAGING = ['page', 'limit', 'orderBy'];

/**
 * For each filter: values that match no ticket (the list empties), values that split the tickets (their
 * parts add up to the whole list), or a flag compared with the unoptimised path only.
 */
const SAMPLES: Record<string, { none?: string; split?: string[]; only?: string }> = {
  statusName: {
    split: [
      'statusName=PENDING',
      TICKET_STATUSES.filter((status) => status !== 'PENDING')
        .map((status) => `statusName=${status}`)
        .join('&'),
    ],
  },
  ticketId: { none: 'ticketId=999999' },
  invoiceNumber: { none: 'invoiceNumber=no-such-invoice' },
  taInvoiceNumber: { none: 'taInvoiceNumber=no-such-invoice' },
  equipment: { none: 'equipment=NOSUCH999' },
  carrierId: { none: 'carrierId=999999' },
  carrierMode: { none: 'carrierId=999999&carrierMode=TRUCK' },
  supplierId: { none: 'supplierId=999999' },
  destinationId: { none: 'destinationId=999999' },
  borderCrossingId: { none: 'borderCrossingId=999999' },
  beforeDate: { none: 'beforeDate=2000-01-01' },
  unassigned: { only: 'unassigned=true' },
  all: { only: 'all=true' },
  customsRead: { split: ['customsRead=true', 'customsRead=false'] },
  unpaid: { only: 'unpaid=true' },
};

describe('every filter of the ticket lists', () => {
  it('should have a sample for every filter the query schema takes', () => {
    const filters = Object.keys(TicketQuerySchema.entries).filter((key) => !PAGING.includes(key));
    expect(filters.sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  it.each(USERS)("should narrow %s's home list as the unoptimised path does, filter by filter", async (user) => {
    // Every ticket the user sees, whatever its status (the home list itself leaves the finished ones out).
    const whole = await list(user, `limit=100&${TICKET_STATUSES.map((status) => `statusName=${status}`).join('&')}`);
    expect(whole.count, 'the seeded data shows this user tickets').toBeGreaterThan(0);
    for (const [filter, sample] of Object.entries(SAMPLES)) {
      const queries = [
        ...(sample.none ? [sample.none] : []),
        ...(sample.split ?? []),
        ...(sample.only ? [sample.only] : []),
      ];
      for (const query of queries) {
        const home = await list(user, `limit=100&${query}`);
        // beforeDate's own sample already takes the general path (one beforeDate a query).
        if (filter !== 'beforeDate') {
          const plain = await list(user, `limit=100&${query}&${PLAIN}`);
          expect({ filter, query, ...home }).toEqual({ filter, query, ...plain });
        }
        if (query === sample.none) expect({ filter, query, ...home }).toEqual({ filter, query, ids: [], count: 0 });
      }
      if (sample.split) {
        // Over every status, so the parts can add up to the whole.
        const every =
          filter === 'statusName' ? '' : `&${TICKET_STATUSES.map((status) => `statusName=${status}`).join('&')}`;
        const parts = await Promise.all(sample.split.map((query) => list(user, `limit=100&${query}${every}`)));
        expect({ filter, total: parts.reduce((sum, part) => sum + part.count, 0) }).toEqual({
          filter,
          total: whole.count,
        });
      }
    }
  });
});
