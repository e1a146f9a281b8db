import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../../src/server/db/database';
import { runAllocationSweep } from '../../src/server/jobs/allocation-sweep';
import { bearer, createTestApp, usePostgres, type TestApp } from './helpers/test-app';
import { offerAgo } from './helpers/service-levels';

let t: TestApp;
const tokens: Record<string, string> = {};
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The test's clock: the sweep is driven from here, never from the wall clock. */
const T0 = Date.now();
const at = (ms: number) => new Date(T0 + ms);

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'supplier2', 'rail1']) tokens[u] = await t.login(u);
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db(), query);
const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[user]!) });

async function newTicket(): Promise<{ id: number; carrier: { businessName: string } | null }> {
  const [depot] = await rows<{ id: number }>(sql`select id from depots where name = 'San Antonio East Yard'`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tickets',
    headers: bearer(tokens.supplier2!),
    payload: { ticket: { count: 1, originDepotId: depot!.id } },
  });
  expect(res.statusCode).toBe(201);
  return res.json().tickets[0];
}

const offersOf = (id: number) =>
  rows<{
    id: number;
    carrier: string;
    status: string;
    reason: string | null;
  }>(sql`select a.id, c.business_name as carrier, a.status, a.reason
    from ticket_assignments a join carriers c on c.id = a.carrier_id where a.ticket_id = ${id} order by a.id`);

const setConfig = (key: string, value: string) =>
  db().execute(sql`update configuration_properties set value = ${value} where key = ${key}`);

