import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';
import { earliestSlot } from '../../src/shared/domain/withdrawal';
import { insertTicket, type SeedIds } from '../fixtures/portal-data';
import { MAX_STREAMS_PER_USER } from '../../src/server/plugins/events';
import { bearer, type TestApp } from './helpers/test-app';
import { EventStream as Stream } from './helpers/event-stream';
import { openSeededApp, type SeededApp } from './helpers/seeded-app';

const TZ = 360;
let t: TestApp;
let base: string;
let ids: SeedIds;
let token: SeededApp['token'];
beforeAll(async () => {
  ({ t, ids, token } = await openSeededApp({
    config: { jobsEnabled: true },
  }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t.close();
});

const call = (user: string, method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: bearer(token(user)), payload: payload as object });

/** A PENDING ticket of supplier1 offered to carrier1 (Rápido Freight Lines). */
async function pendingForCarrier1(): Promise<number> {
  const created = await call('supplier1', 'POST', '/api/tickets', {
    ticket: { count: 1, originDepotId: ids.chicagoYard },
  });
  const id = created.json().tickets[0].id as number;
  expect(
    (await call('admin', 'PUT', `/api/tickets/${id}/manual`, { ticket: { carrierId: ids.rapido, reason: 'test' } }))
      .statusCode,
  ).toBe(200);
  return id;
}

const confirm = (id: number) =>
  call('carrier1', 'PUT', `/api/tickets/${id}/confirm`, {
    ticket: { withdrawalDate: earliestSlot(new Date(), TZ).instant.toISOString(), timezone: TZ },
  });

/**
 * A TA-invoiced ticket at `crossingId` and its 'Ticket invoiced' event, written straight in the database as
 * the invoice service would.
 */
async function invoicedAt(crossingId: number): Promise<number> {
  const id = await insertTicket(t.app.db, {
    supplierId: ids.midwest,
    carrierId: ids.rapido,
    originDepotId: ids.chicagoYard,
    status: 'TA_INVOICED',
  });
  await t.app.db.execute(sql`insert into provider_invoices (ticket_id, number, date, border_crossing_id)
    values (${id}, ${`TA-${id}`}, '2026-11-20', ${crossingId})`);
  const payload = {
    title: 'invoiced',
    ticketNumber: id,
    supplierName: 'Midwest Scrap Recycling LLC',
    carrierName: 'Rápido Freight Lines',
  };
  await t.app.db.execute(
    sql`insert into events (type, ticket_id, payload) values ('Ticket invoiced', ${id}, ${JSON.stringify(payload)}::jsonb)`,
  );
  return id;
}

const confirmedOf = (id: number) => (d: Record<string, unknown>) => d.title === 'confirmed' && d.ticketNumber === id;

describe('GET /api/events', () => {
  it('should answer 401 without a token, with a forged ticket, a token in the address, or a bad bearer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/events' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/events?ticket=not-a-ticket' })).statusCode).toBe(401);
    // The session token itself never opens the stream from the address (logs and history keep addresses).
    const session = encodeURIComponent(token('supplier1'));
    expect((await t.app.inject({ method: 'GET', url: `/api/events?token=${session}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/events?ticket=${session}` })).statusCode).toBe(401);
    // A ticket is asked for with a session.
    expect((await t.app.inject({ method: 'POST', url: '/api/events/ticket' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/events', headers: { authorization: 'Bearer nope' } })).statusCode,
    ).toBe(401);
  });

  it('should open a text/event-stream with retry 5000, keeping the security headers', async () => {
    const stream = await Stream.open(base, token('supplier1'));
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');
      expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(stream.response.headers.get('content-security-policy')).toContain("connect-src 'self'");
      await expect.poll(() => stream.retry).toBe(5000);
    } finally {
      stream.close();
    }
  });

  it("should send a carrier's confirm to the supplier's open stream within seconds, and not to another supplier", async () => {
    const mine = await Stream.open(base, token('supplier1'), 'ticket');
    const theirs = await Stream.open(base, token('supplier2'), 'header');
    try {
      const id = await pendingForCarrier1();
      expect((await confirm(id)).statusCode).toBe(200);
      const data = await mine.ticket(confirmedOf(id), 5000);
      expect(data).toEqual({
        eventId: expect.any(Number),
        type: 'Ticket confirmed',
        title: 'confirmed',
        ticketNumber: id,
        supplierName: 'Midwest Scrap Recycling LLC',
        carrierName: 'Rápido Freight Lines',
        // The carrier's own tabs skip the toast of what the carrier just did (isOwnAction).
        actorId: (await queryRows<{ id: number }>(t.app.db, sql`select id from users where username = 'carrier1'`))[0]!
          .id,
      });
      // The new-ticket event of the same ticket went out earlier, in order.
      expect(mine.tickets().some((d) => d.title === 'new' && d.ticketNumber === id)).toBe(true);
      // Events go out in order: once a later event of supplier2's own reached their stream, the confirm
      // would have arrived before it had it been sent there.
      const later = await call('supplier2', 'POST', '/api/tickets', {
        ticket: { count: 1, originDepotId: ids.sanAntonioYard },
      });
      const laterId = later.json().tickets[0].id as number;
      await theirs.ticket((d) => d.title === 'new' && d.ticketNumber === laterId);
      expect(theirs.tickets().filter((d) => d.ticketNumber === id)).toEqual([]);
      const [row] = await queryRows<{ delivered: boolean }>(
        t.app.db,
        sql`select delivered_at is not null as delivered from events where ticket_id = ${id} and type = 'Ticket confirmed'`,
      );
      expect(row?.delivered).toBe(true);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('should send the event to the carrier and to every admin stream as well', async () => {
    const carrier = await Stream.open(base, token('carrier1'));
    const admin = await Stream.open(base, token('admin'));
    try {
      const id = await pendingForCarrier1();
      expect((await confirm(id)).statusCode).toBe(200);
      await carrier.ticket(confirmedOf(id));
      await admin.ticket(confirmedOf(id));
    } finally {
      carrier.close();
      admin.close();
    }
  });

  it("should send an invoiced ticket to the customs users of its crossing, naming the provider, and not to another agent's", async () => {
    const agent = await Stream.open(base, token('customs1'));
    const other = await Stream.open(base, token('customs2'));
    try {
      // Laredo belongs to customs1's agent (Aduanas del Norte).
      const id = await invoicedAt(ids.laredo);
      // Written outside a request, as a background job would: the worker's floor poll finds it.
      expect(await agent.ticket((d) => d.ticketNumber === id, 10_000)).toMatchObject({
        type: 'Ticket invoiced',
        title: 'invoiced',
        providerName: 'Aduanas del Norte',
      });
      // A later invoiced ticket at customs2's own crossing reaches their stream; the first one, delivered
      // in order before it, did not.
      const laterId = await invoicedAt(ids.elPaso);
      await other.ticket((d) => d.ticketNumber === laterId, 10_000);
      expect(other.tickets().filter((d) => d.ticketNumber === id)).toEqual([]);
    } finally {
      agent.close();
      other.close();
    }
  });

  it(`should close a user's oldest stream when they open more than ${MAX_STREAMS_PER_USER}, and keep the newer ones live`, async () => {
    const streams: Stream[] = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await Stream.open(base, token('supplier1')));
      for (const s of streams) await expect.poll(() => s.retry).toBe(5000);
      expect(streams.some((s) => s.ended)).toBe(false);
      streams.push(await Stream.open(base, token('supplier1')));
      expect(streams.at(-1)!.response.status).toBe(200);
      await expect.poll(() => streams[0]!.ended).toBe(true);
      const created = await call('supplier1', 'POST', '/api/tickets', {
        ticket: { count: 1, originDepotId: ids.chicagoYard },
      });
      const id = created.json().tickets[0].id as number;
      for (const s of streams.slice(1)) await s.ticket((d) => d.title === 'new' && d.ticketNumber === id);
      expect(streams.slice(1).some((s) => s.ended)).toBe(false);
      // Another user's streams are counted apart: supplier2 still opens one.
      const theirs = await Stream.open(base, token('supplier2'));
      streams.push(theirs);
      await expect.poll(() => theirs.retry).toBe(5000);
      expect(streams.slice(1).some((s) => s.ended)).toBe(false);
    } finally {
      for (const s of streams) s.close();
    }
  });
});
