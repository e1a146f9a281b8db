import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer } from './helpers/test-app';
import { useSeededApp } from './helpers/seeded-app';
import { filePart, GIF, jsonPart, pdf, png } from '../fixtures/files';
import {
  count,
  createTruckDocumentation,
  insertTicket,
  nextInvoiceNumber,
  storedKeys,
  ticketStatus,
  truckPayload,
  upload,
} from '../fixtures/portal-data';

const { t, ids, token } = useSeededApp();

/** A SUPPLIER_INVOICED truck ticket of supplier1 (documentation loaded through the API). */
async function invoicedBySupplier(): Promise<number> {
  const ticketId = await insertTicket(t.app.db, {
    supplierId: ids.midwest,
    carrierId: ids.rapido,
    originDepotId: ids.chicagoYard,
  });
  expect((await createTruckDocumentation(t, token('supplier1'), truckPayload(ids, ticketId))).statusCode).toBe(201);
  return ticketId;
}

const invoiceJson = (ticketId: number, overrides: Record<string, unknown> = {}) => ({
  number: nextInvoiceNumber('TA'),
  date: '2026-11-22',
  borderCrossingId: ids.laredo,
  ticketId,
  ...overrides,
});

const postInvoice = (json: Record<string, unknown>, file: Buffer | null = pdf(), user = 'admin') =>
  upload(t, 'POST', '/api/invoices', token(user), [
    ...(file ? [filePart('invoiceFile', file, 'ta-invoice.pdf', 'application/pdf')] : []),
    jsonPart('invoice', json),
  ]);

async function taInvoiced(overrides: Record<string, unknown> = {}) {
  const ticketId = await invoicedBySupplier();
  const res = await postInvoice(invoiceJson(ticketId, overrides));
  expect(res.statusCode).toBe(201);
  return res.json().invoice as { id: number; ticketId: number; number: string };
}

const putInvoice = (id: number, json: Record<string, unknown>, file?: Buffer) =>
  upload(t, 'PUT', `/api/invoices/${id}`, token('admin'), [
    ...(file ? [filePart('invoiceFile', file, 'fixed.pdf')] : []),
    jsonPart('invoice', json),
  ]);

const payment = (id: number, json: Record<string, unknown>, file: Buffer | null = pdf(), user = 'admin') =>
  upload(t, 'PUT', `/api/invoices/${id}/payment`, token(user), [
    ...(file ? [filePart('paymentFile', file, 'voucher.gif')] : []),
    jsonPart('invoice', json),
  ]);

const typesOf = async (ticketId: number) =>
  (
    (await t.app.db.execute(sql`select type from events where ticket_id = ${ticketId} order by id`)) as unknown as {
      rows: { type: string }[];
    }
  ).rows.map((r) => r.type);

describe('POST /api/invoices', () => {
  it('should add the provider invoice, answer it and move the ticket to TA_INVOICED with a Ticket invoiced event', async () => {
    const ticketId = await invoicedBySupplier();
    const json = invoiceJson(ticketId);
    const res = await postInvoice(json);
    expect(res.statusCode).toBe(201);
    expect(res.json().invoice).toMatchObject({
      id: expect.any(Number),
      ticketId,
      number: json.number,
      date: '2026-11-22',
      borderCrossing: {
        id: ids.laredo,
        description: 'Laredo – Nuevo Laredo',
        customsAgent: { id: expect.any(Number), tradeName: 'Aduanas del Norte' },
      },
      invoiceFile: { key: expect.any(String), name: 'ta-invoice.pdf' },
      sapValidationStatus: 'pending',
      rpa: null,
      paymentNumber: null,
      paymentDate: null,
      paymentFile: null,
    });
    expect(await ticketStatus(t.app.db, ticketId)).toBe('TA_INVOICED');
    expect(await typesOf(ticketId)).toEqual(['Truck loaded', 'Ticket invoiced']);
  });

  it('should answer 409 naming the status for a ticket that is not SUPPLIER_INVOICED', async () => {
    const ticketId = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.rapido,
      originDepotId: ids.chicagoYard,
    });
    const res = await postInvoice(invoiceJson(ticketId));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('CONFIRMED');
  });

  it("should answer 400 'Campo obligatorio' for each missing field and 'This is a required file' without the PDF", async () => {
    const ticketId = await invoicedBySupplier();
    const fields = await postInvoice({ ticketId });
    expect(fields.statusCode).toBe(400);
    expect(fields.json().details).toEqual({
      number: 'Campo obligatorio',
      date: 'Campo obligatorio',
      borderCrossingId: 'Campo obligatorio',
    });
    const file = await postInvoice(invoiceJson(ticketId), null);
    expect(file.json().details).toEqual({ invoiceFile: 'This is a required file' });
  });

  it('should answer 409 with the duplicate-key text for a used number and keep no file', async () => {
    const first = await taInvoiced();
    const ticketId = await invoicedBySupplier();
    const before = await storedKeys(t);
    const res = await postInvoice(invoiceJson(ticketId, { number: first.number }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('duplicate key value violates unique constraint');
    expect(res.json().code).toBe('duplicate_invoice_number');
    expect(await storedKeys(t)).toEqual(before);
    expect(await ticketStatus(t.app.db, ticketId)).toBe('SUPPLIER_INVOICED');
  });

  it('should refuse an image as the invoice file', async () => {
    const res = await postInvoice(invoiceJson(await invoicedBySupplier()), png());
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ invoiceFile: 'The file format should be .pdf' });
  });

  it('should accept an invoice file of 3,670,015 bytes and refuse 3,670,016', async () => {
    expect((await postInvoice(invoiceJson(await invoicedBySupplier()), pdf(3_670_015))).statusCode).toBe(201);
    const res = await postInvoice(invoiceJson(await invoicedBySupplier()), pdf(3_670_016));
    expect(res.statusCode).toBe(413);
    expect(res.json().details).toEqual({ invoiceFile: 'File is too big (max. size: 3,5 Mb.)' });
  });

  it('should answer 403 to ADMINRO and to a supplier', async () => {
    const ticketId = await invoicedBySupplier();
    expect((await postInvoice(invoiceJson(ticketId), pdf(), 'adminro')).statusCode).toBe(403);
    expect((await postInvoice(invoiceJson(ticketId), pdf(), 'supplier1')).statusCode).toBe(403);
  });
});

