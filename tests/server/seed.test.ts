import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';
import { seedDemo } from '../../src/server/seed/demo-seed';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedFiles: true });
});
afterAll(async () => {
  await t.close();
});

const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(t.app.db, query))[0]!.n;

describe('demo seed', () => {
  it('should cover every stored status and both carrier modes', async () => {
    const statuses = await queryRows<{ status: string }>(
      t.app.db,
      sql`select distinct status from tickets order by status`,
    );
    expect(statuses.map((s) => s.status)).toEqual([
      'CANCELED',
      'CONFIRMED',
      'DELIVERED',
      'MX_TRANSIT',
      'PENDING',
      'SUPPLIER_INVOICED',
      'TA_INVOICED',
    ]);
    expect(await count(sql`select count(distinct mode)::int as n from carriers`)).toBe(2);
    // Every carrier has an ended contract and its equipment; all but the one kept out of the allocation
    // have an active contract too.
    expect(await count(sql`select count(distinct carrier_id)::int as n from contracts where "to" < current_date`)).toBe(
      4,
    );
    expect(
      await count(
        sql`select count(distinct carrier_id)::int as n from contracts where current_date between "from" and "to"`,
      ),
    ).toBe(3);
    expect(await count(sql`select count(distinct carrier_id)::int as n from vehicles where active`)).toBe(4);
  });

  it('should give every ticket past CONFIRMED its documentation with four PDFs and two photos', async () => {
    const docs = await queryRows<{ ticket_id: number; pdfs: number; photos: number }>(
      t.app.db,
      sql`select d.ticket_id,
            count(*) filter (where f.kind <> 'photo')::int as pdfs,
            count(*) filter (where f.kind = 'photo')::int as photos
          from shipping_documents d join document_files f on f.document_id = d.id
          group by d.ticket_id`,
    );
    const expected = await count(
      sql`select count(*)::int as n from tickets where status not in ('PENDING', 'CONFIRMED')`,
    );
    expect(docs).toHaveLength(expected);
    for (const doc of docs) expect([doc.pdfs, doc.photos]).toEqual([4, 2]);
    expect(
      await count(
        sql`select count(*)::int as n from shipping_documents where mode = 'RAILCAR' and waybill is not null`,
      ),
    ).toBeGreaterThanOrEqual(1);
  });

  it('should store real files a client can download', async () => {
    const token = await t.login('admin');
    const [file] = await queryRows<{ key: string; name: string }>(
      t.app.db,
      sql`select f.key, f.name from files f join document_files d on d.file_id = f.id where d.kind = 'salesInvoice' limit 1`,
    );
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/download',
      headers: bearer(token),
      payload: { key: file!.key, name: file!.name },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('should give provider invoices to TA_INVOICED, MX_TRANSIT and DELIVERED tickets, paid when delivered', async () => {
    const rows = await queryRows<{ status: string; number: string; payment_number: string | null }>(
      t.app.db,
      sql`select t.status, p.number, p.payment_number from tickets t join provider_invoices p on p.ticket_id = t.id order by t.id`,
    );
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['DELIVERED', 'MX_TRANSIT', 'TA_INVOICED']));
    expect(rows).toHaveLength(
      await count(
        sql`select count(*)::int as n from tickets where status in ('TA_INVOICED', 'MX_TRANSIT', 'DELIVERED')`,
      ),
    );
    for (const row of rows.filter((r) => r.status === 'DELIVERED')) expect(row.payment_number).toMatch(/^PV-/);
  });

  it('should close several accounting periods and leave an open one with invoices waiting', async () => {
    expect(await count(sql`select count(*)::int as n from rpas where invoice_qty > 0`)).toBeGreaterThanOrEqual(3);
    expect(
      await count(
        sql`select count(*)::int as n from rpas r where invoice_qty <> (select count(*) from provider_invoices p where p.rpa_id = r.id)`,
      ),
    ).toBe(0);
    // Each period starts one second after the previous one ends.
    expect(
      await count(
        sql`select count(*)::int as n from rpas r join rpas p on p.id = r.id - 1 where r."from" <> p."to" + interval '1 second'`,
      ),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from provider_invoices where rpa_id is null`)).toBeGreaterThan(0);
  });

  it('should price delivered trips by contract, leaving one without a contract for the admin to fix', async () => {
    const admin = await t.login('admin');
    const res = await t.app.inject({ method: 'GET', url: '/api/evouchers?limit=100', headers: bearer(admin) });
    const { evouchers } = res.json<{ evouchers: { contract: unknown }[] }>();
    expect(evouchers.filter((e) => e.contract !== null).length).toBeGreaterThanOrEqual(6);
    expect(evouchers.filter((e) => e.contract === null).length).toBeGreaterThanOrEqual(1);
  });

  it('should reserve the documented tonnes against the purchase orders', async () => {
    const rows = await queryRows<{ reserved: string; consumed: string }>(
      t.app.db,
      sql`select (select sum(reserved_tonnes) from shipping_documents)::text as reserved,
                 (select sum(quantity - available_quantity) from purchase_orders)::text as consumed`,
    );
    expect(Number(rows[0]!.reserved)).toBeGreaterThan(0);
    expect(rows[0]!.reserved).toBe(rows[0]!.consumed);
  });

  it('should do nothing when run again', async () => {
    const before = await count(sql`select count(*)::int as n from tickets`);
    await seedDemo(t.app.db, undefined, t.app.files);
    expect(await count(sql`select count(*)::int as n from tickets`)).toBe(before);
    expect(await count(sql`select count(*)::int as n from users`)).toBe(9);
  });
});
