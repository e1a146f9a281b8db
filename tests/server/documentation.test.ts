import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FILE_MSG } from '../../src/shared/schemas/documentation';
import { bearer, type TestApp } from './helpers/test-app';
import { openSeededApp, type SeededApp } from './helpers/seeded-app';
import { filePart, jsonPart, pdf, png } from '../fixtures/files';
import {
  available,
  count,
  createRailcarDocumentation,
  createTruckDocumentation,
  documentationFiles,
  insertPurchaseOrder,
  insertTicket,
  railcarPayload,
  storedKeys,
  ticketStatus,
  truckPayload,
  upload,
  type SeedIds,
} from '../fixtures/portal-data';

let t: TestApp;
let ids: SeedIds;
let supplier1: string;
let supplier2: string;
let admin: string;
let adminro: string;
beforeAll(async () => {
  let token: SeededApp['token'];
  ({ t, ids, token } = await openSeededApp());
  [supplier1, supplier2, admin, adminro] = [token('supplier1'), token('supplier2'), token('admin'), token('adminro')];
});
afterAll(async () => {
  await t.close();
});

const truckTicket = () =>
  insertTicket(t.app.db, { supplierId: ids.midwest, carrierId: ids.rapido, originDepotId: ids.chicagoYard });
const railTicket = () =>
  insertTicket(t.app.db, { supplierId: ids.midwest, carrierId: ids.northern, originDepotId: ids.chicagoYard });

/** The id of a demo user: the actor an event names. */
async function userId(username: string): Promise<number> {
  const res = (await t.app.db.execute(sql`select id from users where username = ${username}`)) as unknown as {
    rows: { id: number }[];
  };
  return Number(res.rows[0]!.id);
}

