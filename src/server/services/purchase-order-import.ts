/**
 * Reads the ERP's purchase-order export (CSV or XLSX, told apart by the file's bytes) into rows keyed by
 * the header names documentNumberId, supplierSapId, materialCode, earlyDeliveryDate, quantity and the
 * optional materialDesc. Cells are normalised to strings; dates to YYYY-MM-DD.
 */
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import * as v from 'valibot';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import {
  MAX_IMPORT_CELL,
  MISSING_COLUMNS_PREFIX,
  importRowMessage,
  type ImportResult,
  type ImportRowReason,
} from '../../shared/schemas/purchase-order-import';
import { REQUEST_MSG } from '../../shared/schemas/request-messages';
import type { FileStore, StoredObject } from '../files/file-store';
import { checkZip, type ZipLimits } from './zip-guard';
import {
  importLookups,
  insertMaterial,
  upsertPurchaseOrder,
  type PurchaseOrderImportRow,
} from '../repositories/purchase-orders';

export const IMPORT_COLUMNS = [
  'documentNumberId',
  'supplierSapId',
  'materialCode',
  'earlyDeliveryDate',
  'quantity',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number] | 'materialDesc';

export interface SheetRow {
  /** Spreadsheet row number (the header is row 1). */
  row: number;
  values: Partial<Record<ImportColumn, string>>;
}

const fileError = (status: number, message: string) => new HttpError(status, message, { file: message });

const isZip = (head: Uint8Array) => head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    // A formula cell is read as its formula, which the row check then refuses: a cached result may
    // not match what a spreadsheet would compute, and the formula itself must never be stored.
    if ('formula' in value && typeof value.formula === 'string') return `=${value.formula}`;
    if ('sharedFormula' in value && typeof value.sharedFormula === 'string') return `=${value.sharedFormula}`;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value).trim();
}

/**
 * What an .xlsx may unpack to. 20,000 rows of the export's six columns unpack to about 10 MB of XML, so
 * 50 MB leaves room; an export has a dozen entries.
 */
export const XLSX_LIMITS: ZipLimits = { maxInflatedBytes: 50 * 1024 * 1024, maxEntries: 500 };

/** The stored upload in memory: it was bounded when it was stored, and is bounded here again. */
async function buffered(source: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += (chunk as Buffer).length;
    if (size > IMPORT_MAX_BYTES) throw fileError(413, REQUEST_MSG.importTooLarge);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const ZIP_REFUSALS = {
  'not-a-zip': () => fileError(400, REQUEST_MSG.importNotSpreadsheet),
  'too-many-entries': () => fileError(400, REQUEST_MSG.importTooManyEntries),
  'inflates-too-much': () => fileError(413, REQUEST_MSG.importInflatesTooMuch),
} as const;

export async function readSheet(source: Readable, head: Uint8Array): Promise<{ rows: SheetRow[]; missing: string[] }> {
  const workbook = new ExcelJS.Workbook();
  let sheet: ExcelJS.Worksheet | undefined;
  if (isZip(head)) {
    // exceljs unpacks every entry whole: the archive is checked first, so a small file that unpacks to
    // gigabytes is refused before it can exhaust the server's memory.
    const zip = await buffered(source);
    const refusal = await checkZip(zip, XLSX_LIMITS);
    if (refusal) throw ZIP_REFUSALS[refusal]();
    await workbook.xlsx.load(new Uint8Array(zip).buffer);
    sheet = workbook.worksheets[0];
  } else {
    // Keep every cell as the text it is: document numbers must not become numbers, dates not Dates.
    sheet = await workbook.csv.read(source, { map: (value: unknown) => value });
  }
  if (!sheet) return { rows: [], missing: [...IMPORT_COLUMNS] };

  const columns = new Map<number, ImportColumn>();
  const known: readonly string[] = [...IMPORT_COLUMNS, 'materialDesc'];
  sheet.getRow(1).eachCell((cell, col) => {
    const name = cellText(cell.value)
      .replace(/^\uFEFF/, '')
      .trim();
    const match = known.find((k) => k.toLowerCase() === name.toLowerCase());
    if (match) columns.set(col, match as ImportColumn);
  });
  const present = new Set(columns.values());
  const missing = IMPORT_COLUMNS.filter((c) => !present.has(c));

  const rows: SheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values: SheetRow['values'] = {};
    for (const [col, name] of columns) values[name] = cellText(row.getCell(col).value);
    if (Object.values(values).some((x) => x !== '')) rows.push({ row: number, values });
  });
  return { rows, missing };
}

