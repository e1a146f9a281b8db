/**
 * Issue 27: a carrier passes on a PENDING offer (PUT /tickets/{id}/pass) and the ticket goes to the next
 * carrier at once, audited, shown in the history with its answer time and counted in the service level,
 * with the kept views (stored ticket views, carrier views, counts) following; each offer's answer time
 * (and the migration's backfill of old rows); and the one delete rule the picker and the server share.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';
import { recountServiceLevels } from './helpers/service-levels';
import { STALE_VIEWS } from './helpers/stored-views';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'supplier1', 'supplier2', 'carrier1', 'carrier2']) tokens[u] = await t.login(u);
  const named = await rows<{ kind: string; name: string; id: number }>(sql`
    select 'carrier' as kind, business_name as name, id from carriers
    union all select 'depot', name, id from depots`);
  for (const r of named) ids[`${r.kind}:${r.name}`] = Number(r.id);
});
afterAll(async () => {
  await t.close();
});

function rows<T>(query: ReturnType<typeof sql>) {
  return queryRows<T>(t.database.db, query);
}

const call = (user: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown, headers = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(tokens[user]!), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** New PENDING tickets of supplier1 at `yard`, oldest first. */
async function created(count: number, yard = 'South Chicago Yard'): Promise<number[]> {
  const res = await call('supplier1', 'POST', '/api/tickets', {
    ticket: { count, originDepotId: ids[`depot:${yard}`] },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ tickets: { id: number }[] }>().tickets.map((x) => x.id);
}

/** A new ticket of supplier1 offered by the admin to carrier1 (Rápido Freight Lines). */
async function offeredToCarrier1(): Promise<number> {
  const [id] = await created(1);
  const res = await call('admin', 'PUT', `/api/tickets/${id}/manual`, {
    ticket: { carrierId: ids['carrier:Rápido Freight Lines'], reason: 'test setup' },
  });
  expect(res.statusCode).toBe(200);
  return id!;
}

const pass = (user: string, id: number, reason: unknown, headers = {}) =>
  call(user, 'PUT', `/api/tickets/${id}/pass`, { ticket: { reason } }, headers);

const listIds = async (user: string, query = '') =>
  (await call(user, 'GET', `/api/tickets?limit=1000${query}`))
    .json<{ tickets: { id: number }[] }>()
    .tickets.map((x) => x.id);

interface Offer {
  id: number;
  status: { name: string };
  carrier: { businessName: string };
  reason: string | null;
  createdAt: string;
  respondedAt: string | null;
}

/** The tickets whose stored view parts differ from those computed from their rows. */
const staleViews = async () => (await rows<{ ticket_id: number }>(sql.raw(STALE_VIEWS))).map((r) => r.ticket_id);

/** carrier1's kept open view rows against the tickets it holds an open offer for or carries. */
const carrier1Views = async () => {
  const carrierId = ids['carrier:Rápido Freight Lines']!;
  const kept = await rows<{ id: number }>(sql`select ticket_id as id from ticket_carrier_views
    where carrier_id = ${carrierId} and open order by ticket_id`);
  const live = await rows<{ id: number }>(sql`select t.id from tickets t where t.deleted_at is null
    and (exists (select 1 from ticket_assignments a where a.ticket_id = t.id and a.carrier_id = ${carrierId}
           and a.status in ('PENDING', 'CONFIRMED')) or (t.carrier_id = ${carrierId} and t.status <> 'PENDING'))
    order by t.id`);
  return { kept: kept.map((r) => r.id), live: live.map((r) => r.id) };
};

/** carrier1's count/states against a count of the tickets it sees. */
const carrier1Counts = async () => {
  const carrierId = ids['carrier:Rápido Freight Lines']!;
  const api = (await call('carrier1', 'GET', '/api/tickets/count/states'))
    .json<{ status: string; total: number }[]>()
    .filter((r) => r.total > 0)
    .map((r) => [r.status, r.total]);
  const live = await rows<{ status: string; total: number }>(sql`select t.status, count(*)::int as total
    from tickets t where t.deleted_at is null
      and (exists (select 1 from ticket_assignments a where a.ticket_id = t.id and a.carrier_id = ${carrierId}
             and a.status in ('PENDING', 'CONFIRMED')) or (t.carrier_id = ${carrierId} and t.status <> 'PENDING'))
    group by t.status`);
  return { api: Object.fromEntries(api), live: Object.fromEntries(live.map((r) => [r.status, r.total])) };
};

const serviceLevelOf = async (name: string) => {
  const res = await call('admin', 'GET', '/api/tickets/count/carrier');
  const carriers = res.json<{ carriers: { businessName: string; lastMonth: unknown; lastWeek: unknown }[] }>().carriers;
  const got = carriers.map((c) => ({ name: c.businessName, lastMonth: c.lastMonth, lastWeek: c.lastWeek }));
  const expected = (await recountServiceLevels(t.database.db)).map(({ name: n, lastMonth, lastWeek }) => ({
    name: n,
    lastMonth,
    lastWeek,
  }));
  expect(got).toEqual(expected);
  return got.find((c) => c.name === name)!;
};

describe('PUT /api/tickets/{id}/pass', () => {
  it('should close the offer DECLINED with the trimmed reason and its time, and offer the next carrier at once', async () => {
    const id = await offeredToCarrier1();
    const before = await serviceLevelOf('Rápido Freight Lines');
    const res = await pass('carrier1', id, '  No truck near Chicago this week  ');
    expect(res.statusCode).toBe(200);
    const { ticket } = (await call('admin', 'GET', `/api/tickets/${id}`)).json<{
      ticket: { status: { name: string }; carrier: { businessName: string } | null; ticketAssignments: Offer[] };
    }>();
    expect(ticket.status.name).toBe('PENDING');
    const [passed, next] = ticket.ticketAssignments.slice(-2);
    expect(passed).toMatchObject({
      carrier: { businessName: 'Rápido Freight Lines' },
      status: { name: 'DECLINED' },
      reason: 'No truck near Chicago this week',
    });
    expect(Date.parse(passed!.respondedAt!)).toBeGreaterThanOrEqual(Date.parse(passed!.createdAt));
    // The next carrier is offered in the same request, one not offered this ticket before.
    expect(next).toMatchObject({ status: { name: 'PENDING' }, respondedAt: null });
    const offeredBefore = ticket.ticketAssignments.slice(0, -1).map((a) => a.carrier.businessName);
    expect(offeredBefore).not.toContain(next!.carrier.businessName);
    expect(ticket.carrier?.businessName).toBe(next!.carrier.businessName);
    // Audited as a pass, by carrier1, with the reason and the offers closed and opened.
    const audit = await rows<{ action: string; from_status: string; to_status: string; reason: string; by: string }>(
      sql`select l.action, l.from_status, l.to_status, l.reason, u.username as by from audit_log l
        join users u on u.id = l.user_id where l.entity = 'ticket' and l.entity_id = ${String(id)} and l.action = 'pass'`,
    );
    expect(audit).toEqual([
      {
        action: 'pass',
        from_status: 'PENDING',
        to_status: 'PENDING',
        reason: 'No truck near Chicago this week',
        by: 'carrier1',
      },
    ]);
    // carrier1 no longer has it on its home lists, only among its past offers.
    expect(await listIds('carrier1')).not.toContain(id);
    expect(await listIds('carrier1', '&all=true')).toContain(id);
    // An offer passed is an offer not confirmed: carrier1's offers and confirmations stay as they were.
    expect(await serviceLevelOf('Rápido Freight Lines')).toEqual(before);
    // Every kept view follows: the stored ticket views, carrier1's view rows and its counts.
    expect(await staleViews()).toEqual([]);
    const views = await carrier1Views();
    expect(views.kept).toEqual(views.live);
    const counts = await carrier1Counts();
    expect(counts.api).toEqual(counts.live);
  });

  it('should count a passed offer in the service level as made and not confirmed', async () => {
    const id = await offeredToCarrier1();
    await call('admin', 'PUT', `/api/tickets/${id}/manual`, {
      ticket: { carrierId: ids['carrier:Border Haulers Co.'], reason: 'test setup' },
    });
    const before = (await serviceLevelOf('Border Haulers Co.')) as { lastWeek: { total: number; confirmed: number } };
    // A fresh offer to Border Haulers that carrier2 passes on: one more offer, no more confirmations.
    const again = await offeredToCarrier1();
    await call('admin', 'PUT', `/api/tickets/${again}/manual`, {
      ticket: { carrierId: ids['carrier:Border Haulers Co.'], reason: 'test setup' },
    });
    expect((await pass('carrier2', again, 'Full this week')).statusCode).toBe(200);
    const after = (await serviceLevelOf('Border Haulers Co.')) as { lastWeek: { total: number; confirmed: number } };
    expect(after.lastWeek).toEqual({ ...before.lastWeek, total: before.lastWeek.total + 1 });
  });

  it('should answer 404 to another carrier, 403 to other roles and 409 naming the status once accepted', async () => {
    const id = await offeredToCarrier1();
    expect((await pass('carrier2', id, 'Not mine')).statusCode).toBe(404);
    expect((await pass('supplier1', id, 'No')).statusCode).toBe(403);
    expect((await pass('admin', id, 'No')).statusCode).toBe(403);
    const [confirmed] = await rows<{ id: number }>(sql`select t.id from tickets t
      where t.status = 'CONFIRMED' and t.deleted_at is null and t.carrier_id = ${ids['carrier:Rápido Freight Lines']!}
      order by t.id limit 1`);
    const res = await pass('carrier1', confirmed!.id, 'Changed my mind');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Ticket ${confirmed!.id} is CONFIRMED; its offer cannot be passed on`);
    expect(res.json().code).toBe('ticket_status');
  });

  it('should require a reason of at most 500 characters, and refuse a missing body', async () => {
    const id = await offeredToCarrier1();
    const blank = await pass('carrier1', id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual({ reason: 'Campo obligatorio' });
    const long = await pass('carrier1', id, 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().details)).toEqual(['reason']);
    expect((await call('carrier1', 'PUT', `/api/tickets/${id}/pass`, {})).statusCode).toBe(400);
    expect((await pass('carrier1', id, 'x'.repeat(500))).statusCode).toBe(200);
  });

  it('should answer a replay with the same Idempotency-Key from its stored answer, passing once', async () => {
    const id = await offeredToCarrier1();
    const key = { 'idempotency-key': `pass-${id}` };
    const first = await pass('carrier1', id, 'No driver', key);
    const second = await pass('carrier1', id, 'No driver', key);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    const passes = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log
      where entity = 'ticket' and entity_id = ${String(id)} and action = 'pass'`);
    expect(passes).toEqual([{ n: 1 }]);
    expect((await pass('carrier1', id, 'Other reason', key)).statusCode).toBe(422);
  });
});