describe('POST /api/trucks-documentation', () => {
  it('should create the documentation, answer its id and move the ticket to SUPPLIER_INVOICED', async () => {
    const ticketId = await truckTicket();
    const res = await createTruckDocumentation(t, supplier1, truckPayload(ids, ticketId), documentationFiles(2));
    expect(res.statusCode).toBe(201);
    const doc = res.json().truckDocumentation;
    expect(doc.id).toEqual(expect.any(Number));
    expect(doc).toMatchObject({
      ticketId,
      invoiceAmount: 12500.5,
      grossWeight: 45000,
      tareWeight: 15000,
      carEquipment: 'TRK123456',
    });
    expect(doc.salesInvoice).toEqual([{ key: expect.any(String), name: 'sales-invoice.pdf' }]);
    expect(doc.photos.map((p: { name: string }) => p.name)).toEqual(['photo-1.png', 'photo-2.png']);
    expect(await ticketStatus(t.app.db, ticketId)).toBe('SUPPLIER_INVOICED');
  });

  it('should write one audit row and one Truck loaded event', async () => {
    const ticketId = await truckTicket();
    expect((await createTruckDocumentation(t, supplier1, truckPayload(ids, ticketId))).statusCode).toBe(201);
    const events = (await t.app.db.execute(
      sql`select type, payload from events where ticket_id = ${ticketId}`,
    )) as unknown as {
      rows: { type: string; payload: Record<string, unknown> }[];
    };
    expect(events.rows).toEqual([
      {
        type: 'Truck loaded',
        payload: {
          title: 'truck',
          ticketNumber: ticketId,
          supplierName: 'Midwest Scrap Recycling LLC',
          carrierName: 'Rápido Freight Lines',
          actorId: await userId('supplier1'),
        },
      },
    ]);
    expect(
      await count(
        t.app.db,
        sql`select count(*)::int as n from audit_log where entity_id = ${String(ticketId)} and to_status = 'SUPPLIER_INVOICED'`,
      ),
    ).toBe(1);
  });

  it('should move the ticket exactly once when the same documentation is sent twice', async () => {
    const ticketId = await truckTicket();
    const payload = truckPayload(ids, ticketId);
    const [a, b] = await Promise.all([
      createTruckDocumentation(t, supplier1, payload),
      createTruckDocumentation(t, supplier1, { ...payload, invoiceNumber: `${String(payload.invoiceNumber)}B` }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(
      await count(t.app.db, sql`select count(*)::int as n from shipping_documents where ticket_id = ${ticketId}`),
    ).toBe(1);
    expect(
      await count(
        t.app.db,
        sql`select count(*)::int as n from audit_log where entity_id = ${String(ticketId)} and action = 'documentation-create'`,
      ),
    ).toBe(1);
  });

  it('should answer 409 naming the status for a ticket that is not CONFIRMED', async () => {
    const ticketId = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.rapido,
      originDepotId: ids.chicagoYard,
      status: 'PENDING',
    });
    const res = await createTruckDocumentation(t, supplier1, truckPayload(ids, ticketId));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('PENDING');
  });

  it('should answer 422 for truck documentation on a railcar ticket', async () => {
    const res = await createTruckDocumentation(t, supplier1, truckPayload(ids, await railTicket()));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('railcar');
  });

  it("should answer 404 for another supplier's ticket and 403 for an admin or ADMINRO", async () => {
    const ticketId = await truckTicket();
    expect((await createTruckDocumentation(t, supplier2, truckPayload(ids, ticketId))).statusCode).toBe(404);
    expect((await createTruckDocumentation(t, admin, truckPayload(ids, ticketId))).statusCode).toBe(403);
    expect((await createTruckDocumentation(t, adminro, truckPayload(ids, ticketId))).statusCode).toBe(403);
    expect(await ticketStatus(t.app.db, ticketId)).toBe('CONFIRMED');
  });

  it('should answer 409 with the duplicate-key text for an invoice number the supplier already used, leaving no row and no file', async () => {
    const first = await truckTicket();
    const payload = truckPayload(ids, first);
    expect((await createTruckDocumentation(t, supplier1, payload)).statusCode).toBe(201);
    const second = await truckTicket();
    const before = await storedKeys(t);
    const filesBefore = await count(t.app.db, sql`select count(*)::int as n from files`);
    const res = await createTruckDocumentation(t, supplier1, { ...payload, ticketId: second });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('duplicate key value violates unique constraint');
    expect(res.json().code).toBe('duplicate_invoice_number');
    expect(await storedKeys(t)).toEqual(before);
    expect(await count(t.app.db, sql`select count(*)::int as n from files`)).toBe(filesBefore);
    expect(
      await count(t.app.db, sql`select count(*)::int as n from shipping_documents where ticket_id = ${second}`),
    ).toBe(0);
    expect(await ticketStatus(t.app.db, second)).toBe('CONFIRMED');
  });

  it('should accept the same invoice number from another supplier', async () => {
    const payload = truckPayload(ids, await truckTicket());
    expect((await createTruckDocumentation(t, supplier1, payload)).statusCode).toBe(201);
    const theirs = await insertTicket(t.app.db, {
      supplierId: ids.texas,
      carrierId: ids.border,
      originDepotId: ids.sanAntonioYard,
    });
    expect((await createTruckDocumentation(t, supplier2, { ...payload, ticketId: theirs })).statusCode).toBe(201);
  });

  it('should refuse an invoice date in the future, whatever the time zone, and store nothing', async () => {
    const ticketId = await truckTicket();
    const before = await storedKeys(t);
    const res = await createTruckDocumentation(
      t,
      supplier1,
      truckPayload(ids, ticketId, { invoiceDate: '2999-01-01' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ invoiceDate: 'Invoice date cannot be in the future' });
    expect(await storedKeys(t)).toEqual(before);
  });

  it('should answer 400 with the field messages of the spec and store nothing', async () => {
    const ticketId = await truckTicket();
    const before = await storedKeys(t);
    const res = await createTruckDocumentation(
      t,
      supplier1,
      truckPayload(ids, ticketId, { tareWeight: 0, carEquipment: 'AB-1', materialId: null, destinationId: undefined }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toMatchObject({
      tareWeight: 'Tare Weight must be a positive number',
      carEquipment: 'Car/Equipment cannot contain a hyphen (-): type the letters and digits together, e.g. TTGX123456',
      materialId: 'Campo obligatorio',
      destinationId: 'Destination is a required field',
    });
    expect(await storedKeys(t)).toEqual(before);
  });

  it('should read an amount sent as a plain decimal text exactly and refuse any other text (grouping, decimal comma, hex, exponent)', async () => {
    const ticketId = await truckTicket();
    for (const invoiceAmount of ['20,500.50', '20500,5', '0x5014', '2.05005e4', '20.500,50']) {
      const res = await createTruckDocumentation(t, supplier1, truckPayload(ids, ticketId, { invoiceAmount }));
      expect(res.statusCode, invoiceAmount).toBe(400);
      expect(res.json().details, invoiceAmount).toMatchObject({
        invoiceAmount: 'Invoice Amount must be a positive number',
      });
    }
    const tooPrecise = await createTruckDocumentation(
      t,
      supplier1,
      truckPayload(ids, ticketId, { invoiceAmount: 20500.505 }),
    );
    expect(tooPrecise.json().details).toMatchObject({ invoiceAmount: 'At most 2 decimals are allowed' });
    const res = await createTruckDocumentation(
      t,
      supplier1,
      truckPayload(ids, ticketId, { invoiceAmount: '20500.50' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().truckDocumentation.invoiceAmount).toBe(20500.5);
  });

  it('should answer 400 with the required-file texts for each missing file', async () => {
    const res = await createTruckDocumentation(t, supplier1, truckPayload(ids, await truckTicket()), []);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({
      salesInvoice: 'Invoice is a required file',
      weightCertificate: 'Weight cert. is a required file',
      BL: 'B/L is a required file',
      radioactiveCertificate: 'Radioactive cert. is a required file',
      photos: 'This is a required file',
    });
  });

  it('should answer 400 for a missing photo only when the four PDFs are there', async () => {
    const res = await createTruckDocumentation(
      t,
      supplier1,
      truckPayload(ids, await truckTicket()),
      documentationFiles(0),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ photos: 'This is a required file' });
  });
});

describe('supplier file limits', () => {
  const withSalesInvoice = (data: Buffer, name = 'sales.pdf') => [
    filePart('files[]', data, name, 'application/pdf'),
    ...documentationFiles(1).slice(1),
  ];

  it('should accept a PDF of 2,097,152 bytes', async () => {
    const res = await createTruckDocumentation(
      t,
      supplier1,
      truckPayload(ids, await truckTicket()),
      withSalesInvoice(pdf(2_097_152)),
    );
    expect(res.statusCode).toBe(201);
  });

  it('should refuse a PDF of 2,097,153 bytes with the exceeded-size message and keep no file', async () => {
    const before = await storedKeys(t);
    const res = await createTruckDocumentation(
      t,
      supplier1,
      truckPayload(ids, await truckTicket()),
      withSalesInvoice(pdf(2_097_153)),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      message: FILE_MSG.supplierTooBig,
      details: { salesInvoice: 'The file exceeds the maximum size of 2 MB' },
    });
    expect(await storedKeys(t)).toEqual(before);
  });

  it('should refuse a PNG renamed .pdf with the PDF format message', async () => {
    const before = await storedKeys(t);
    const res = await createTruckDocumentation(
      t,
      supplier1,
      truckPayload(ids, await truckTicket()),
      withSalesInvoice(png(), 'renamed.pdf'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ salesInvoice: 'The file format should be .pdf' });
    expect(await storedKeys(t)).toEqual(before);
  });

  it('should refuse an empty file', async () => {
    const res = await createTruckDocumentation(
      t,
      supplier1,
      truckPayload(ids, await truckTicket()),
      withSalesInvoice(Buffer.alloc(0)),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ salesInvoice: 'The file is empty' });
  });

  it('should accept 4 photos and refuse 5, keeping no file of the refused request', async () => {
    expect(
      (await createTruckDocumentation(t, supplier1, truckPayload(ids, await truckTicket()), documentationFiles(4)))
        .statusCode,
    ).toBe(201);
    const before = await storedKeys(t);
    const res = await createTruckDocumentation(
      t,
      supplier1,
      truckPayload(ids, await truckTicket()),
      documentationFiles(5),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ photos: 'At most 4 photos are allowed' });
    expect(await storedKeys(t)).toEqual(before);
  });

  it('should refuse a PDF sent as a photo', async () => {
    const files = [...documentationFiles(0), filePart('files[]', pdf(), 'photo.pdf', 'application/pdf')];
    const res = await createTruckDocumentation(t, supplier1, truckPayload(ids, await truckTicket()), files);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ photos: 'The file format should be an image' });
  });

  it('should refuse a photo of 2,097,153 bytes from a supplier', async () => {
    const files = [...documentationFiles(0), filePart('files[]', png(2_097_153), 'big.png', 'image/png')];
    const res = await createTruckDocumentation(t, supplier1, truckPayload(ids, await truckTicket()), files);
    expect(res.statusCode).toBe(413);
    expect(res.json().details).toEqual({ photos: FILE_MSG.supplierTooBig });
  });
});

