import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';
import { zipEntries } from '../fixtures/zip-entries';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

interface Rpa {
  id: number | null;
  from: string;
  to: string;
  invoiceQty: number;
}

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ seedFiles: true });
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

const unbatched = async () =>
  (
    await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from provider_invoices where rpa_id is null`)
  )[0]!.n;
const list = async (query = '', token = admin) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/rpa${query}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<{ rpas: Rpa[]; count: number }>();
};
const create = (rpa: Record<string, unknown>, token = admin) =>
  t.app.inject({ method: 'POST', url: '/api/rpa', headers: bearer(token), payload: { rpa } });
const closedBatch = async () => (await list()).rpas.find((r) => r.id !== null && r.invoiceQty > 0)!;

describe('RPA list', () => {
  it('should show the open period first with To = NOW and the invoices not yet batched, then the batches newest first', async () => {
    const { rpas, count } = await list();
    expect(rpas[0]).toEqual({
      id: null,
      from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/),
      to: 'NOW',
      invoiceQty: await unbatched(),
    });
    expect(rpas[0]!.invoiceQty).toBeGreaterThan(0);
    const closed = rpas.slice(1);
    expect(closed.length).toBe(count);
    expect(count).toBeGreaterThanOrEqual(3);
    expect(closed.map((r) => r.id)).toEqual([...closed.map((r) => r.id)].sort((a, b) => b! - a!));
    // The open period starts one second after the newest batch ends.
    expect(Date.parse(rpas[0]!.from)).toBe(Date.parse(closed[0]!.to) + 1000);
  });

  it('should page the batches and find one by id or by a day of its period', async () => {
    const all = (await list()).rpas.slice(1);
    const second = await list('?page=2&limit=1');
    expect(second.rpas).toEqual([all[1]]);
    const byId = await list(`?rpaId=${all[1]!.id}`);
    expect(byId).toEqual({ rpas: [all[1]], count: 1 });
    const day = all[1]!.to.slice(0, 10);
    expect((await list(`?date=${day}`)).rpas.map((r) => r.id)).toContain(all[1]!.id);
    expect(await list('?date=2020-01-01')).toEqual({ rpas: [], count: 0 });
    const bad = await t.app.inject({ method: 'GET', url: '/api/rpa?date=2026-02-30', headers: bearer(admin) });
    expect(bad.statusCode).toBe(400);
  });

  it('should answer one batch by id and 404 for an unknown one', async () => {
    const batch = await closedBatch();
    const res = await t.app.inject({ method: 'GET', url: `/api/rpa/${batch.id}`, headers: bearer(admin) });
    expect(res.json()).toEqual({ rpa: batch });
    const missing = await t.app.inject({ method: 'GET', url: '/api/rpa/999999', headers: bearer(admin) });
    expect(missing.statusCode).toBe(404);
  });
});

describe('RPA exports', () => {
  it('should stream the batch as an .xlsx with one row per provider invoice and the ERP columns', async () => {
    const batch = await closedBatch();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/data-sap/excel?rpaId=${batch.id}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="RPA-${batch.id}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(batch.invoiceQty + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(
      expect.arrayContaining([
        'Trip ID',
        'Supplier',
        'Carrier',
        'Material',
        'Purchase order',
        'Net weight (lbs)',
        'Supplier invoice amount',
        'TA invoice number',
        'TA invoice date',
        'Border crossing',
        'Payment number',
        'Payment date',
      ]),
    );
    const invoices = await queryRows<{ ticketId: number; number: string }>(
      t.app.db,
      sql`
      select ticket_id as "ticketId", number from provider_invoices where rpa_id = ${batch.id} order by id`,
    );
    const tripCol = header.indexOf('Trip ID') + 1;
    const numberCol = header.indexOf('TA invoice number') + 1;
    const rows = invoices.map((_, i) => sheet.getRow(i + 2));
    expect(rows.map((r) => r.getCell(tripCol).value)).toEqual(invoices.map((i) => i.ticketId));
    expect(rows.map((r) => r.getCell(numberCol).value)).toEqual(invoices.map((i) => i.number));
    expect(typeof rows[0]!.getCell(header.indexOf('Net weight (lbs)') + 1).value).toBe('number');
  });

  it('should write dates as date cells and amounts as number cells whose format names US dollars', async () => {
    const batch = await closedBatch();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/data-sap/excel?rpaId=${batch.id}`,
      headers: bearer(admin),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const [first] = await queryRows<{ date: string; amount: string }>(
      t.app.db,
      sql`
      select pi.date::text as date, sd.invoice_amount::text as amount
      from provider_invoices pi join shipping_documents sd on sd.ticket_id = pi.ticket_id
      where pi.rpa_id = ${batch.id} order by pi.id limit 1`,
    );
    const row = sheet.getRow(2);
    const taDate = row.getCell(header.indexOf('TA invoice date') + 1);
    expect(taDate.type).toBe(ExcelJS.ValueType.Date);
    expect((taDate.value as Date).toISOString().slice(0, 10)).toBe(first!.date);
    // The month is named, so the day cannot be read as 11/26 or 26/11.
    expect(taDate.numFmt).toBe('mmm d, yyyy');
    const amount = row.getCell(header.indexOf('Supplier invoice amount') + 1);
    expect(amount.type).toBe(ExcelJS.ValueType.Number);
    expect(amount.value).toBe(Number(first!.amount));
    expect(amount.numFmt).toBe('"US$"#,##0.00;-"US$"#,##0.00');
    for (const name of ['Supplier invoice date', 'Payment date']) {
      const cell = row.getCell(header.indexOf(name) + 1);
      if (cell.value !== null) expect(cell.type, name).toBe(ExcelJS.ValueType.Date);
    }
  });

  it('should stream a zip of the batch invoice PDFs named as downloads are', async () => {
    const batch = await closedBatch();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tickets/pdf?rpaId=${batch.id}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = zipEntries(res.rawPayload);
    const tickets = await queryRows<{ ticketId: number }>(
      t.app.db,
      sql`select ticket_id as "ticketId" from provider_invoices where rpa_id = ${batch.id} order by id`,
    );
    expect(entries.map((e) => e.name.replace(/-\d{4}-\d{2}-\d{2}\.pdf$/, ''))).toEqual(
      tickets.map((x) => `tripID-${x.ticketId}-invoice`),
    );
    for (const entry of entries) {
      expect(entry.name).toMatch(/^tripID-\d+-invoice-\d{4}-\d{2}-\d{2}\.pdf$/);
      expect(entry.data.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const expected = Number(res.headers['x-expected-bytes']);
    expect(expected).toBeGreaterThanOrEqual(res.rawPayload.length);
    expect(expected).toBeLessThan(res.rawPayload.length * 1.2);
  });

  it('should answer 404 for an unknown batch and 400 for a missing id', async () => {
    for (const url of ['/api/data-sap/excel?rpaId=999999', '/api/tickets/pdf?rpaId=999999']) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(admin) })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/tickets/pdf', headers: bearer(admin) })).statusCode).toBe(
      400,
    );
  });
});

