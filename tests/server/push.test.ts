import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';
import { earliestSlot } from '../../src/shared/domain/withdrawal';
import { insertTicket, type SeedIds } from '../fixtures/portal-data';
import { startFcmStandIn, type FcmStandIn } from './helpers/fcm-stand-in';
import { bearer, type TestApp } from './helpers/test-app';
import { openSeededApp, type SeededApp } from './helpers/seeded-app';

const TZ = 360;
let fcm: FcmStandIn;
let t: TestApp;
let ids: SeedIds;
let token: SeededApp['token'];
const userIds: Record<string, number> = {};

beforeAll(async () => {
  fcm = await startFcmStandIn();
  ({ t, ids, token } = await openSeededApp({
    config: { jobsEnabled: true, firebaseCredentials: fcm.serviceAccountJson, fcmEndpoint: fcm.url },
  }));
  for (const u of ['admin', 'supplier1', 'carrier1']) {
    const [row] = await queryRows<{ id: number }>(t.app.db, sql`select id from users where username = ${u}`);
    userIds[u] = Number(row!.id);
  }
});
afterAll(async () => {
  await t?.close();
  await fcm?.close();
});

const call = (user: string, method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: bearer(token(user)), payload: payload as object });

const register = async (user: string, token: string) =>
  expect((await call(user, 'PUT', `/api/users/${userIds[user]}/firebaseToken`, { token })).statusCode).toBe(200);

/** A ticket of supplier1 offered to and then confirmed by carrier1 (Rápido Freight Lines). */
async function confirmedByCarrier1(): Promise<number> {
  const created = await call('supplier1', 'POST', '/api/tickets', {
    ticket: { count: 1, originDepotId: ids.chicagoYard },
  });
  const id = created.json().tickets[0].id as number;
  expect(
    (await call('admin', 'PUT', `/api/tickets/${id}/manual`, { ticket: { carrierId: ids.rapido, reason: 'test' } }))
      .statusCode,
  ).toBe(200);
  const res = await call('carrier1', 'PUT', `/api/tickets/${id}/confirm`, {
    ticket: { withdrawalDate: earliestSlot(new Date(), TZ).instant.toISOString(), timezone: TZ },
  });
  expect(res.statusCode).toBe(200);
  return id;
}

const tokensOf = async (user: string) =>
  (
    await queryRows<{ token: string }>(
      t.app.db,
      sql`select token from firebase_tokens where user_id = ${userIds[user]!} order by token`,
    )
  ).map((r) => r.token);

describe('push through Firebase Cloud Messaging', () => {
  it("should send one message to the supplier's registered token when a carrier confirms", async () => {
    await register('supplier1', 'device-supplier1-a');
    const id = await confirmedByCarrier1();
    const confirmed = () =>
      fcm.messages.filter(
        (m) => m.token === 'device-supplier1-a' && m.data?.title === 'confirmed' && m.data.ticketNumber === String(id),
      );
    await expect.poll(() => confirmed().length).toBe(1);
    expect(confirmed()[0]).toMatchObject({
      token: 'device-supplier1-a',
      notification: { title: 'Ticket confirmed', body: `Trip ID ${id}` },
      data: {
        title: 'confirmed',
        ticketNumber: String(id),
        supplierName: 'Midwest Scrap Recycling LLC',
        carrierName: 'Rápido Freight Lines',
      },
    });
    // Delivered once: the worker's later runs (which deliver the next ticket's push) send nothing again.
    const next = await confirmedByCarrier1();
    await expect
      .poll(() => fcm.messages.some((m) => m.token === 'device-supplier1-a' && m.data?.ticketNumber === String(next)))
      .toBe(true);
    expect(confirmed()).toHaveLength(1);
    expect(fcm.tokensIssued).toBeGreaterThanOrEqual(1);
  });

  it('should remove a token that FCM answers UNREGISTERED and keep the others', async () => {
    await register('supplier1', 'device-supplier1-dead');
    await register('supplier1', 'device-supplier1-live');
    fcm.unregister('device-supplier1-dead');
    const id = await confirmedByCarrier1();
    await expect.poll(() => tokensOf('supplier1')).not.toContain('device-supplier1-dead');
    expect(fcm.refused).toContain('device-supplier1-dead');
    expect(await tokensOf('supplier1')).toContain('device-supplier1-live');
    await expect
      .poll(() => fcm.messages.some((m) => m.token === 'device-supplier1-live' && m.data?.ticketNumber === String(id)))
      .toBe(true);
  });

  it('should name the provider (customs agent) of an invoiced ticket, as the notification says who invoiced', async () => {
    await register('supplier1', 'device-supplier1-provider');
    const id = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.rapido,
      originDepotId: ids.chicagoYard,
      status: 'TA_INVOICED',
    });
    // Laredo belongs to Aduanas del Norte; the rows are what the invoice service writes.
    await t.app.db.execute(sql`insert into provider_invoices (ticket_id, number, date, border_crossing_id)
      values (${id}, ${`TA-${id}`}, '2026-11-20', ${ids.laredo})`);
    const payload = {
      title: 'invoiced',
      ticketNumber: id,
      supplierName: 'Midwest Scrap Recycling LLC',
      carrierName: 'Rápido Freight Lines',
    };
    await t.app.db.execute(
      sql`insert into events (type, ticket_id, payload) values ('Ticket invoiced', ${id}, ${JSON.stringify(payload)}::jsonb)`,
    );
    const sent = () =>
      fcm.messages.find((m) => m.token === 'device-supplier1-provider' && m.data?.ticketNumber === String(id));
    await expect.poll(() => sent()?.data).toMatchObject({ title: 'invoiced', providerName: 'Aduanas del Norte' });
    expect(sent()?.notification).toEqual({ title: 'Ticket invoiced', body: `Trip ID ${id}` });
  });
});