describe('answer times', () => {
  it("should show each answer's own time in the history, apart from the time the offer was made", async () => {
    const id = await offeredToCarrier1();
    // The offer was made five hours before it was answered.
    await rows(sql`update ticket_assignments set created_at = created_at - interval '5 hours'
      where ticket_id = ${id} and status = 'PENDING'`);
    expect((await pass('carrier1', id, 'Too far')).statusCode).toBe(200);
    const offers = (await call('admin', 'GET', `/api/tickets/${id}`)).json<{ ticket: { ticketAssignments: Offer[] } }>()
      .ticket.ticketAssignments;
    const passed = offers.find((a) => a.reason === 'Too far')!;
    const [audit] = await rows<{ at: Date | string }>(sql`select at from audit_log
      where entity = 'ticket' and entity_id = ${String(id)} and action = 'pass'`);
    expect(passed.respondedAt).toBe(new Date(audit!.at).toISOString());
    expect(Date.parse(passed.respondedAt!) - Date.parse(passed.createdAt)).toBeGreaterThanOrEqual(5 * 3_600_000);
    expect(await staleViews()).toEqual([]);
  });

  it('should backfill answered offers without a time from their audit row, the next offer, or the removal', async () => {
    const [a, b, c, d] = await created(4, 'Houston Ship Channel Yard');
    const carrierId = ids['carrier:Border Haulers Co.']!;
    const offer = async (ticketId: number, status: string, createdAt: string) =>
      (
        await rows<{ id: number }>(sql`insert into ticket_assignments (ticket_id, carrier_id, status, created_at)
          values (${ticketId}, ${carrierId}, ${status}, ${createdAt}) returning id`)
      )[0]!.id;
    const audited = await offer(a!, 'DECLINED', '2026-11-20T09:12:00Z');
    await rows(sql`insert into audit_log (at, entity, entity_id, action, from_status, to_status, data)
      values ('2026-11-21T05:17:00Z', 'ticket', ${String(a)}, 'decline', 'CONFIRMED', 'PENDING',
        ${JSON.stringify({ assignmentId: audited })}::jsonb)`);
    const followed = await offer(b!, 'REJECTED', '2026-11-20T09:12:00Z');
    await offer(b!, 'PENDING', '2026-11-20T13:12:00Z');
    const removed = await offer(d!, 'REJECTED', '2026-11-20T09:12:00Z');
    await rows(sql`update tickets set deleted_at = '2026-11-22T10:30:00Z' where id = ${d!}`);
    const unknown = await offer(c!, 'REJECTED', '2026-11-20T09:12:00Z');
    const migration = readFileSync('src/server/db/migrations/0013_offer_answer_times.sql', 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE ticket_assignments'))!;
    await rows(sql.raw(backfill));
    const times = await rows<{ id: number; responded_at: string | null }>(sql`select id,
        to_char(responded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as responded_at
      from ticket_assignments where id in (${audited}, ${followed}, ${removed}, ${unknown}) order by id`);
    expect(times).toEqual([
      { id: audited, responded_at: '2026-11-21T05:17Z' },
      { id: followed, responded_at: '2026-11-20T13:12Z' },
      { id: removed, responded_at: '2026-11-22T10:30Z' },
      { id: unknown, responded_at: null },
    ]);
  });
});

describe('DELETE /api/tickets/{id}: the one delete rule', () => {
  it('should refuse an older ticket of the yard with 409 naming the one that can be deleted', async () => {
    const [older, newer] = await created(2);
    const refused = await call('supplier1', 'DELETE', `/api/tickets/${older}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ticket_not_deletable',
      deletableTicketId: newer,
      message: expect.stringContaining(`ticket ${newer} is the one of its yard that can be deleted now`),
    });
    expect((await call('admin', 'GET', `/api/tickets/${older}`)).statusCode).toBe(200);
    expect((await call('supplier1', 'DELETE', `/api/tickets/${newer}`)).statusCode).toBe(200);
    // Now the older one is the newest pending ticket of its yard.
    expect((await call('supplier1', 'DELETE', `/api/tickets/${older}`)).statusCode).toBe(200);
  });

  it("should offer a yard's newest confirmed ticket when none of its tickets is pending, whatever other yards hold", async () => {
    const yard = ids['depot:San Antonio East Yard']!;
    // supplier2's San Antonio yard keeps only confirmed tickets (two more, confirmed in the rows); its El
    // Paso yard still has pending ones.
    const made = await call('supplier2', 'POST', '/api/tickets', { ticket: { count: 2, originDepotId: yard } });
    const [older, newer] = made.json<{ tickets: { id: number }[] }>().tickets.map((x) => x.id);
    await rows(sql`update tickets set deleted_at = now() where origin_depot_id = ${yard} and status = 'PENDING'
      and id not in (${older!}, ${newer!})`);
    await rows(sql`update ticket_assignments set status = 'CONFIRMED' where ticket_id in (${older!}, ${newer!})
      and status = 'PENDING'`);
    await rows(sql`update tickets set status = 'CONFIRMED' where id in (${older!}, ${newer!})`);
    const pendingElsewhere = await rows<{ n: number }>(sql`select count(*)::int as n from tickets t
      join depots d on d.id = t.origin_depot_id where d.supplier_id = (select supplier_id from depots where id = ${yard})
        and t.origin_depot_id <> ${yard} and t.status = 'PENDING' and t.deleted_at is null`);
    expect(pendingElsewhere[0]!.n).toBeGreaterThan(0);
    const refused = await call('supplier2', 'DELETE', `/api/tickets/${older}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().deletableTicketId).toBe(newer);
    // Another supplier learns nothing about the rule: its answer is the 404 of a ticket it cannot see.
    const stranger = await call('supplier1', 'DELETE', `/api/tickets/${older}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().deletableTicketId).toBeUndefined();
    expect((await call('supplier2', 'DELETE', `/api/tickets/${newer}`)).statusCode).toBe(200);
    expect((await call('supplier2', 'DELETE', `/api/tickets/${older}`)).statusCode).toBe(200);
    expect(await staleViews()).toEqual([]);
  });
});
