import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer } from './helpers/test-app';
import { useSeededApp } from './helpers/seeded-app';
import { filePart, jsonPart, pdf, png } from '../fixtures/files';
import {
  createRailcarDocumentation,
  createTruckDocumentation,
  insertTicket,
  railcarPayload,
  storedKeys,
  truckPayload,
  upload,
} from '../fixtures/portal-data';

const { t, ids, token } = useSeededApp();

interface Loaded {
  id: number;
  ticketId: number;
  invoiceNumber: string;
  salesInvoice: { key: string; name: string }[];
  photos: { key: string; name: string }[];
}

async function loadedTruck(overrides: Record<string, unknown> = {}): Promise<Loaded> {
  const ticketId = await insertTicket(t.app.db, {
    supplierId: ids.midwest,
    carrierId: ids.rapido,
    originDepotId: ids.chicagoYard,
  });
  const res = await createTruckDocumentation(t, token('supplier1'), truckPayload(ids, ticketId, overrides));
  expect(res.statusCode).toBe(201);
  return res.json().truckDocumentation as Loaded;
}

const put = (doc: Loaded, user: string, json: Record<string, unknown>, files: ReturnType<typeof filePart>[] = []) =>
  upload(t, 'PUT', `/api/trucks-documentation/${doc.id}`, token(user), [
    ...files,
    jsonPart('truckDocumentation', json),
  ]);

const editable = (doc: Loaded, overrides: Record<string, unknown> = {}) => {
  const { ticketId: _ticketId, ...rest } = truckPayload(ids, doc.ticketId, { invoiceNumber: doc.invoiceNumber });
  return { ...rest, ...overrides };
};

const setStatus = (ticketId: number, status: string) =>
  t.app.db.execute(sql`update tickets set status = ${status} where id = ${ticketId}`);

/** Gives the ticket a provider invoice at `crossingId` and moves it to TA_INVOICED, straight in the database. */
async function invoiceAt(ticketId: number, crossingId: number) {
  await t.app.db.execute(sql`insert into provider_invoices (ticket_id, number, date, border_crossing_id)
    values (${ticketId}, ${`TA-${ticketId}`}, '2026-11-21', ${crossingId})`);
  await setStatus(ticketId, 'TA_INVOICED');
}

