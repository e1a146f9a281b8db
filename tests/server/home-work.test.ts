/**
 * What the homes' work sections ask the server beyond a status filter: the admin's invoices waiting for
 * a payment voucher (`unpaid=true`), within the caller's view and validated, and how long an offer
 * waits for its carrier (GET /configurations/offer-window).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';
import { providerInvoices } from '../../src/server/db/schema/documents';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
/** Tickets with a provider invoice: paid ones and unpaid ones, of both suppliers. */
const invoiced: { id: number; supplierId: number; paid: boolean }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'supplier1', 'supplier2', 'carrier1']) tokens[u] = await t.login(u);
  const [crossing] = await queryRows<{ id: number }>(t.database.db, sql`select min(id) as id from border_crossings`);
  const rows = await queryRows<{ id: number; supplier_id: number }>(
    t.database.db,
    sql`select id, supplier_id from tickets
      where status in ('TA_INVOICED', 'MX_TRANSIT', 'DELIVERED') and deleted_at is null order by id`,
  );
  expect(rows.length).toBeGreaterThanOrEqual(3);
  await t.database.db.insert(providerInvoices).values(
    rows.map((row, i) => {
      const paid = i % 2 === 1;
      invoiced.push({ id: row.id, supplierId: row.supplier_id, paid });
      return {
        ticketId: row.id,
        number: `TA-HW-${i}`,
        date: '2026-11-02',
        borderCrossingId: crossing!.id,
        ...(paid ? { paymentNumber: `PAY-${i}`, paymentDate: '2026-11-10' } : {}),
      };
    }),
  );
});
afterAll(async () => {
  await t.close();
});

const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[user]!) });
const PAYABLE = 'statusName=TA_INVOICED&statusName=MX_TRANSIT&statusName=DELIVERED';
const ids = (body: { tickets: { id: number }[] }) => body.tickets.map((ticket) => ticket.id).sort((a, b) => a - b);

describe('GET /api/tickets?unpaid=true', () => {
  it('should list exactly the tickets whose provider invoice has no payment voucher, with their count', async () => {
    const res = await get('admin', `/api/tickets?${PAYABLE}&unpaid=true&limit=100`);
    expect(res.statusCode).toBe(200);
    const unpaid = invoiced.filter((row) => !row.paid).map((row) => row.id);
    expect(ids(res.json())).toEqual(unpaid);
    expect(res.json().count).toBe(unpaid.length);
  });

  it('should count them on a one-ticket page as the admin tile asks', async () => {
    const res = await get('admin', `/api/tickets?${PAYABLE}&unpaid=true&limit=1`);
    expect(res.json().tickets).toHaveLength(1);
    expect(res.json().count).toBe(invoiced.filter((row) => !row.paid).length);
  });

  it("should keep to the caller's view", async () => {
    const [row] = await queryRows<{ supplier_id: number }>(
      t.database.db,
      sql`select supplier_id from users where username = 'supplier2'`,
    );
    const own = row!.supplier_id;
    const res = await get('supplier2', `/api/tickets?statusName=INVOICED&unpaid=true&limit=100`);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual(invoiced.filter((row) => !row.paid && row.supplierId === own).map((row) => row.id));
  });

  it('should refuse a flag that is not true or false with 400 naming it', async () => {
    const res = await get('admin', `/api/tickets?unpaid=maybe`);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.unpaid).toBe('Must be true or false');
  });
});

describe('GET /api/configurations/offer-window', () => {
  it("should tell a carrier the allocation setting's hours, as the admin last set them", async () => {
    const first = await get('carrier1', '/api/configurations/offer-window');
    expect(first.statusCode).toBe(200);
    const [row] = await queryRows<{ value: string }>(
      t.database.db,
      sql`select value from configuration_properties where key = 'ALLOCATION_FREQUENCY'`,
    );
    expect(first.json()).toEqual({ hours: Number(row!.value) });
    await t.database.db.execute(
      sql`update configuration_properties set value = '5' where key = 'ALLOCATION_FREQUENCY'`,
    );
    expect((await get('carrier1', '/api/configurations/offer-window')).json()).toEqual({ hours: 5 });
  });

  it('should answer 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/configurations/offer-window' });
    expect(res.statusCode).toBe(401);
  });
});