describe('allocation', () => {
  it('should leave a ticket unassigned when no carrier is eligible and offer it once one is', async () => {
    await db().execute(sql`update carriers set enabled_for_algorithm = false`);
    const ticket = await newTicket();
    expect(ticket.carrier).toBeNull();
    const unassigned = (await get('admin', '/api/tickets?unassigned=true'))
      .json()
      .tickets.map((x: { id: number }) => x.id);
    expect(unassigned).toContain(ticket.id);
    expect(await runAllocationSweep(db(), at(60_000))).toMatchObject({ offered: 0 });

    await db().execute(sql`update carriers set enabled_for_algorithm = true`);
    await runAllocationSweep(db(), at(2 * 60_000));
    const offers = await offersOf(ticket.id);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ status: 'PENDING' });
    const after = (await get('admin', '/api/tickets?unassigned=true')).json().tickets.map((x: { id: number }) => x.id);
    expect(after).not.toContain(ticket.id);
  });

  it('should expire an offer after ALLOCATION_FREQUENCY hours and offer the next carrier, never one whose contract ended', async () => {
    const ticket = await newTicket();
    const first = ticket.carrier!.businessName;
    await runAllocationSweep(db(), at(HOUR));
    expect((await offersOf(ticket.id)).map((o) => [o.carrier, o.status])).toEqual([[first, 'PENDING']]);

    // ALLOCATION_FREQUENCY is 2 (hours) in the seed.
    await runAllocationSweep(db(), at(2 * HOUR + 60_000));
    const offers = await offersOf(ticket.id);
    expect(offers.map((o) => [o.carrier, o.status, o.reason])[0]).toEqual([first, 'REJECTED', 'expired']);
    expect(offers[1]).toMatchObject({ status: 'PENDING' });
    expect(offers[1]!.carrier).not.toBe(first);
    const audit = await rows<{ action: string; reason: string }>(
      sql`select action, reason from audit_log where entity_id = ${String(ticket.id)} and action = 'expire-offer'`,
    );
    expect(audit).toEqual([{ action: 'expire-offer', reason: 'expired' }]);

    // Two more rounds use up the three carriers with a live contract; the ticket then waits unassigned.
    await runAllocationSweep(db(), at(4 * HOUR + 2 * 60_000));
    await runAllocationSweep(db(), at(6 * HOUR + 3 * 60_000));
    const history = await offersOf(ticket.id);
    expect(history.map((o) => o.carrier).sort()).toEqual([
      'Border Haulers Co.',
      'Northern Rail Logistics',
      'Rápido Freight Lines',
    ]);
    expect(history.every((o) => o.status === 'REJECTED' && o.reason === 'expired')).toBe(true);
    const { ticket: view } = (await get('admin', `/api/tickets/${ticket.id}`)).json();
    expect(view).toMatchObject({ status: { name: 'PENDING' }, carrier: null });
    await runAllocationSweep(db(), at(6 * HOUR + 4 * 60_000));
    expect(await offersOf(ticket.id)).toHaveLength(3);
    const oldRoad = await rows<{
      n: number;
    }>(sql`select count(*)::int as n from ticket_assignments a join carriers c on c.id = a.carrier_id
      where c.business_name = 'Old Road Trucking'`);
    expect(oldRoad[0]!.n).toBe(0);
  });

  it('should never expire offers when ALLOCATION_FREQUENCY is 0', async () => {
    await setConfig('ALLOCATION_FREQUENCY', '0');
    try {
      const ticket = await newTicket();
      await runAllocationSweep(db(), at(100 * HOUR));
      expect((await offersOf(ticket.id)).map((o) => o.status)).toEqual(['PENDING']);
    } finally {
      await setConfig('ALLOCATION_FREQUENCY', '2');
    }
  });

  it('should offer each expired ticket once when two sweeps run at the same time', async () => {
    const tickets = [await newTicket(), await newTicket(), await newTicket()];
    let other: Database | undefined;
    if (usePostgres) other = await openDatabase({ url: t.app.config.databaseUrl });
    try {
      const when = at(9 * HOUR);
      await Promise.all([runAllocationSweep(db(), when), runAllocationSweep(other?.db ?? db(), when)]);
    } finally {
      await other?.close();
    }
    for (const ticket of tickets) {
      const offers = await offersOf(ticket.id);
      expect(offers.filter((o) => o.status === 'PENDING')).toHaveLength(1);
      expect(offers.filter((o) => o.reason === 'expired')).toHaveLength(1);
    }
    const doubled = await rows<{ ticket_id: number }>(sql`select ticket_id from ticket_assignments
      where status in ('PENDING', 'CONFIRMED') group by ticket_id having count(*) > 1`);
    expect(doubled).toEqual([]);
  });

  it('should remove PENDING and CONFIRMED tickets older than DELETE_TICKETS_FREQUENCY days', async () => {
    const fresh = await newTicket();
    const [oldest] = await rows<{ id: number }>(
      sql`select id from tickets where status = 'PENDING' and deleted_at is null order by created_at limit 1`,
    );
    const later = await rows<{ id: number }>(sql`select id from tickets where status not in ('PENDING', 'CONFIRMED')`);

    // DELETE_TICKETS_FREQUENCY is 7 (days): an hour short of that the new ticket stays, the seeded
    // 50-hour-old one goes.
    await runAllocationSweep(db(), at(7 * DAY - HOUR));
    expect((await get('admin', `/api/tickets/${fresh.id}`)).statusCode).toBe(200);
    expect((await get('admin', `/api/tickets/${oldest!.id}`)).statusCode).toBe(404);

    const result = await runAllocationSweep(db(), at(7 * DAY + HOUR));
    expect(result.removed).toBeGreaterThan(0);
    expect((await get('admin', `/api/tickets/${fresh.id}`)).statusCode).toBe(404);
    const counts = (await get('admin', '/api/tickets/count/states')).json<{ status: string; total: number }[]>();
    expect(counts.slice(0, 2)).toMatchObject([
      { status: 'PENDING', total: 0 },
      { status: 'CONFIRMED', total: 0 },
    ]);
    for (const { id } of later) expect((await get('admin', `/api/tickets/${id}`)).statusCode).toBe(200);
    const [kept] = await rows<{ reason: string; offer: string }>(sql`select t.delete_reason as reason, a.status as offer
      from tickets t join ticket_assignments a on a.ticket_id = t.id where t.id = ${fresh.id} order by a.id desc limit 1`);
    expect(kept).toEqual({ reason: 'expired', offer: 'REJECTED' });
    const audit = await rows<{ to_status: string; reason: string; user_id: number | null }>(
      sql`select to_status, reason, user_id from audit_log where entity_id = ${String(fresh.id)} and action = 'delete'`,
    );
    expect(audit).toEqual([{ to_status: 'DELETED', reason: 'expired', user_id: null }]);
  });

  it('should offer a new ticket to the carrier with the better 30-day service level, as the service-level screen counts it, among equals', async () => {
    const carrierIds = await rows<{ id: number }>(
      sql`select id from carriers where business_name in ('Rápido Freight Lines', 'Border Haulers Co.') order by id`,
    );
    const [a, b] = carrierIds.map((c) => c.id) as [number, number];
    // Two truck carriers alone eligible, of one category, neither with an offer waiting.
    await db().execute(sql`update carriers set enabled_for_algorithm = (id in (${a}, ${b}))`);
    await db().execute(sql`update carriers set category = 1 where id in (${a}, ${b})`);
    await db().execute(
      sql`update ticket_assignments set status = 'DECLINED' where status = 'PENDING' and carrier_id in (${a}, ${b})`,
    );
    await db().execute(sql`update tickets set status = 'CANCELED' where status = 'PENDING'`);
    const [done] = await rows<{ id: number }>(sql`select min(id)::int as id from tickets where status = 'DELIVERED'`);
    const level = async (carrierId: number) => {
      const { carriers } = (await get('admin', '/api/tickets/count/carrier')).json<{
        carriers: { id: number; lastMonth: { total: number; confirmed: number } }[];
      }>();
      const month = carriers.find((c) => c.id === carrierId)!.lastMonth;
      return month.confirmed / month.total;
    };
    /** Offers made to `carrierId` two days ago, `confirmed` of them standing confirmed. */
    const history = async (carrierId: number, offers: number, confirmed: number) => {
      for (let i = 0; i < offers; i++) {
        await offerAgo(db(), {
          ticketId: done!.id,
          carrierId,
          agoMs: 2 * DAY,
          status: i < confirmed ? 'CONFIRMED' : 'DECLINED',
        });
      }
    };
    // b answers far better than a over the month, then a far better than b.
    await history(a, 20, 0);
    await history(b, 20, 20);
    expect(await level(b)).toBeGreaterThan(await level(a));
    const first = await newTicket();
    expect((await offersOf(first.id)).map((o) => o.carrier)).toEqual(['Border Haulers Co.']);

    await db().execute(sql`update tickets set status = 'CANCELED' where id = ${first.id}`);
    await db().execute(sql`update ticket_assignments set status = 'DECLINED' where ticket_id = ${first.id}`);
    await history(a, 60, 60);
    await history(b, 60, 0);
    expect(await level(a)).toBeGreaterThan(await level(b));
    const second = await newTicket();
    expect((await offersOf(second.id)).map((o) => o.carrier)).toEqual(['Rápido Freight Lines']);
  });
});