describe('PUT /api/trucks-documentation/{id}', () => {
  it('should let the owning supplier change fields and replace the sales invoice and the photos', async () => {
    const doc = await loadedTruck();
    const res = await put(doc, 'supplier1', editable(doc, { invoiceAmount: 999.99, carEquipment: 'NEWCAR77' }), [
      filePart('salesInvoice', pdf(), 'new-invoice.pdf', 'application/pdf'),
      filePart('photos', png(), 'a.png', 'image/png'),
      filePart('photos', png(), 'b.png', 'image/png'),
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json().truckDocumentation;
    expect(body).toMatchObject({
      id: doc.id,
      invoiceAmount: 999.99,
      carEquipment: 'NEWCAR77',
      invoiceNumber: doc.invoiceNumber,
    });
    expect(body.salesInvoice).toEqual([{ key: expect.any(String), name: 'new-invoice.pdf' }]);
    expect(body.salesInvoice[0].key).not.toBe(doc.salesInvoice[0]!.key);
    expect(body.photos.map((p: { name: string }) => p.name)).toEqual(['a.png', 'b.png']);
    expect(body.weightCertificate).toHaveLength(1);
  });

  it('should accept a plain JSON body when no file changes', async () => {
    const doc = await loadedTruck();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/trucks-documentation/${doc.id}`,
      headers: bearer(token('supplier1')),
      payload: { truckDocumentation: editable(doc, { tareWeight: 14000.55 }) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().truckDocumentation.tareWeight).toBe(14000.55);
  });

  it("should take an admin's replacement file of 3,670,015 bytes and refuse 3,670,016, where a supplier's limit is 2,097,152", async () => {
    const doc = await loadedTruck();
    const bigger = pdf(2_097_153);
    expect(
      (await put(doc, 'supplier1', editable(doc), [filePart('salesInvoice', bigger, 'sales.pdf', 'application/pdf')]))
        .statusCode,
    ).toBe(413);
    const atEdge = await put(doc, 'admin', editable(doc), [
      filePart('salesInvoice', pdf(3_670_015), 'sales.pdf', 'application/pdf'),
    ]);
    expect(atEdge.statusCode).toBe(200);
    const over = await put(doc, 'admin', editable(doc), [
      filePart('salesInvoice', pdf(3_670_016), 'sales2.pdf', 'application/pdf'),
    ]);
    expect(over.statusCode).toBe(413);
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/trucks-documentation/${doc.ticketId}/ticket`,
      headers: bearer(token('admin')),
    });
    expect(stored.json().truckDocumentation.salesInvoice[0].name).toBe('sales.pdf');
  });

  it("should let the admin's ticket edit leave fields out and keep them, checking its rules against the stored values", async () => {
    const doc = await loadedTruck();
    const res = await put(doc, 'admin', { invoiceAmount: 99.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().truckDocumentation).toMatchObject({
      invoiceAmount: 99.5,
      grossWeight: 45000,
      tareWeight: 15000,
      carEquipment: 'TRK123456',
    });
    // Tare above the stored gross weight: the admin rule 'gross above tare' still holds.
    const heavy = await put(doc, 'admin', { tareWeight: 46000 });
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json().message).toBe('Gross Weight must be greater than Tare Weight');
    // A supplier's update carries its whole form.
    const partial = await put(doc, 'supplier1', { invoiceAmount: 10 });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().details).toMatchObject({
      destinationId: 'Destination is a required field',
      tareWeight: 'Tare weight is a required field',
      grossWeight: 'Gross weight is a required field',
      carEquipment: 'Car/Equipment is a required field',
    });
  });

  it('should let an admin update and refuse ADMINRO with 403', async () => {
    const doc = await loadedTruck();
    expect((await put(doc, 'admin', editable(doc, { invoiceAmount: 10 }))).statusCode).toBe(200);
    expect((await put(doc, 'adminro', editable(doc))).statusCode).toBe(403);
  });

  it('should answer 404 to another supplier and 403 to a carrier', async () => {
    const doc = await loadedTruck();
    expect((await put(doc, 'supplier2', editable(doc))).statusCode).toBe(404);
    expect((await put(doc, 'carrier1', editable(doc))).statusCode).toBe(403);
  });

  it.each(['TA_INVOICED', 'MX_TRANSIT', 'DELIVERED', 'CANCELED'])(
    'should answer 409 once the ticket is %s and keep no uploaded file',
    async (status) => {
      const doc = await loadedTruck();
      await setStatus(doc.ticketId, status);
      const before = await storedKeys(t);
      const res = await put(doc, 'supplier1', editable(doc), [filePart('BL', pdf(), 'bl.pdf')]);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain(status);
      expect(await storedKeys(t)).toEqual(before);
    },
  );

  it('should check the cross-field rules against the stored values', async () => {
    const doc = await loadedTruck();
    const { invoiceNumber: _n, ...withoutNumber } = editable(doc);
    const res = await put(doc, 'supplier1', { ...withoutNumber, carEquipment: doc.invoiceNumber });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ carEquipment: 'Car/Equipment and Invoice Number must be different' });
  });

  it('should keep destination required on edit and refuse changing it', async () => {
    const doc = await loadedTruck();
    const missing = await put(doc, 'supplier1', editable(doc, { destinationId: null }));
    expect(missing.json().details).toEqual({ destinationId: 'Destination is a required field' });
    const changed = await put(doc, 'supplier1', editable(doc, { destinationId: ids.saltillo }));
    expect(changed.statusCode).toBe(422);
    expect(changed.json().details).toEqual({ destinationId: 'The destination cannot be changed' });
  });

  it('should answer 409 with the duplicate-key text when the new invoice number is taken', async () => {
    const taken = await loadedTruck();
    const doc = await loadedTruck();
    const res = await put(doc, 'supplier1', editable(doc, { invoiceNumber: taken.invoiceNumber }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('duplicate key value violates unique constraint');
  });

  it('should answer 404 for railcar documentation addressed as truck documentation', async () => {
    const ticketId = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.northern,
      originDepotId: ids.chicagoYard,
    });
    const rail = (await createRailcarDocumentation(t, token('supplier1'), railcarPayload(ids, ticketId))).json()
      .railcarDocumentation;
    const { ticketId: _t, ...valid } = truckPayload(ids, ticketId);
    const res = await upload(t, 'PUT', `/api/trucks-documentation/${rail.id}`, token('supplier1'), [
      jsonPart('truckDocumentation', valid),
    ]);
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /api/railcar-documentation/{id}', () => {
  it('should update with invoice date, number and material left out', async () => {
    const ticketId = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.northern,
      originDepotId: ids.chicagoYard,
    });
    const rail = (await createRailcarDocumentation(t, token('supplier1'), railcarPayload(ids, ticketId))).json()
      .railcarDocumentation;
    const { invoiceDate: _d, invoiceNumber: _n, materialId: _m, ticketId: _t, ...rest } = railcarPayload(ids, ticketId);
    const res = await upload(t, 'PUT', `/api/railcar-documentation/${rail.id}`, token('supplier1'), [
      jsonPart('railcarDocumentation', { ...rest, waybill: '99999', comments: null }),
      filePart('radioactiveCertificate', pdf(), 'no-radioactivity.pdf'),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().railcarDocumentation).toMatchObject({
      waybill: '99999',
      comments: null,
      invoiceNumber: rail.invoiceNumber,
      materialId: ids.shred,
    });
    expect(res.json().railcarDocumentation.radioactiveCertificate).toEqual([
      { key: expect.any(String), name: 'no-radioactivity.pdf' },
    ]);
  });
});

