import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { bearer } from './helpers/test-app';
import { useSeededApp } from './helpers/seeded-app';
import { filePart, multipart } from '../fixtures/files';
import {
  available,
  createTruckDocumentation,
  insertPurchaseOrder,
  insertTicket,
  truckPayload,
  upload,
} from '../fixtures/portal-data';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';

const { t, ids, token } = useSeededApp();
const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token(user)) });

interface Po {
  id: number;
  documentNumberId: string;
  earlyDeliveryDate: string;
  availableQuantity: number;
  materialId: number;
  materialDesc: string;
  supplierId: number;
}

describe('GET /api/trucks-documentation/purchase-orders/material', () => {
  it("should list only the supplier's own open orders with the client's fields", async () => {
    const res = await get('supplier1', `/api/trucks-documentation/purchase-orders/material?supplierId=${ids.midwest}`);
    expect(res.statusCode).toBe(200);
    const orders = res.json().purchaseOrders as Po[];
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((o) => o.supplierId === ids.midwest)).toBe(true);
    expect(orders[0]).toEqual({
      id: expect.any(Number),
      documentNumberId: expect.any(String),
      earlyDeliveryDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      availableQuantity: expect.any(Number),
      quantity: expect.any(Number),
      materialId: expect.any(Number),
      materialDesc: expect.any(String),
      supplierId: ids.midwest,
    });
  });

  it('should default to the signed-in supplier and filter by material', async () => {
    const res = await get('supplier1', `/api/trucks-documentation/purchase-orders/material/${ids.shred}`);
    const orders = res.json().purchaseOrders as Po[];
    expect(orders.length).toBe(2);
    expect(orders.every((o) => o.materialId === ids.shred && o.materialDesc === 'Shredded scrap (ISRI 211)')).toBe(
      true,
    );
  });

  it("should answer 404 to a supplier asking for another supplier's orders", async () => {
    expect(
      (await get('supplier1', `/api/trucks-documentation/purchase-orders/material?supplierId=${ids.texas}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await get(
          'supplier2',
          `/api/trucks-documentation/purchase-orders/material/${ids.hms}?supplierId=${ids.midwest}`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('should let admins choose the supplier, 404 for an unknown one, and refuse carriers', async () => {
    const res = await get('adminro', `/api/trucks-documentation/purchase-orders/material?supplierId=${ids.texas}`);
    expect((res.json().purchaseOrders as Po[]).every((o) => o.supplierId === ids.texas)).toBe(true);
    expect((await get('admin', '/api/trucks-documentation/purchase-orders/material?supplierId=99999')).statusCode).toBe(
      404,
    );
    expect((await get('carrier1', '/api/trucks-documentation/purchase-orders/material')).statusCode).toBe(403);
  });

  it('should leave out orders with nothing left', async () => {
    const empty = await insertPurchaseOrder(t.app.db, {
      supplierId: ids.midwest,
      materialId: ids.hms,
      tonnes: '0.000',
    });
    const orders = (await get('supplier1', `/api/trucks-documentation/purchase-orders/material/${ids.hms}`)).json()
      .purchaseOrders as Po[];
    expect(orders.map((o) => o.id)).not.toContain(empty.id);
  });
});

describe('GET /api/materials', () => {
  it('should list the materials', async () => {
    const res = await get('supplier1', '/api/materials');
    expect(res.statusCode).toBe(200);
    expect(res.json().materials).toContainEqual({
      id: ids.hms,
      code: 'HMS-80-20',
      description: 'Heavy melting steel 1&2 (80/20)',
    });
  });
});

describe('POST /api/purchase-orders/import', () => {
  const importFile = (user: string, data: Buffer, name: string) =>
    upload(t, 'POST', '/api/purchase-orders/import', token(user), [filePart('file', data, name)]);
  const order = async (number: string) =>
    (
      await queryRows<{ supplierId: number; materialId: number; day: string; quantity: string; available: string }>(
        t.app.db,
        sql`
      select supplier_id as "supplierId", material_id as "materialId", early_delivery_date::text as day, quantity::text as quantity,
        available_quantity::text as available
      from purchase_orders where document_number_id = ${number}`,
      )
    )[0];

  it('should import a CSV: insert new orders, report bad rows by row number', async () => {
    const csv = [
      'documentNumberId,supplierSapId,materialCode,earlyDeliveryDate,quantity',
      '7700000001,100245,HMS-80-20,2026-12-15,250.5',
      '7700000002,999999,HMS-80-20,2026-12-15,10',
      '7700000003,100311,NOPE,2026-12-15,10',
      '7700000004,100311,SHRED-211,15/15/2026,10',
      '7700000005,100311,SHRED-211,2026-12-20,-3',
      '0077000006,100311,BUSH-NO1,12/31/2026,1200',
    ].join('\r\n');
    const res = await importFile('admin', Buffer.from(csv), 'orders.csv');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      imported: 2,
      errors: [
        { row: 3, reason: 'unknownSupplier', value: '999999', message: 'Unknown supplier SAP id 999999' },
        { row: 4, reason: 'unknownMaterial', value: 'NOPE', message: 'Unknown material code NOPE' },
        { row: 5, reason: 'badDate', message: 'earlyDeliveryDate must be a date (YYYY-MM-DD)' },
        { row: 6, reason: 'badQuantity', message: 'quantity must be a positive number of tonnes' },
      ],
    });
    expect(await order('7700000001')).toEqual({
      supplierId: ids.midwest,
      materialId: ids.hms,
      day: '2026-12-15',
      quantity: '250.500',
      available: '250.500',
    });
    expect((await order('0077000006'))?.day).toBe('2026-12-31');
  });

  it('should name a repeated order number and a malformed one by reason and value', async () => {
    const csv = [
      'documentNumberId,supplierSapId,materialCode,earlyDeliveryDate,quantity',
      '7722222221,100245,HMS-80-20,2026-12-15,10',
      '7722222221,100245,HMS-80-20,2026-12-16,20',
      'PO 7722/1,100245,HMS-80-20,2026-12-15,10',
    ].join('\n');
    const res = await importFile('admin', Buffer.from(csv), 'orders.csv');
    expect(res.json()).toEqual({
      imported: 1,
      errors: [
        { row: 3, reason: 'duplicate', value: '7722222221', message: 'Purchase order 7722222221 appears twice' },
        { row: 4, reason: 'badNumber', message: 'documentNumberId is missing or invalid' },
      ],
    });
    expect(await order('7722222221')).toMatchObject({ day: '2026-12-15', quantity: '10.000' });
  });

  it('should update an existing order and keep what loaded documentation already reserved', async () => {
    const po = await insertPurchaseOrder(t.app.db, {
      supplierId: ids.midwest,
      materialId: ids.hms,
      tonnes: '100.000',
      number: '7711111111',
    });
    const ticketId = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.rapido,
      originDepotId: ids.chicagoYard,
    });
    expect(
      (await createTruckDocumentation(t, token('supplier1'), truckPayload(ids, ticketId, { purchaseOrderId: po.id })))
        .statusCode,
    ).toBe(201);
    expect(await available(t.app.db, po.id)).toBe('86.392');
    const csv =
      'documentNumberId,supplierSapId,materialCode,earlyDeliveryDate,quantity\n7711111111,100245,HMS-80-20,2027-01-10,150\n';
    const res = await importFile('admin', Buffer.from(csv), 'orders.csv');
    expect(res.json()).toEqual({ imported: 1, errors: [] });
    expect(await order('7711111111')).toMatchObject({ quantity: '150.000', available: '136.392', day: '2027-01-10' });
  });

  it('should store no spreadsheet formula and no overlong cell', async () => {
    const csv = [
      'documentNumberId,supplierSapId,materialCode,earlyDeliveryDate,quantity,materialDesc',
      '7733333331,100245,FORMULA-1,2026-12-15,10,"=HYPERLINK(""http://evil.test"",""click"")"',
      '7733333332,100245,FORMULA-2,2026-12-15,10,@SUM(A1:A9)',
      '7733333333,100245,FORMULA-3,2026-12-15,10,+cmd',
      `7733333334,100245,LONG-1,2026-12-15,10,${'x'.repeat(201)}`,
      '7733333335,100245,PLAIN-1,2026-12-15,10,Plain grade',
    ].join('\n');
    const res = await importFile('admin', Buffer.from(csv), 'orders.csv');
    expect(res.json()).toEqual({
      imported: 1,
      errors: [
        { row: 2, reason: 'formula', message: 'Cells must not start with =, +, - or @ (formulas are not imported)' },
        { row: 3, reason: 'formula', message: 'Cells must not start with =, +, - or @ (formulas are not imported)' },
        { row: 4, reason: 'formula', message: 'Cells must not start with =, +, - or @ (formulas are not imported)' },
        { row: 5, reason: 'cellTooLong', message: 'Cells must be at most 200 characters' },
      ],
    });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('POs');
    sheet.addRow([
      'documentNumberId',
      'supplierSapId',
      'materialCode',
      'earlyDeliveryDate',
      'quantity',
      'materialDesc',
    ]);
    sheet.addRow(['7733333336', '100245', 'FORMULA-4', '2027-02-04', 12, { formula: 'A1&B1', result: 'Harmless' }]);
    const xlsx = await importFile('admin', Buffer.from(await workbook.xlsx.writeBuffer()), 'orders.xlsx');
    expect(xlsx.json().imported).toBe(0);
    const codes = ((await get('admin', '/api/materials')).json().materials as { code: string }[]).map((m) => m.code);
    expect(codes).toContain('PLAIN-1');
    expect(codes.filter((c) => /^(FORMULA|LONG)-/.test(c))).toEqual([]);
  });

  it('should answer 400 to a truncated upload', async () => {
    const { payload, headers } = multipart([filePart('file', Buffer.from('documentNumberId\n1\n'), 'orders.csv')]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purchase-orders/import',
      headers: { ...headers, ...bearer(token('admin')) },
      payload: payload.subarray(0, payload.length - 20),
    });
    expect(res.statusCode).toBe(400);
  });

  it('should import an XLSX workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('POs');
    sheet.addRow([
      'documentNumberId',
      'supplierSapId',
      'materialCode',
      'earlyDeliveryDate',
      'quantity',
      'materialDesc',
    ]);
    sheet.addRow(['7722222221', '100311', 'CAST-IRON', new Date(Date.UTC(2027, 1, 3)), 75.25, '']);
    sheet.addRow(['7722222222', 100245, 'NEW-MAT', '2027-02-04', '12', 'Brand new grade']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await importFile('admin', data, 'orders.xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ imported: 2, errors: [] });
    expect(await order('7722222221')).toMatchObject({ supplierId: ids.texas, day: '2027-02-03', quantity: '75.250' });
    const materials = (await get('admin', '/api/materials')).json().materials as {
      code: string;
      description: string;
    }[];
    expect(materials).toContainEqual(expect.objectContaining({ code: 'NEW-MAT', description: 'Brand new grade' }));
  });

  it('should answer 400 naming missing columns, leave no file, and 403 for ADMINRO', async () => {
    const before: string[] = [];
    for await (const o of t.app.files.list()) before.push(o.key);
    const res = await importFile('admin', Buffer.from('documentNumberId,quantity\n1,2\n'), 'bad.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Missing columns: supplierSapId, materialCode, earlyDeliveryDate');
    const after: string[] = [];
    for await (const o of t.app.files.list()) after.push(o.key);
    expect(after.sort()).toEqual(before.sort());
    expect((await importFile('adminro', Buffer.from('x'), 'x.csv')).statusCode).toBe(403);
  });
});
