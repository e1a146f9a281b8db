/**
 * The purchase-order import reads its file as a stream: a header without the required columns is refused
 * before the rows are read (shown with files whose later part cannot be read at all), and a refusal
 * found late in the file still leaves nothing imported.
 */
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/database';
import { filePart } from '../fixtures/files';
import { storedKeys, upload } from '../fixtures/portal-data';
import { zipEntries, zipOf } from '../fixtures/zip-entries';
import { useSeededApp } from './helpers/seeded-app';

const { t, token } = useSeededApp();

const importFile = (data: Buffer, name: string) =>
  upload(t, 'POST', '/api/purchase-orders/import', token('admin'), [filePart('file', data, name)]);

const orderCount = async (prefix: string) =>
  (
    await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from purchase_orders where document_number_id like ${`${prefix}%`}`,
    )
  )[0]!.n;

/** A real workbook's parts with `sheetXml` as its only sheet. */
async function workbookWithSheet(sheetXml: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('POs').addRow(['documentNumberId']);
  const sheet = Buffer.from(sheetXml);
  return zipOf(
    zipEntries(Buffer.from(await workbook.xlsx.writeBuffer())).map((e) =>
      e.name === 'xl/worksheets/sheet1.xml'
        ? { name: e.name, deflated: deflateRawSync(sheet), declared: sheet.length }
        : { name: e.name, deflated: e.method === 8 ? e.data : deflateRawSync(e.data), declared: e.size },
    ),
  );
}

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

describe('POST /api/purchase-orders/import, read as a stream', () => {
  it('should refuse an .xlsx for missing columns from its header, without reading the rows after it', async () => {
    // 4 MB of rows, then XML no reader can parse: only a reader that stops after the header answers.
    const rows = Array.from(
      { length: 60_000 },
      (_, i) => `<row r="${i + 2}"><c r="A${i + 2}"><v>${7790000000 + i}</v></c></row>`,
    ).join('');
    const xml =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
      `<row r="1">${inline('A1', 'documentNumberId')}${inline('B1', 'quantity')}</row>${rows}` +
      '<row r="60002"><c r="A60002"><v>1</v></c></wrong></sheetData></worksheet>';
    const res = await importFile(await workbookWithSheet(xml), 'orders.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Missing columns: supplierSapId, materialCode, earlyDeliveryDate');
    expect(await storedKeys(t)).toEqual([]);
  });

  it('should refuse a CSV for missing columns from its header, without reading the rows after it', async () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => `${7790000000 + i},10`).join('\n');
    const csv = `documentNumberId,quantity\n${rows}\n7799999999,"never closed\n`;
    const res = await importFile(Buffer.from(csv), 'orders.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Missing columns: supplierSapId, materialCode, earlyDeliveryDate');
  });

  it('should import nothing from a file with more rows than allowed, even rows read before the limit', async () => {
    const lines = ['documentNumberId,supplierSapId,materialCode,earlyDeliveryDate,quantity'];
    lines.push('7781000000,100245,HMS-80-20,2027-01-15,10');
    // The other rows name no known supplier: each is checked without a write, so the file reads fast.
    for (let i = 1; i <= 20_000; i++) lines.push(`${7781000000 + i},999999,HMS-80-20,2027-01-15,10`);
    const res = await importFile(Buffer.from(lines.join('\n')), 'orders.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('At most 20000 rows per import');
    expect(await orderCount('778100')).toBe(0);
  });

  it('should answer 400 to an .xlsx that breaks after its first rows and import none of them', async () => {
    const header = ['documentNumberId', 'supplierSapId', 'materialCode', 'earlyDeliveryDate', 'quantity'];
    const cells = (r: number, values: string[]) =>
      values.map((v, i) => inline(`${String.fromCharCode(65 + i)}${r}`, v)).join('');
    const good = Array.from(
      { length: 1200 },
      (_, i) =>
        `<row r="${i + 2}">${cells(i + 2, [String(7782000000 + i), '100245', 'HMS-80-20', '2027-01-15', '10'])}</row>`,
    ).join('');
    const xml =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
      `<row r="1">${cells(1, header)}</row>${good}</wrong></sheetData></worksheet>`;
    const res = await importFile(await workbookWithSheet(xml), 'orders.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file must be a CSV or XLSX spreadsheet');
    expect(await orderCount('778200')).toBe(0);
  });
});