describe("the admin's railcar edit", () => {
  async function loadedRailcar(): Promise<Loaded> {
    const ticketId = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.northern,
      originDepotId: ids.chicagoYard,
    });
    const res = await createRailcarDocumentation(t, token('supplier1'), railcarPayload(ids, ticketId));
    expect(res.statusCode).toBe(201);
    return res.json().railcarDocumentation as Loaded;
  }
  const putRail = (doc: Loaded, user: string, json: Record<string, unknown>) =>
    upload(t, 'PUT', `/api/railcar-documentation/${doc.id}`, token(user), [jsonPart('railcarDocumentation', json)]);

  it('should change only the one field it sends, as the truck edit does', async () => {
    const doc = await loadedRailcar();
    const res = await putRail(doc, 'admin', { invoiceAmount: 7 });
    expect(res.statusCode).toBe(200);
    expect(res.json().railcarDocumentation).toMatchObject({
      invoiceAmount: 7,
      invoiceNumber: doc.invoiceNumber,
      grossWeight: 210000.5,
      tareWeight: 60000.25,
      waybill: '884512',
      carEquipment: 'GONX301122',
      comments: 'Two cars coupled',
    });
    const waybill = await putRail(doc, 'admin', { waybill: '55555' });
    expect(waybill.statusCode).toBe(200);
    expect(waybill.json().railcarDocumentation).toMatchObject({ waybill: '55555', invoiceAmount: 7 });
  });

  it('should check each field it sends, against the stored values of the others', async () => {
    const doc = await loadedRailcar();
    const heavy = await putRail(doc, 'admin', { tareWeight: 300000 });
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json().details).toEqual({ grossWeight: 'Gross Weight must be greater than Tare Weight' });
    const sameAsWaybill = await putRail(doc, 'admin', { carEquipment: '884512' });
    expect(sameAsWaybill.statusCode).toBe(400);
    expect(sameAsWaybill.json().details).toEqual({ carEquipment: 'Car/Equipment and WayBill must be different' });
    const badWaybill = await putRail(doc, 'admin', { waybill: '12' });
    expect(badWaybill.statusCode).toBe(400);
    expect(badWaybill.json().details).toEqual({ waybill: 'WayBill must contain only numeric digits (min 5)' });
    const stored = await putRail(doc, 'admin', {});
    expect(stored.json().railcarDocumentation).toMatchObject({ tareWeight: 60000.25, waybill: '884512' });
  });

  it("should still read a supplier's update as the whole form", async () => {
    const doc = await loadedRailcar();
    const partial = await putRail(doc, 'supplier1', { invoiceAmount: 7 });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().details).toMatchObject({ waybill: 'WayBill is a required field' });
  });
});

describe('GET /api/trucks-documentation/{ticketId}/ticket (who sees what)', () => {
  const get = (ticketId: number, user: string, kind = 'trucks-documentation') =>
    t.app.inject({ method: 'GET', url: `/api/${kind}/${ticketId}/ticket`, headers: bearer(token(user)) });

  it('should answer the documentation with its files to the supplier, the carrier and admins', async () => {
    const doc = await loadedTruck();
    for (const user of ['supplier1', 'carrier1', 'admin', 'adminro']) {
      const res = await get(doc.ticketId, user);
      expect(res.statusCode, user).toBe(200);
      expect(res.json().truckDocumentation).toMatchObject({
        id: doc.id,
        ticketId: doc.ticketId,
        salesInvoice: doc.salesInvoice,
        ticket: { status: { name: 'SUPPLIER_INVOICED' } },
      });
    }
  });

  it('should answer 404 to another supplier, another carrier and customs before invoicing', async () => {
    const doc = await loadedTruck();
    for (const user of ['supplier2', 'carrier2', 'rail1', 'customs1', 'customs2']) {
      expect((await get(doc.ticketId, user)).statusCode, user).toBe(404);
    }
  });

  it("should show customs only the tickets invoiced at their agent's crossings", async () => {
    const doc = await loadedTruck();
    await invoiceAt(doc.ticketId, ids.laredo);
    expect((await get(doc.ticketId, 'customs1')).statusCode).toBe(200);
    expect((await get(doc.ticketId, 'customs2')).statusCode).toBe(404);
  });

  it('should answer 404 for the railcar documentation of a truck ticket', async () => {
    const doc = await loadedTruck();
    expect((await get(doc.ticketId, 'supplier1', 'railcar-documentation')).statusCode).toBe(404);
  });

  it('should answer 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/trucks-documentation/1/ticket' });
    expect(res.statusCode).toBe(401);
  });
});
