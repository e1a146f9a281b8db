/**
 * The purchase-order import and spreadsheets that unpack to far more than they weigh: each is refused
 * with a 4xx before the spreadsheet reader unpacks it, whatever its entries declare, and the server
 * goes on serving with no upload left behind. The reader reads only the entries that were checked.
 */
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { filePart, multipart } from '../fixtures/files';
import { deflatedZeros, zipEntries, zipOf, type ZipEntry } from '../fixtures/zip-entries';
import { storedKeys } from '../fixtures/portal-data';
import { useSeededApp } from './helpers/seeded-app';
import { bearer } from './helpers/test-app';

const s = useSeededApp();

const importFile = (data: Buffer) => {
  const { payload, headers } = multipart([filePart('file', data, 'orders.xlsx')]);
  return s.t.app.inject({
    method: 'POST',
    url: '/api/purchase-orders/import',
    headers: { ...headers, ...bearer(s.token('admin')) },
    payload,
  });
};

const deflated = (e: ZipEntry) => (e.method === 8 ? e.data : deflateRawSync(e.data));

/** The entries of a real one-row export, so only the bomb entry differs from a file the import takes. */
async function realEntries() {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('POs').addRow(['documentNumberId', 'supplierSapId', 'materialCode']);
  const entries = zipEntries(Buffer.from(await workbook.xlsx.writeBuffer()));
  return entries.map((e) => ({
    name: e.name,
    deflated: deflated(e),
    declared: e.size,
  }));
}

describe('POST /api/purchase-orders/import with a zip bomb', () => {
  it('should refuse with 413 a 1 MB spreadsheet whose sheet unpacks to 1 GB, as declared', async () => {
    const entries = await realEntries();
    const bomb = zipOf([
      ...entries.filter((e) => e.name !== 'xl/worksheets/sheet1.xml'),
      { name: 'xl/worksheets/sheet1.xml', deflated: deflatedZeros(1024), declared: 1024 * 1024 * 1024 },
    ]);
    expect(bomb.length).toBeLessThan(1.2 * 1024 * 1024);
    const res = await importFile(bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The spreadsheet unpacks to more than 50 MB; split it into smaller files');
  });

  it('should refuse with 413 a bomb whose entries declare a few bytes, counting what they really unpack to', async () => {
    const entries = await realEntries();
    const lying = zipOf([
      ...entries,
      // Each declares 1 KB; together they unpack to 3 x 40 MB.
      ...[1, 2, 3].map((n) => ({ name: `xl/media/image${n}.bin`, deflated: deflatedZeros(40), declared: 1024 })),
    ]);
    const res = await importFile(lying);
    expect(res.statusCode).toBe(413);
    expect(res.json().details).toEqual({
      file: 'The spreadsheet unpacks to more than 50 MB; split it into smaller files',
    });
  });

  it('should refuse with 400 a spreadsheet of thousands of entries', async () => {
    const tiny = deflateRawSync(Buffer.from('<x/>'));
    const many = zipOf(
      Array.from({ length: 2000 }, (_, n) => ({ name: `xl/parts/p${n}.xml`, deflated: tiny, declared: 4 })),
    );
    const res = await importFile(many);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The spreadsheet holds too many parts to be an export; save it again as a plain XLSX',
    );
  });

  it('should read the entries the directory lists, as they were checked, not one hidden before them', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('POs');
    sheet.addRow(['documentNumberId', 'supplierSapId', 'materialCode', 'earlyDeliveryDate', 'quantity']);
    sheet.addRow(['7744444442', '100311', 'HMS-80-20', '2027-03-01', 10]);
    const listed = zipEntries(Buffer.from(await workbook.xlsx.writeBuffer()));
    // A reader walking the file from its first byte meets this sheet first; the directory does not list it.
    const cells = ['documentNumberId', 'supplierSapId', 'materialCode', 'earlyDeliveryDate', 'quantity'];
    const row = (r: number, values: string[]) =>
      `<row r="${r}">${values.map((v, i) => `<c r="${'ABCDE'[i]}${r}" t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`;
    const hidden = Buffer.from(
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
        `${row(1, cells)}${row(2, ['7744444449', '100311', 'HMS-80-20', '2027-03-01', '10'])}</sheetData></worksheet>`,
    );
    const crafted = zipOf([
      { name: 'xl/worksheets/sheet1.xml', deflated: deflateRawSync(hidden), declared: hidden.length, listed: false },
      ...listed.map((e) => ({ name: e.name, deflated: deflated(e), declared: e.size })),
    ]);
    expect(zipEntries(crafted).map((e) => e.name)).toEqual(listed.map((e) => e.name));
    expect((await importFile(crafted)).json()).toEqual({ imported: 1, errors: [] });
    const orders = await s.call(
      'admin',
      'GET',
      `/api/trucks-documentation/purchase-orders/material?supplierId=${s.ids.texas}`,
    );
    const numbers = (orders.json().purchaseOrders as { documentNumberId: string }[]).map((o) => o.documentNumberId);
    expect(numbers).toContain('7744444442');
    expect(numbers).not.toContain('7744444449');
  });

  it('should still import a real spreadsheet afterwards and keep no upload', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('POs');
    sheet.addRow(['documentNumberId', 'supplierSapId', 'materialCode', 'earlyDeliveryDate', 'quantity']);
    sheet.addRow(['7744444441', '100311', 'HMS-80-20', '2027-03-01', 10]);
    const res = await importFile(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(res.json()).toEqual({ imported: 1, errors: [] });
    expect(await storedKeys(s.t)).toEqual([]);
  });
});
