import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { openDatabase, queryRows, type Database } from '../../src/server/db/database';
import { providerInvoices } from '../../src/server/db/schema/documents';
import { earliestSlot } from '../../src/shared/domain/withdrawal';
import { bearer, createTestApp, usePostgres, type TestApp } from './helpers/test-app';
import { DEMO_USERNAMES } from './helpers/seeded-app';

// A Wednesday, 10:00 in Chicago (UTC-6, getTimezoneOffset() = 360): the withdrawal window is Wednesday to
// Friday, 09:00 to 17:45. Only Date is faked; timers and the database clock run as usual.
const NOW = new Date('2026-11-25T16:00:00Z');
const TZ = 360;
const local = (day: string, time: string) => new Date(Date.parse(`${day}T${time}:00Z`) + TZ * 60_000).toISOString();

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  t = await createTestApp();
  for (const u of DEMO_USERNAMES) tokens[u] = await t.login(u);
  const named = await rows<{ kind: string; name: string; id: number }>(sql`
    select 'carrier' as kind, business_name as name, id from carriers
    union all select 'depot', name, id from depots
    union all select 'crossing', description, id from border_crossings`);
  for (const r of named) ids[`${r.kind}:${r.name}`] = Number(r.id);
  // Provider invoices for the seeded TA_INVOICED and MX_TRANSIT tickets (the seed leaves them out).
  const invoiced = await rows<{ id: number; status: string; origin_depot_id: number }>(
    sql`select id, status, origin_depot_id from tickets where status in ('TA_INVOICED', 'MX_TRANSIT') order by id`,
  );
  await t.database.db.insert(providerInvoices).values(
    invoiced.map((x, i) => ({
      ticketId: x.id,
      number: `TA-${x.id}`,
      date: '2026-11-20',
      // Eagle Pass belongs to customs1's agent, El Paso to customs2's.
      borderCrossingId:
        i === 1 ? ids['crossing:El Paso – Ciudad Juárez']! : ids['crossing:Eagle Pass – Piedras Negras']!,
    })),
  );
});
afterAll(async () => {
  // The real clock first: the next file of this worker must not inherit this one's, even if closing fails.
  vi.useRealTimers();
  await t.close();
});

function rows<T>(query: ReturnType<typeof sql>) {
  return queryRows<T>(t.database.db, query);
}

