import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { queryRows } from '../../src/server/db/database';
import type { EvoucherView } from '../../src/shared/schemas/evoucher';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ seedFiles: true });
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const list = async (query: string, token = admin) => {
  const res = await get(`/api/evouchers${query}`, token);
  expect(res.statusCode).toBe(200);
  return res.json<{ evouchers: EvoucherView[]; count: number }>();
};
const carrierOf = async (username: string) =>
  (await queryRows<{ id: number }>(t.app.db, sql`select carrier_id as id from users where username = ${username}`))[0]!
    .id;
/** The text a reader of the PDF sees (pdf.js's extraction), whitespace as single spaces. */
const pdfText = async (pdf: Buffer) => {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
};
const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;

describe('e-voucher list', () => {
  it('should list every DELIVERED trip to an admin with the contract that applied, newest delivery first', async () => {
    const delivered = (
      await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from tickets where status = 'DELIVERED'`)
    )[0]!.n;
    const { evouchers, count } = await list('?limit=100');
    expect(count).toBe(delivered);
    expect(evouchers).toHaveLength(delivered);
    expect(evouchers.map((e) => e.deliveredAt)).toEqual([...evouchers.map((e) => e.deliveredAt)].sort().reverse());
    const priced = evouchers.find((e) => e.contract !== null)!;
    expect(priced).toMatchObject({
      ticketId: expect.any(Number),
      carrier: {
        id: expect.any(Number),
        businessName: expect.any(String),
        mode: expect.stringMatching(/^(TRUCK|RAILCAR)$/),
      },
      origin: { name: expect.any(String) },
      equipment: expect.any(String),
      netWeight: expect.stringMatching(/^\d+\.\d{2}$/),
      amount: priced.contract!.price,
    });
    // The contract covers the withdrawal day.
    const day = priced.withdrawalDate!.slice(0, 10);
    expect(priced.contract!.from <= day && day <= priced.contract!.to).toBe(true);
    const unpriced = evouchers.filter((e) => e.contract === null);
    expect(unpriced.length).toBeGreaterThan(0);
    expect(unpriced[0]!.amount).toBeNull();
  });

  it('should price a trip by the contract active on its withdrawal date even when that contract has ended', async () => {
    const { evouchers } = await list('?limit=100');
    const ended = evouchers.find((e) => e.contract !== null && e.contract.to < new Date().toISOString().slice(0, 10));
    expect(ended).toBeDefined();
  });

  it('should filter by carrier and delivery dates and page', async () => {
    const rapido = await carrierOf('carrier1');
    const all = (await list('?limit=100')).evouchers;
    const mine = await list(`?carrierId=${rapido}&limit=100`);
    expect(mine.evouchers.map((e) => e.ticketId)).toEqual(
      all.filter((e) => e.carrier.id === rapido).map((e) => e.ticketId),
    );
    const day = all[2]!.deliveredAt.slice(0, 10);
    const onDay = await list(`?from=${day}&to=${day}&limit=100`);
    expect(onDay.evouchers.map((e) => e.ticketId)).toEqual(
      all.filter((e) => e.deliveredAt.startsWith(day)).map((e) => e.ticketId),
    );
    const second = await list('?page=2&limit=2');
    expect(second.evouchers.map((e) => e.ticketId)).toEqual(all.slice(2, 4).map((e) => e.ticketId));
    const bad = await get('/api/evouchers?from=2026-03-02&to=2026-03-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The end date cannot be before the start date');
  });

  it('should show a carrier only its own priced trips, whatever carrierId it sends', async () => {
    const token = await t.login('carrier1');
    const rapido = await carrierOf('carrier1');
    const { evouchers, count } = await list('?limit=100', token);
    const expected = (await list(`?carrierId=${rapido}&limit=100`)).evouchers.filter((e) => e.contract !== null);
    expect(evouchers.map((e) => e.ticketId)).toEqual(expected.map((e) => e.ticketId));
    expect(count).toBe(expected.length);
    expect(count).toBeGreaterThan(0);
    const other = await carrierOf('carrier2');
    expect(await list(`?carrierId=${other}`, token)).toEqual({ evouchers: [], count: 0 });
  });

  it('should answer 403 to suppliers and customs agents and let ADMINRO read', async () => {
    for (const user of ['supplier1', 'customs1']) {
      const token = await t.login(user);
      expect((await get('/api/evouchers', token)).statusCode).toBe(403);
    }
    expect((await get('/api/evouchers', await t.login('adminro'))).statusCode).toBe(200);
  });
});

describe('e-voucher PDF', () => {
  it('should give a one-page PDF named after the trip', async () => {
    const [voucher] = (await list('')).evouchers;
    const res = await get(`/api/evouchers/${voucher!.ticketId}/pdf?lang=es`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="tripID-${voucher!.ticketId}-evoucher-${voucher!.deliveredAt.slice(0, 10)}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(res.rawPayload)).toBe(1);
    expect(res.rawPayload.toString('latin1')).toContain('%%EOF');
  });

  it("should let a carrier download its own voucher and answer 404 for another carrier's, an undelivered or unknown trip", async () => {
    const token = await t.login('carrier1');
    const own = (await list('', token)).evouchers[0]!;
    const res = await get(`/api/evouchers/${own.ticketId}/pdf`, token);
    expect(res.statusCode).toBe(200);
    expect(pages(res.rawPayload)).toBe(1);
    const rapido = await carrierOf('carrier1');
    const foreign = (await list('?limit=100')).evouchers.find((e) => e.carrier.id !== rapido)!;
    const [pending] = await queryRows<{ id: number }>(
      t.app.db,
      sql`select id from tickets where status = 'PENDING' and carrier_id = ${rapido} limit 1`,
    );
    for (const id of [foreign.ticketId, pending!.id, 999999]) {
      const refused = await get(`/api/evouchers/${id}/pdf`, token);
      expect(refused.statusCode, String(id)).toBe(404);
      expect(refused.json().message).toBe('E-voucher not found');
    }
    expect((await get('/api/evouchers/abc/pdf', token)).statusCode).toBe(404);
  });

  it('should give admins the voucher of a trip without contract, and hide it from its carrier', async () => {
    const unpriced = (await list('?limit=100')).evouchers.find((e) => e.contract === null)!;
    const res = await get(`/api/evouchers/${unpriced.ticketId}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(pages(res.rawPayload)).toBe(1);
    const owner = (
      await queryRows<{ username: string }>(
        t.app.db,
        sql`select username from users where carrier_id = ${unpriced.carrier.id} limit 1`,
      )
    )[0];
    if (owner)
      expect((await get(`/api/evouchers/${unpriced.ticketId}/pdf`, await t.login(owner.username))).statusCode).toBe(
        404,
      );
  });

  it('should answer 403 to a supplier', async () => {
    const [voucher] = (await list('')).evouchers;
    expect((await get(`/api/evouchers/${voucher!.ticketId}/pdf`, await t.login('supplier1'))).statusCode).toBe(403);
  });

  it('should print the amount in US dollars and the pickup time in the reader time zone, named', async () => {
    const voucher = (await list('?limit=100')).evouchers.find((e) => e.contract !== null && e.withdrawalDate)!;
    const res = await get(`/api/evouchers/${voucher.ticketId}/pdf?lang=es&tz=America/Mexico_City`);
    const text = await pdfText(res.rawPayload);
    const price = Number(voucher.amount).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(text).toContain(`US$${price}`);
    const pickup = new Date(voucher.withdrawalDate!);
    const local = new Date(pickup.getTime() - 6 * 3_600_000); // Mexico City keeps UTC-6 all year
    expect(text).toMatch(
      new RegExp(`Fecha de retiro ${local.getUTCDate()} [a-z]{3,4}\\.?[ ,0-9]*, \\d{1,2}:\\d{2} [ap]\\.\\s?m\\. GMT−6`),
    );
  });

  it('should answer 400 for a time zone that is not one', async () => {
    const [voucher] = (await list('')).evouchers;
    const res = await get(`/api/evouchers/${voucher!.ticketId}/pdf?tz=Mars/Olympus`);
    expect(res.statusCode).toBe(400);
  });

  it('should print names in any Latin script exactly as they are stored', async () => {
    const voucher = (await list('?limit=100')).evouchers.find((e) => e.contract !== null)!;
    await t.app.db.execute(sql`update carriers set business_name = 'Łódź Transport' where id = ${voucher.carrier.id}`);
    await t.app.db.execute(sql`update suppliers set business_name = 'Ñandú Metales' where id = ${voucher.supplier.id}`);
    await t.app.db.execute(sql`update depots set name = 'Patio Şık' where id = ${voucher.origin.id}`);
    const res = await get(`/api/evouchers/${voucher.ticketId}/pdf`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Łódź Transport');
    expect(text).toContain('Ñandú Metales');
    expect(text).toContain('Patio Şık');
  });
});