describe('PUT /api/invoices/{id}', () => {
  it('should reset the ERP validation to pending when the number changes', async () => {
    const invoice = await taInvoiced();
    const validated = await t.app.inject({
      method: 'PUT',
      url: `/api/invoices/${invoice.id}/sap-validation`,
      headers: bearer(token('admin')),
      payload: { status: 'confirmed' },
    });
    expect(validated.json().invoice.sapValidationStatus).toBe('confirmed');
    const same = await putInvoice(invoice.id, { date: '2026-11-23' });
    expect(same.json().invoice).toMatchObject({ date: '2026-11-23', sapValidationStatus: 'confirmed' });
    const renumbered = await putInvoice(invoice.id, { number: nextInvoiceNumber('NEW') }, pdf());
    expect(renumbered.statusCode).toBe(200);
    expect(renumbered.json().invoice).toMatchObject({
      sapValidationStatus: 'pending',
      invoiceFile: { name: 'fixed.pdf' },
    });
  });

  it("should write a Changed Customs Agent event and hand the ticket to the new crossing's customs agent", async () => {
    const invoice = await taInvoiced();
    const read = (user: string) =>
      t.app.inject({ method: 'GET', url: `/api/invoices/${invoice.ticketId}/ticket`, headers: bearer(token(user)) });
    expect((await read('customs1')).statusCode).toBe(200);
    expect((await read('customs2')).statusCode).toBe(404);
    const res = await putInvoice(invoice.id, { borderCrossingId: ids.elPaso });
    expect(res.json().invoice.borderCrossing.customsAgent.tradeName).toBe('Frontera Customs');
    expect(await typesOf(invoice.ticketId)).toContain('Changed Customs Agent');
    expect((await read('customs1')).statusCode).toBe(404);
    expect((await read('customs2')).statusCode).toBe(200);
  });

  it.each(['DELIVERED', 'CANCELED'])(
    'should answer 409 naming the status for a %s ticket and keep the invoice',
    async (status) => {
      const invoice = await taInvoiced();
      await t.app.db.execute(sql`update tickets set status = ${status} where id = ${invoice.ticketId}`);
      const res = await putInvoice(invoice.id, { number: nextInvoiceNumber('CLOSED') });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain(status);
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/invoices/${invoice.ticketId}/ticket`,
        headers: bearer(token('admin')),
      });
      expect(read.json().invoices[0].number).toBe(invoice.number);
    },
  );

  it('should lock the invoice once it belongs to an RPA', async () => {
    const invoice = await taInvoiced();
    const [rpa] = (
      (await t.app.db.execute(
        sql`insert into rpas ("from", "to", invoice_qty) values (now() - interval '1 day', now(), 1) returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    await t.app.db.execute(sql`update provider_invoices set rpa_id = ${rpa!.id} where id = ${invoice.id}`);
    const res = await putInvoice(invoice.id, { number: nextInvoiceNumber('LATE') });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Invoice ${invoice.number} belongs to RPA ${rpa!.id}; it cannot be changed`);
  });

  it('should answer 409 with the duplicate-key text for a number another invoice has', async () => {
    const first = await taInvoiced();
    const second = await taInvoiced();
    const res = await putInvoice(second.id, { number: first.number });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('duplicate key value violates unique constraint');
  });

  it('should answer 404 for an unknown invoice', async () => {
    expect((await putInvoice(999999, { date: '2026-11-23' })).statusCode).toBe(404);
  });
});

describe('PUT /api/invoices/{id}/payment', () => {
  it.each(['TA_INVOICED', 'MX_TRANSIT', 'DELIVERED'])(
    'should add the payment voucher (an image) while the ticket is %s',
    async (status) => {
      const invoice = await taInvoiced();
      await t.app.db.execute(sql`update tickets set status = ${status} where id = ${invoice.ticketId}`);
      const res = await payment(invoice.id, { paymentNumber: 'PAY-77', paymentDate: '2026-11-25' }, GIF);
      expect(res.statusCode).toBe(200);
      expect(res.json().invoice).toMatchObject({
        paymentNumber: 'PAY-77',
        paymentDate: '2026-11-25',
        paymentFile: { key: expect.any(String), name: 'voucher.gif' },
      });
    },
  );

  it('should answer 409 for a canceled ticket', async () => {
    const invoice = await taInvoiced();
    await t.app.db.execute(sql`update tickets set status = 'CANCELED' where id = ${invoice.ticketId}`);
    const res = await payment(invoice.id, { paymentNumber: 'PAY-1', paymentDate: '2026-11-25' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('CANCELED');
  });

  it('should require the number, the date and the file', async () => {
    const invoice = await taInvoiced();
    expect((await payment(invoice.id, {})).json().details).toEqual({
      paymentNumber: 'Campo obligatorio',
      paymentDate: 'Campo obligatorio',
    });
    expect((await payment(invoice.id, { paymentNumber: 'P', paymentDate: '2026-11-25' }, null)).json().details).toEqual(
      { paymentFile: 'This is a required file' },
    );
  });

  it("should refuse a voucher that is neither a PDF nor an image with 'The file format should be .pdf or image'", async () => {
    const invoice = await taInvoiced();
    const res = await payment(
      invoice.id,
      { paymentNumber: 'P', paymentDate: '2026-11-25' },
      Buffer.from('plain text, not a voucher'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ paymentFile: 'The file format should be .pdf or image' });
  });

  it('should accept a voucher of 3,670,015 bytes and refuse 3,670,016', async () => {
    const invoice = await taInvoiced();
    expect(
      (await payment(invoice.id, { paymentNumber: 'P', paymentDate: '2026-11-25' }, png(3_670_015))).statusCode,
    ).toBe(200);
    const res = await payment(invoice.id, { paymentNumber: 'P', paymentDate: '2026-11-25' }, png(3_670_016));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File is too big (max. size: 3,5 Mb.)');
  });

  it('should answer 403 to ADMINRO', async () => {
    const invoice = await taInvoiced();
    expect(
      (await payment(invoice.id, { paymentNumber: 'P', paymentDate: '2026-11-25' }, pdf(), 'adminro')).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/invoices/{ticketId}/ticket', () => {
  it('should answer the invoices to the owning supplier and the carrier, and an empty list before invoicing', async () => {
    const invoice = await taInvoiced();
    for (const user of ['supplier1', 'carrier1', 'adminro']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/invoices/${invoice.ticketId}/ticket`,
        headers: bearer(token(user)),
      });
      expect(res.statusCode, user).toBe(200);
      expect(res.json().invoices.map((i: { id: number }) => i.id)).toEqual([invoice.id]);
    }
    const fresh = await invoicedBySupplier();
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${fresh}/ticket`,
      headers: bearer(token('supplier1')),
    });
    expect(none.json()).toEqual({ invoices: [] });
  });

  it('should answer 404 to another supplier', async () => {
    const invoice = await taInvoiced();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice.ticketId}/ticket`,
      headers: bearer(token('supplier2')),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /api/invoices/{id}/sap-validation', () => {
  it('should refuse an unknown status and ADMINRO', async () => {
    const invoice = await taInvoiced();
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/invoices/${invoice.id}/sap-validation`,
      headers: bearer(token('admin')),
      payload: { status: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({ status: 'Status must be pending, confirmed or rejected' });
    const ro = await t.app.inject({
      method: 'PUT',
      url: `/api/invoices/${invoice.id}/sap-validation`,
      headers: bearer(token('adminro')),
      payload: { status: 'rejected' },
    });
    expect(ro.statusCode).toBe(403);
    expect(
      await count(
        t.app.db,
        sql`select count(*)::int as n from provider_invoices where id = ${invoice.id} and sap_validation_status = 'pending'`,
      ),
    ).toBe(1);
  });
});