describe('RPA permissions', () => {
  it('should let ADMINRO read and download but answer 403 to its create', async () => {
    const ro = await t.login('adminro');
    const { rpas } = await list('', ro);
    const batch = rpas.find((r) => r.id !== null)!;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/data-sap/excel?rpaId=${batch.id}`, headers: bearer(ro) }))
        .statusCode,
    ).toBe(200);
    const res = await create({ from: rpas[0]!.from, to: 'NOW', invoiceQty: rpas[0]!.invoiceQty }, ro);
    expect(res.statusCode).toBe(403);
    expect(await unbatched()).toBe(rpas[0]!.invoiceQty);
  });

  it('should answer 403 to roles the accounting screens are not for and 401 without a token', async () => {
    for (const user of ['supplier1', 'carrier1', 'customs1']) {
      const token = await t.login(user);
      for (const url of ['/api/rpa', '/api/rpa/1', '/api/data-sap/excel?rpaId=1', '/api/tickets/pdf?rpaId=1']) {
        expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode, `${user} ${url}`).toBe(
          403,
        );
      }
      expect((await create({ from: '2021-12-10T00:00:00Z', invoiceQty: 1 }, token)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/rpa' })).statusCode).toBe(401);
  });
});

describe('RPA create', () => {
  it('should close the open period at now with its invoices, the next period starting one second later', async () => {
    const before = (await list()).rpas[0]!;
    const waiting = await unbatched();
    const startedAt = Date.now();
    const res = await create({ from: before.from, to: 'NOW', invoiceQty: before.invoiceQty });
    expect(res.statusCode).toBe(201);
    const { rpa } = res.json<{ rpa: Rpa }>();
    expect(rpa).toEqual({ id: expect.any(Number), from: before.from, to: expect.any(String), invoiceQty: waiting });
    // Closed at the server's now, in whole seconds.
    expect(Date.parse(rpa.to)).toBeGreaterThanOrEqual(Math.floor(startedAt / 1000) * 1000 - 1000);
    expect(Date.parse(rpa.to)).toBeLessThanOrEqual(Date.now());
    expect(rpa.to).toMatch(/:\d{2}\.000Z$/);
    expect(await unbatched()).toBe(0);
    const after = await list();
    expect(after.rpas[0]).toEqual({
      id: null,
      from: new Date(Date.parse(rpa.to) + 1000).toISOString(),
      to: 'NOW',
      invoiceQty: 0,
    });
    expect(after.rpas[1]).toEqual(rpa);
    // Its invoices are locked for correction now.
    const [invoice] = await queryRows<{ id: number }>(
      t.app.db,
      sql`select id from provider_invoices where rpa_id = ${rpa.id} limit 1`,
    );
    const ticket = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${(await queryRows<{ t: number }>(t.app.db, sql`select ticket_id as t from provider_invoices where id = ${invoice!.id}`))[0]!.t}/ticket`,
      headers: bearer(admin),
    });
    expect(ticket.json().invoices[0].rpa).toEqual({ id: rpa.id });
  });

  it("should refuse an empty period with 'No invoices to generate RPA'", async () => {
    const open = (await list()).rpas[0]!;
    expect(open.invoiceQty).toBe(0);
    for (const invoiceQty of [0, 3]) {
      const res = await create({ from: open.from, to: 'NOW', invoiceQty });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('No invoices to generate RPA');
    }
    expect((await list()).count).toBe((await list()).rpas.length - 1);
  });

  it('should let only one of two racing creates close the same period', async () => {
    await t.app.db.execute(
      sql`update provider_invoices set rpa_id = null where id = (select max(id) from provider_invoices)`,
    );
    const open = (await list()).rpas[0]!;
    expect(open.invoiceQty).toBe(1);
    const body = { from: open.from, to: 'NOW', invoiceQty: 1 };
    const answers = await Promise.all([create(body), create(body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(
      'The open period was already closed by another RPA; reload the list',
    );
    const holding = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(distinct rpa_id)::int as n from provider_invoices where id = (select max(id) from provider_invoices)`,
    );
    expect(holding[0]!.n).toBe(1);
  });

  it('should refuse a malformed body with the field named', async () => {
    const res = await create({ to: 'NOW', invoiceQty: 'x' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details)).toEqual(expect.arrayContaining(['from', 'invoiceQty']));
  });
});