const call = (
  user: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(tokens[user]!), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A new ticket of supplier1 offered by the admin to `carrier` (by business name). */
async function pendingFor(carrier: string, supplier = 'supplier1'): Promise<number> {
  const depot = supplier === 'supplier1' ? ids['depot:South Chicago Yard'] : ids['depot:El Paso Border Yard'];
  const created = await call(supplier, 'POST', '/api/tickets', { ticket: { count: 1, originDepotId: depot } });
  const id = created.json().tickets[0].id as number;
  const res = await call('admin', 'PUT', `/api/tickets/${id}/manual`, {
    ticket: { carrierId: ids[`carrier:${carrier}`], reason: 'test setup' },
  });
  expect(res.statusCode).toBe(200);
  return id;
}

/** A token of `user` issued at `at` (the clock is faked). */
async function loginAt(user: string, at: Date): Promise<string> {
  vi.setSystemTime(at);
  try {
    return await t.login(user);
  } finally {
    vi.setSystemTime(NOW);
  }
}

const slot = () => earliestSlot(NOW, TZ).instant.toISOString();
const accept = (user: string, id: number, withdrawalDate: string, headers: Record<string, string> = {}) =>
  call(user, 'PUT', `/api/tickets/${id}/confirm`, { ticket: { withdrawalDate, timezone: TZ } }, headers);

async function confirmedFor(carrier: string, user: string): Promise<number> {
  const id = await pendingFor(carrier);
  expect((await accept(user, id, slot())).statusCode).toBe(200);
  return id;
}

describe('PUT /api/tickets/{id}/confirm', () => {
  it('should accept a valid slot: ticket and offer CONFIRMED, withdrawal stored, audit and event written', async () => {
    const id = await pendingFor('Rápido Freight Lines');
    const res = await accept('carrier1', id, slot());
    expect(res.statusCode).toBe(200);
    const { ticket } = res.json();
    expect(ticket).toMatchObject({ id, status: { name: 'CONFIRMED' }, withdrawalDate: slot(), timezone: TZ });
    expect(ticket.ticketAssignments.at(-1)).toMatchObject({
      status: { name: 'CONFIRMED' },
      carrier: { businessName: 'Rápido Freight Lines' },
    });
    const [event] = await rows<{ type: string; payload: unknown }>(
      sql`select type, payload from events where ticket_id = ${id} and type = 'Ticket confirmed'`,
    );
    expect(event).toEqual({
      type: 'Ticket confirmed',
      payload: {
        title: 'confirmed',
        ticketNumber: id,
        supplierName: 'Midwest Scrap Recycling LLC',
        carrierName: 'Rápido Freight Lines',
        actorId: (await rows<{ id: number }>(sql`select id from users where username = 'carrier1'`))[0]!.id,
      },
    });
    const audit = await rows<{ action: string; from_status: string; to_status: string }>(
      sql`select action, from_status, to_status from audit_log where entity_id = ${String(id)} and action = 'confirm'`,
    );
    expect(audit).toEqual([{ action: 'confirm', from_status: 'PENDING', to_status: 'CONFIRMED' }]);
  });

  it.each([
    ['10:15 today, 15 minutes ahead', '2026-11-25', '10:15', 'Minimum 30 minutes anticipation'],
    [
      'a time off the quarter hour',
      '2026-11-26',
      '11:07',
      'Withdrawal time must be on a quarter hour (:00, :15, :30 or :45)',
    ],
    ['a Saturday', '2026-11-28', '10:00', 'Withdrawal date must be a weekday'],
    ['08:00, before the yard opens', '2026-11-26', '08:00', 'Withdrawal time must be between 09:00 and 17:45'],
    ['18:00, after the last slot', '2026-11-26', '18:00', 'Withdrawal time must be between 09:00 and 17:45'],
    [
      'next Monday, past the 2 business days',
      '2026-11-30',
      '10:00',
      'Withdrawal date must be today or within the next 2 business days',
    ],
  ])('should refuse %s with 422 and the message', async (_label, day, time, message) => {
    const id = await pendingFor('Rápido Freight Lines');
    const res = await accept('carrier1', id, local(day, time));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ statusCode: 422, message, details: { withdrawalDate: message } });
    expect((await call('carrier1', 'GET', `/api/tickets/${id}`)).json().ticket.status.name).toBe('PENDING');
  });

  it('should judge an offline accept at its X-Queued-At and ignore one older than 24 h', async () => {
    const id = await pendingFor('Rápido Freight Lines');
    const date = local('2026-11-25', '10:15'); // 15 min after now, 35 min after the queued time
    const stale = await accept('carrier1', id, date, {
      'x-queued-at': new Date(NOW.getTime() - 25 * 3_600_000).toISOString(),
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().message).toBe('Minimum 30 minutes anticipation');
    // The device queued it while signed in with a token issued before that.
    const signedInEarlier = await loginAt('carrier1', new Date(NOW.getTime() - 60 * 60_000));
    const fresh = await accept('carrier1', id, date, {
      'x-queued-at': new Date(NOW.getTime() - 20 * 60_000).toISOString(),
      ...bearer(signedInEarlier),
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().ticket.withdrawalDate).toBe(date);
  });

  it('should not believe an X-Queued-At earlier than the sign-in of the token that sends it', async () => {
    const id = await pendingFor('Rápido Freight Lines');
    const date = local('2026-11-25', '10:15'); // refused now (15 min ahead), accepted if queued 20 min ago
    const signedIn = await loginAt('carrier1', new Date(NOW.getTime() - 10 * 60_000));
    const edited = await accept('carrier1', id, date, {
      'x-queued-at': new Date(NOW.getTime() - 20 * 60_000).toISOString(),
      ...bearer(signedIn),
    });
    expect(edited.statusCode).toBe(422);
    expect(edited.json().message).toBe('Minimum 30 minutes anticipation');
    const future = await accept('carrier1', id, date, {
      'x-queued-at': new Date(NOW.getTime() + 60 * 60_000).toISOString(),
      ...bearer(signedIn),
    });
    expect(future.statusCode).toBe(422);
    expect((await call('carrier1', 'GET', `/api/tickets/${id}`)).json().ticket.status.name).toBe('PENDING');
  });

  it('should judge a queued accept at its queued time after a restart renewed the token', async () => {
    const id = await pendingFor('Rápido Freight Lines');
    const date = local('2026-11-25', '10:15'); // 15 min after now: valid only when judged at 09:20
    const signedIn = await loginAt('carrier1', new Date(NOW.getTime() - 60 * 60_000));
    // Queued offline at 09:20; the app was reopened at 09:55, and its start renewed the token.
    vi.setSystemTime(new Date(NOW.getTime() - 5 * 60_000));
    const renewal = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/token',
      headers: bearer(signedIn),
      payload: {},
    });
    vi.setSystemTime(NOW);
    expect(renewal.statusCode).toBe(200);
    const renewed = renewal.json().token as string;
    expect(renewed).not.toBe(signedIn);
    // A time forged before the session's sign-in is not believed: judged at now, 15 min is too short.
    const forged = await accept('carrier1', id, date, {
      'x-queued-at': new Date(NOW.getTime() - 70 * 60_000).toISOString(),
      ...bearer(renewed),
    });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().message).toBe('Minimum 30 minutes anticipation');
    // Reconnected 40 minutes after queueing: accepted by its queued time.
    const replay = await accept('carrier1', id, date, {
      'x-queued-at': new Date(NOW.getTime() - 40 * 60_000).toISOString(),
      ...bearer(renewed),
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().ticket.withdrawalDate).toBe(date);
  });

  it('should start a new session at a password sign-in, not carry an older one over', async () => {
    const id = await pendingFor('Rápido Freight Lines');
    const date = local('2026-11-25', '10:15');
    await loginAt('carrier1', new Date(NOW.getTime() - 60 * 60_000));
    const signedInAgain = await loginAt('carrier1', new Date(NOW.getTime() - 10 * 60_000));
    const res = await accept('carrier1', id, date, {
      'x-queued-at': new Date(NOW.getTime() - 40 * 60_000).toISOString(),
      ...bearer(signedInAgain),
    });
    expect(res.statusCode).toBe(422);
  });

  it('should refuse a timezone offset no device has (outside -840..720 minutes)', async () => {
    const id = await pendingFor('Rápido Freight Lines');
    for (const timezone of [721, 780, -841, -900]) {
      const res = await call('carrier1', 'PUT', `/api/tickets/${id}/confirm`, {
        ticket: { withdrawalDate: slot(), timezone },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toHaveProperty('timezone');
    }
    expect((await call('carrier1', 'GET', `/api/tickets/${id}`)).json().ticket.status.name).toBe('PENDING');
  });

  it('should still refuse a queued accept whose date has passed', async () => {
    const id = await pendingFor('Rápido Freight Lines');
    const res = await accept('carrier1', id, local('2026-11-25', '09:45'), {
      'x-queued-at': local('2026-11-25', '09:00'),
      ...bearer(await loginAt('carrier1', new Date(NOW.getTime() - 2 * 60 * 60_000))),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual({ withdrawalDate: 'The withdrawal time has already passed' });
  });

  it('should answer 404 to another carrier, 403 to other roles and 409 naming the status once confirmed', async () => {
    const id = await pendingFor('Rápido Freight Lines');
    const hidden = await accept('carrier2', id, slot());
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('not_found');
    for (const user of ['supplier1', 'admin', 'customs1']) {
      const refused = await accept(user, id, slot());
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('forbidden');
    }
    expect((await accept('carrier1', id, slot())).statusCode).toBe(200);
    const again = await accept('carrier1', id, slot());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ticket_status' });
    expect(again.json().message).toContain(`Ticket ${id} is CONFIRMED`);
  });

  it('should let exactly one of 20 concurrent accepts win', async () => {
    const id = await pendingFor('Rápido Freight Lines');
    const apps: FastifyInstance[] = [t.app];
    let second: { app: FastifyInstance; database: Database } | undefined;
    if (usePostgres) {
      // A second server process on the same PostgreSQL: the race also crosses connection pools.
      const database = await openDatabase({ url: t.app.config.databaseUrl });
      const app = await buildApp({ database, logger: false, config: { ...t.app.config, jobsEnabled: false } });
      await app.ready();
      second = { app, database };
      apps.push(app);
    }
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          apps[i % apps.length]!.inject({
            method: 'PUT',
            url: `/api/tickets/${id}/confirm`,
            headers: bearer(tokens.carrier1!),
            payload: { ticket: { withdrawalDate: slot(), timezone: TZ } },
          }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      expect(results.find((r) => r.statusCode === 409)!.json().message).toContain('CONFIRMED');
      const offers = await rows<{ status: string }>(
        sql`select status from ticket_assignments where ticket_id = ${id} and status = 'CONFIRMED'`,
      );
      expect(offers).toHaveLength(1);
      const audits = await rows<{ n: number }>(
        sql`select count(*)::int as n from audit_log where entity_id = ${String(id)} and action = 'confirm'`,
      );
      expect(audits[0]!.n).toBe(1);
    } finally {
      if (second) {
        await second.app.close();
        await second.database.close();
      }
    }
  });
});

describe('PUT /api/tickets/{id}/decline', () => {
  it('should require a reason', async () => {
    const id = await confirmedFor('Rápido Freight Lines', 'carrier1');
    const res = await call('carrier1', 'PUT', `/api/tickets/${id}/decline`, { ticket: { reason: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ reason: 'Campo obligatorio' });
  });

  it('should put the ticket back to PENDING and offer it to a carrier not offered before', async () => {
    const id = await confirmedFor('Rápido Freight Lines', 'carrier1');
    const res = await call('carrier1', 'PUT', `/api/tickets/${id}/decline`, { ticket: { reason: 'Truck broke down' } });
    expect(res.statusCode).toBe(200);
    const { ticket } = (await call('admin', 'GET', `/api/tickets/${id}`)).json();
    expect(ticket.status.name).toBe('PENDING');
    expect(ticket.withdrawalDate).toBeNull();
    const history = ticket.ticketAssignments.map(
      (a: { status: { name: string }; carrier: { businessName: string }; reason: string | null }) => [
        a.carrier.businessName,
        a.status.name,
        a.reason,
      ],
    );
    expect(history.at(-2)).toEqual(['Rápido Freight Lines', 'DECLINED', 'Truck broke down']);
    const [next, status] = history.at(-1);
    expect(status).toBe('PENDING');
    expect(next).not.toBe('Rápido Freight Lines');
    expect(next).not.toBe('Old Road Trucking');
    expect(ticket.carrier.businessName).toBe(next);
    // The declining carrier no longer has it in its list, only in /all.
    const listed = (await call('carrier1', 'GET', '/api/tickets?limit=1000'))
      .json()
      .tickets.map((x: { id: number }) => x.id);
    expect(listed).not.toContain(id);
    const all = (await call('carrier1', 'GET', '/api/tickets?limit=1000&all=true'))
      .json()
      .tickets.map((x: { id: number }) => x.id);
    expect(all).toContain(id);
  });

  it('should answer 409 naming the status for a PENDING ticket', async () => {
    const id = await pendingFor('Rápido Freight Lines');
    const res = await call('carrier1', 'PUT', `/api/tickets/${id}/decline`, { ticket: { reason: 'No' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Ticket ${id} is PENDING; it cannot be declined`);
  });
});

describe('PUT /api/tickets/{id}/manual', () => {
  it('should close the open offer as REJECTED with the reason and offer the chosen carrier', async () => {
    const id = await confirmedFor('Rápido Freight Lines', 'carrier1');
    const res = await call('admin', 'PUT', `/api/tickets/${id}/manual`, {
      ticket: { carrierId: ids['carrier:Border Haulers Co.'], reason: 'Closer to the yard' },
    });
    expect(res.statusCode).toBe(200);
    const { ticket } = res.json();
    expect(ticket).toMatchObject({
      status: { name: 'PENDING' },
      carrier: { businessName: 'Border Haulers Co.' },
      withdrawalDate: null,
    });
    expect(ticket.ticketAssignments.slice(-2)).toMatchObject([
      { carrier: { businessName: 'Rápido Freight Lines' }, status: { name: 'REJECTED' }, reason: 'Closer to the yard' },
      { carrier: { businessName: 'Border Haulers Co.' }, status: { name: 'PENDING' }, manual: true },
    ]);
    expect((await call('carrier2', 'GET', `/api/tickets/${id}`)).statusCode).toBe(200);
    expect((await accept('carrier1', id, slot())).statusCode).toBe(404);
  });

  it('should refuse a carrier without an active contract or unknown with 422', async () => {
    const id = await pendingFor('Rápido Freight Lines');
    const ended = await call('admin', 'PUT', `/api/tickets/${id}/manual`, {
      ticket: { carrierId: ids['carrier:Old Road Trucking'], reason: 'x' },
    });
    expect(ended.statusCode).toBe(422);
    expect(ended.json().details).toEqual({ carrierId: 'The carrier has no active contract' });
    const unknown = await call('admin', 'PUT', `/api/tickets/${id}/manual`, {
      ticket: { carrierId: 99999, reason: 'x' },
    });
    expect(unknown.json().details).toEqual({ carrierId: 'Carrier not found' });
  });

  it('should answer 409 for a ticket past CONFIRMED', async () => {
    const [row] = await rows<{ id: number }>(sql`select id from tickets where status = 'DELIVERED' limit 1`);
    const res = await call('admin', 'PUT', `/api/tickets/${row!.id}/manual`, {
      ticket: { carrierId: ids['carrier:Border Haulers Co.'], reason: 'x' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Ticket ${row!.id} is DELIVERED; its carrier cannot be changed`);
  });
});

describe('cancel and delete', () => {
  it('should let the owning supplier cancel a SUPPLIER_INVOICED ticket once', async () => {
    const [row] = await rows<{ id: number }>(sql`select id from tickets where status = 'SUPPLIER_INVOICED' limit 1`);
    expect((await call('supplier2', 'PATCH', `/api/tickets/cancel/${row!.id}`)).statusCode).toBe(404);
    const res = await call('supplier1', 'PATCH', `/api/tickets/cancel/${row!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().ticket.status.name).toBe('CANCELED');
    const again = await call('admin', 'PATCH', `/api/tickets/cancel/${row!.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Ticket ${row!.id} is CANCELED; it cannot be canceled`);
  });

  it('should refuse to cancel a PENDING ticket', async () => {
    const id = await pendingFor('Rápido Freight Lines');
    const res = await call('supplier1', 'PATCH', `/api/tickets/cancel/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('is PENDING');
  });

  it('should soft-delete a PENDING or CONFIRMED ticket of the owner and close its offer', async () => {
    const pending = await pendingFor('Rápido Freight Lines');
    const confirmed = await confirmedFor('Rápido Freight Lines', 'carrier1');
    expect((await call('supplier2', 'DELETE', `/api/tickets/${pending}`)).statusCode).toBe(404);
    // The delete rule offers a yard's confirmed ticket only once none of its tickets is pending: the other
    // pending tickets of the yard are taken away first (the rule itself: tickets-pass-delete.test.ts).
    await rows(sql`update tickets set deleted_at = now() where origin_depot_id = ${ids['depot:South Chicago Yard']!}
      and status = 'PENDING' and id <> ${pending} and deleted_at is null`);
    for (const id of [pending, confirmed]) {
      const res = await call('supplier1', 'DELETE', `/api/tickets/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, id });
      expect((await call('admin', 'GET', `/api/tickets/${id}`)).statusCode).toBe(404);
      expect((await call('supplier1', 'DELETE', `/api/tickets/${id}`)).statusCode).toBe(404);
    }
    const kept = await rows<{
      deleted: boolean;
      offer: string;
    }>(sql`select t.deleted_at is not null as deleted, a.status as offer
      from tickets t join ticket_assignments a on a.ticket_id = t.id where t.id = ${confirmed} order by a.id desc limit 1`);
    expect(kept).toEqual([{ deleted: true, offer: 'REJECTED' }]);
    const listed = (await call('admin', 'GET', '/api/tickets?limit=1000'))
      .json()
      .tickets.map((x: { id: number }) => x.id);
    expect(listed).not.toContain(pending);
  });

  it('should refuse to delete a ticket past CONFIRMED', async () => {
    const [row] = await rows<{ id: number }>(
      sql`select id from tickets where status = 'DELIVERED' and supplier_id = (select supplier_id from users where username = 'supplier1') limit 1`,
    );
    const res = await call('supplier1', 'DELETE', `/api/tickets/${row!.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Ticket ${row!.id} is DELIVERED; it cannot be deleted`);
  });
});

describe('PUT /api/tickets/{id}', () => {
  const put = (user: string, id: number, ticket: Record<string, unknown>) =>
    call(user, 'PUT', `/api/tickets/${id}`, { ticket });

  it('should let the customs agent of the crossing release a TA_INVOICED ticket and the admin deliver it', async () => {
    const [row] = await rows<{
      id: number;
    }>(sql`select t.id from tickets t join provider_invoices pi on pi.ticket_id = t.id
      where t.status = 'TA_INVOICED' and pi.border_crossing_id = ${ids['crossing:Eagle Pass – Piedras Negras']}`);
    const id = row!.id;
    expect((await put('customs2', id, { status: 'MX_TRANSIT' })).statusCode).toBe(404);
    const released = await put('customs1', id, { status: 'MX_TRANSIT' });
    expect(released.statusCode).toBe(200);
    expect(released.json().ticket.status.name).toBe('MX_TRANSIT');
    expect((await put('customs1', id, { status: 'MX_TRANSIT' })).json().message).toBe(
      `Ticket ${id} is MX_TRANSIT; it cannot be released at the border`,
    );
    expect((await put('customs1', id, { status: 'DELIVERED' })).statusCode).toBe(403);
    const delivered = await put('admin', id, { status: 'DELIVERED' });
    expect(delivered.json().ticket.status.name).toBe('DELIVERED');
    const audit = await rows<{ action: string; to_status: string }>(
      sql`select action, to_status from audit_log where entity_id = ${String(id)} order by id`,
    );
    expect(audit).toEqual([
      { action: 'release', to_status: 'MX_TRANSIT' },
      { action: 'deliver', to_status: 'DELIVERED' },
    ]);
  });

  it('should toggle the customs read flag for the agent of the crossing only', async () => {
    const [row] = await rows<{
      id: number;
    }>(sql`select t.id from tickets t join provider_invoices pi on pi.ticket_id = t.id
      where pi.border_crossing_id = ${ids['crossing:El Paso – Ciudad Juárez']}`);
    const id = row!.id;
    expect((await put('customs1', id, { customsRead: true })).statusCode).toBe(404);
    expect((await put('admin', id, { customsRead: true })).statusCode).toBe(403);
    expect((await put('customs2', id, { customsRead: true })).json().ticket.customsRead).toBe(true);
    expect((await put('customs2', id, { customsRead: false })).json().ticket.customsRead).toBe(false);
  });

  it('should refuse a body with nothing to change or another status', async () => {
    const [row] = await rows<{ id: number }>(
      sql`select id from tickets where status = 'PENDING' and deleted_at is null order by id limit 1`,
    );
    expect((await put('admin', row!.id, {})).statusCode).toBe(400);
    const other = await put('admin', row!.id, { status: 'CANCELED' });
    expect(other.statusCode).toBe(400);
    expect((await put('admin', row!.id, { status: 'DELIVERED' })).statusCode).toBe(409);
  });
});

describe('the read-only admin', () => {
  it('should get 403 on every write route', async () => {
    const [row] = await rows<{ id: number }>(
      sql`select id from tickets where status = 'PENDING' and deleted_at is null order by id limit 1`,
    );
    const id = row!.id;
    const writes: [Parameters<typeof call>[1], string, unknown][] = [
      ['POST', '/api/tickets', { ticket: { count: 1, originDepotId: ids['depot:South Chicago Yard'] } }],
      ['PUT', `/api/tickets/${id}/confirm`, { ticket: { withdrawalDate: slot(), timezone: TZ } }],
      ['PUT', `/api/tickets/${id}/decline`, { ticket: { reason: 'x' } }],
      ['PUT', `/api/tickets/${id}/manual`, { ticket: { carrierId: 1, reason: 'x' } }],
      ['PATCH', `/api/tickets/cancel/${id}`, undefined],
      ['DELETE', `/api/tickets/${id}`, undefined],
      ['PUT', `/api/tickets/${id}`, { ticket: { status: 'MX_TRANSIT' } }],
    ];
    for (const [method, url, payload] of writes) {
      const res = await call('adminro', method, url, payload);
      expect([method, url, res.statusCode]).toEqual([method, url, 403]);
    }
  });
});

describe('the counts after the transitions above', () => {
  it('should give each role as many tickets per status as its list holds, in the tiles and the pager', async () => {
    for (const user of ['admin', 'supplier1', 'supplier2', 'carrier1', 'carrier2', 'rail1', 'customs1']) {
      const counts = (await call(user, 'GET', '/api/tickets/count/states')).json<
        { status: string; total: number; oldestCount: number }[]
      >();
      for (const { status, total, oldestCount } of counts) {
        const res = await call(user, 'GET', `/api/tickets?statusName=${status}&limit=1000`);
        const body = res.json<{ tickets: { createAt: string }[]; count: number }>();
        const dayAgo = NOW.getTime() - 24 * 3_600_000;
        const old = body.tickets.filter((x) => Date.parse(x.createAt) < dayAgo).length;
        expect([user, status, total, oldestCount, body.count]).toEqual([
          user,
          status,
          body.tickets.length,
          old,
          body.tickets.length,
        ]);
      }
    }
  });
});