describe('purchase-order reservation', () => {
  it('should reserve the net weight in tonnes (lbs to metric tonnes, 3 decimals)', async () => {
    const po = await insertPurchaseOrder(t.app.db, { supplierId: ids.midwest, materialId: ids.hms, tonnes: '100.000' });
    const res = await createTruckDocumentation(
      t,
      supplier1,
      truckPayload(ids, await truckTicket(), { purchaseOrderId: po.id, grossWeight: 45000, tareWeight: 15000 }),
    );
    expect(res.statusCode).toBe(201);
    // 30,000 lbs = 13,607.7711 kg
    expect(res.json().truckDocumentation).toMatchObject({
      reservedTonnes: 13.608,
      purchaseOrder: { id: po.id, documentNumberId: po.number, availableQuantity: 86.392 },
    });
    expect(await available(t.app.db, po.id)).toBe('86.392');
  });

  it('should adjust the reservation by the difference on update', async () => {
    const po = await insertPurchaseOrder(t.app.db, { supplierId: ids.midwest, materialId: ids.hms, tonnes: '50.000' });
    const created = await createTruckDocumentation(
      t,
      supplier1,
      truckPayload(ids, await truckTicket(), { purchaseOrderId: po.id, grossWeight: 45000, tareWeight: 15000 }),
    );
    const doc = created.json().truckDocumentation;
    const res = await upload(t, 'PUT', `/api/trucks-documentation/${doc.id}`, supplier1, [
      jsonPart('truckDocumentation', {
        ...truckPayload(ids, doc.ticketId),
        invoiceNumber: doc.invoiceNumber,
        purchaseOrderId: po.id,
        grossWeight: 40000.5,
        tareWeight: 15000.25,
      }),
    ]);
    expect(res.statusCode).toBe(200);
    // 25,000.25 lbs = 11,339.9226 kg
    expect(res.json().truckDocumentation.reservedTonnes).toBe(11.34);
    expect(await available(t.app.db, po.id)).toBe('38.660');
  });

  it('should refuse an order of another supplier or material with 422 and reserve nothing', async () => {
    const theirs = await insertPurchaseOrder(t.app.db, {
      supplierId: ids.texas,
      materialId: ids.hms,
      tonnes: '100.000',
    });
    const otherMaterial = await insertPurchaseOrder(t.app.db, {
      supplierId: ids.midwest,
      materialId: ids.shred,
      tonnes: '100.000',
    });
    for (const po of [theirs, otherMaterial]) {
      const ticketId = await truckTicket();
      const res = await createTruckDocumentation(t, supplier1, truckPayload(ids, ticketId, { purchaseOrderId: po.id }));
      expect(res.statusCode).toBe(422);
      expect(res.json().details.purchaseOrderId).toBe(
        'The purchase order does not belong to this supplier and material',
      );
      expect(await available(t.app.db, po.id)).toBe('100.000');
      expect(await ticketStatus(t.app.db, ticketId)).toBe('CONFIRMED');
    }
  });

  it('should refuse a reservation larger than what is left', async () => {
    const po = await insertPurchaseOrder(t.app.db, { supplierId: ids.midwest, materialId: ids.hms, tonnes: '5.000' });
    const res = await createTruckDocumentation(
      t,
      supplier1,
      truckPayload(ids, await truckTicket(), { purchaseOrderId: po.id }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain(`Purchase order ${po.number} has only 5.000 t available`);
  });

  it('should give the tonnes back when the ticket is canceled', async () => {
    const po = await insertPurchaseOrder(t.app.db, { supplierId: ids.midwest, materialId: ids.hms, tonnes: '100.000' });
    const created = await createTruckDocumentation(
      t,
      supplier1,
      truckPayload(ids, await truckTicket(), { purchaseOrderId: po.id }),
    );
    const ticketId = created.json().truckDocumentation.ticketId;
    expect(await available(t.app.db, po.id)).toBe('86.392');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/tickets/cancel/${ticketId}`,
      headers: bearer(supplier1),
    });
    expect(res.statusCode).toBe(200);
    expect(await available(t.app.db, po.id)).toBe('100.000');
  });
});

describe('POST /api/railcar-documentation', () => {
  it('should create railcar documentation with the JSON part first and answer railcarDocumentation.id', async () => {
    const ticketId = await railTicket();
    const res = await createRailcarDocumentation(t, supplier1, railcarPayload(ids, ticketId));
    expect(res.statusCode).toBe(201);
    expect(res.json().railcarDocumentation).toMatchObject({
      id: expect.any(Number),
      ticketId,
      waybill: '884512',
      comments: 'Two cars coupled',
      carrierId: ids.northern,
      depotId: ids.chicagoYard,
    });
    expect(await ticketStatus(t.app.db, ticketId)).toBe('SUPPLIER_INVOICED');
  });

  it.each(['carrierId', 'depotId'] as const)("should answer 422 when %s is not the ticket's", async (field) => {
    const ticketId = await railTicket();
    const wrong = field === 'carrierId' ? ids.rapido : ids.houstonYard;
    const res = await createRailcarDocumentation(t, supplier1, railcarPayload(ids, ticketId, { [field]: wrong }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().details)).toEqual([field]);
  });

  it('should answer 422 for a destination that does not exist', async () => {
    const res = await createRailcarDocumentation(
      t,
      supplier1,
      railcarPayload(ids, await railTicket(), { destinationId: 99999 }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual({ destinationId: 'Destination not found' });
  });

  it('should announce a railcar load as a railcar (title railcar), not as a truck', async () => {
    const ticketId = await railTicket();
    expect((await createRailcarDocumentation(t, supplier1, railcarPayload(ids, ticketId))).statusCode).toBe(201);
    const events = (await t.app.db.execute(
      sql`select type, payload from events where ticket_id = ${ticketId}`,
    )) as unknown as {
      rows: { type: string; payload: Record<string, unknown> }[];
    };
    expect(events.rows).toEqual([
      {
        type: 'Truck loaded',
        payload: {
          title: 'railcar',
          ticketNumber: ticketId,
          supplierName: 'Midwest Scrap Recycling LLC',
          carrierName: 'Northern Rail Logistics',
          actorId: await userId('supplier1'),
        },
      },
    ]);
  });

  it('should answer 422 for railcar documentation on a truck ticket', async () => {
    const res = await createRailcarDocumentation(t, supplier1, railcarPayload(ids, await truckTicket()));
    expect(res.statusCode).toBe(422);
  });

  it('should answer 400 with the waybill messages', async () => {
    const ticketId = await railTicket();
    const res = await createRailcarDocumentation(t, supplier1, railcarPayload(ids, ticketId, { waybill: '12a45' }));
    expect(res.json().details).toEqual({ waybill: 'WayBill must contain only numeric digits (min 5)' });
    const same = await createRailcarDocumentation(
      t,
      supplier1,
      railcarPayload(ids, ticketId, { waybill: '123456', invoiceNumber: '123456' }),
    );
    expect(same.json().details).toEqual({ waybill: 'WayBill and Invoice Number must be different' });
  });
});

describe('over real HTTP with the browser FormData', () => {
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const form = (json: Record<string, unknown>, photos: number) => {
    const data = new FormData();
    for (const [i, name] of ['sales.pdf', 'weight.pdf', 'bl.pdf', 'radio.pdf'].entries())
      data.append('files[]', new Blob([new Uint8Array(pdf(1000 + i))], { type: 'application/pdf' }), name);
    for (let i = 0; i < photos; i++)
      data.append('files[]', new Blob([new Uint8Array(png())], { type: 'image/png' }), `p${i}.png`);
    // The app sends the JSON part as a Blob (a file part named "blob"), not as a text field.
    data.append('truckDocumentation', new Blob([JSON.stringify(json)], { type: 'application/json' }));
    return data;
  };

  it('should create documentation sent by fetch with a JSON Blob part', async () => {
    const ticketId = await truckTicket();
    const res = await fetch(`${base}/api/trucks-documentation`, {
      method: 'POST',
      body: form(truckPayload(ids, ticketId), 1),
      headers: bearer(supplier1),
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { truckDocumentation: { ticketId: number } }).truckDocumentation.ticketId).toBe(
      ticketId,
    );
  });

  it('should answer a refused upload promptly without reading the rest of the body', async () => {
    const ticketId = await truckTicket();
    const before = await storedKeys(t);
    const res = await fetch(`${base}/api/trucks-documentation`, {
      method: 'POST',
      body: form(truckPayload(ids, ticketId), 5),
      headers: bearer(supplier1),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { details: unknown }).details).toEqual({ photos: 'At most 4 photos are allowed' });
    expect(await storedKeys(t)).toEqual(before);
  });

  it('should refuse an oversized file over HTTP with 413', async () => {
    const ticketId = await truckTicket();
    const data = new FormData();
    data.append('files[]', new Blob([new Uint8Array(pdf(2_097_153))], { type: 'application/pdf' }), 'big.pdf');
    data.append('truckDocumentation', JSON.stringify(truckPayload(ids, ticketId)));
    const res = await fetch(`${base}/api/trucks-documentation`, {
      method: 'POST',
      body: data,
      headers: bearer(supplier1),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe('The file exceeds the maximum size of 2 MB');
  });
});