/** Accepts YYYY-MM-DD, and the ERP's MM/DD/YYYY. */
export function importDate(text: string): string | null {
  let iso = text;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (us) iso = `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/** Tonnes with at most 3 decimals, positive. */
export function importQuantity(text: string): string | null {
  const clean = text.replace(/,/g, '');
  if (!/^\d+(\.\d{1,3})?$/.test(clean) || Number(clean) <= 0 || Number(clean) >= 1e9) return null;
  return Number(clean).toFixed(3);
}

/** Largest import accepted: a year of orders is far below it. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
const MAX_IMPORT_ROWS = 20_000;
/**
 * A text starting with one of these runs as a formula when the data is opened in a spreadsheet again
 * (the SAP export, a downloaded list): such cells are refused, so no formula is ever stored.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A signed number ('-3') is data, not a formula; the quantity check reports it. */
const SIGNED_NUMBER = /^[+-]\d+(?:\.\d+)?$/;

/**
 * The cells of one row that need no lookup, each with the message the import reports. Lookups (supplier,
 * material) and the once-per-file rule are checked between the number and the date, in that order, so a
 * row reports its first problem as a person reading it left to right would find it.
 */
const ImportRowSchema = v.object({
  documentNumberId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,40}$/, importRowMessage('badNumber'))),
  earlyDeliveryDate: v.pipe(v.string(), v.transform(importDate), v.string(importRowMessage('badDate'))),
  quantity: v.pipe(v.string(), v.transform(importQuantity), v.string(importRowMessage('badQuantity'))),
});

/** The reason a row was refused, and the cell it names. */
interface Refusal {
  reason: ImportRowReason;
  value?: string;
}

/** A cell check of the row schema, by its field, as the reason it gives. */
const FIELD_REASON: Record<string, ImportRowReason> = {
  documentNumberId: 'badNumber',
  earlyDeliveryDate: 'badDate',
  quantity: 'badQuantity',
};

/**
 * Imports the stored spreadsheet: refuses the whole file for a missing column or too many rows; otherwise
 * upserts every valid row in one transaction and reports the others by row number.
 */
export async function importPurchaseOrders(db: Db, files: FileStore, stored: StoredObject): Promise<ImportResult> {
  const sheet = await readSheet(files.read(stored.key), stored.head).catch((error: unknown) => {
    throw error instanceof HttpError ? error : fileError(400, REQUEST_MSG.importNotSpreadsheet);
  });
  if (sheet.missing.length > 0) throw fileError(400, `${MISSING_COLUMNS_PREFIX}${sheet.missing.join(', ')}`);
  if (sheet.rows.length > MAX_IMPORT_ROWS) throw new HttpError(400, `At most ${MAX_IMPORT_ROWS} rows per import`);
  return db.transaction(async (tx) => {
    const lookups = await importLookups(tx);
    const errors: ImportResult['errors'] = [];
    const seen = new Set<string>();
    let imported = 0;
    for (const { row, values } of sheet.rows) {
      const parsed = v.safeParse(ImportRowSchema, {
        documentNumberId: values.documentNumberId ?? '',
        earlyDeliveryDate: values.earlyDeliveryDate ?? '',
        quantity: values.quantity ?? '',
      });
      const failed = (field: string) => !parsed.success && parsed.issues.some((i) => v.getDotPath(i) === field);
      const refuse = async (): Promise<Refusal | PurchaseOrderImportRow> => {
        const cells = Object.values(values);
        if (cells.some((cell) => cell.length > MAX_IMPORT_CELL)) return { reason: 'cellTooLong' };
        if (cells.some((cell) => FORMULA_START.test(cell) && !SIGNED_NUMBER.test(cell))) return { reason: 'formula' };
        const number = values.documentNumberId ?? '';
        if (failed('documentNumberId')) return { reason: 'badNumber' };
        if (seen.has(number)) return { reason: 'duplicate', value: number };
        const supplierId = lookups.suppliers.get(values.supplierSapId ?? '');
        if (supplierId === undefined) return { reason: 'unknownSupplier', value: values.supplierSapId ?? '' };
        const code = values.materialCode ?? '';
        let materialId = lookups.materials.get(code);
        if (materialId === undefined && code && values.materialDesc) {
          materialId = await insertMaterial(tx, code, values.materialDesc);
          lookups.materials.set(code, materialId);
        }
        if (materialId === undefined) return { reason: 'unknownMaterial', value: code };
        if (!parsed.success) {
          const field = ['earlyDeliveryDate', 'quantity'].find(failed) ?? v.getDotPath(parsed.issues[0]) ?? '';
          return { reason: FIELD_REASON[field] ?? 'badNumber' };
        }
        const { earlyDeliveryDate, quantity } = parsed.output;
        return { documentNumberId: number, supplierId, materialId, earlyDeliveryDate, quantity };
      };
      const item = await refuse();
      if ('reason' in item) {
        errors.push({ row, ...item, message: importRowMessage(item.reason, item.value) });
        continue;
      }
      await upsertPurchaseOrder(tx, item);
      seen.add(item.documentNumberId);
      imported++;
    }
    return { imported, errors };
  });
}
