/**
 * Imports the ERP's purchase-order export: checks each row (cells, lookups, the once-per-file rule) and
 * upserts the valid ones in one transaction, reporting the others by row number. The rows come from
 * `purchase-order-sheet.ts` as the file is read, in batches, so neither the file nor its rows are held
 * whole (decision 0010).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import * as v from 'valibot';
import type { Db, Tx } from '../db/database';
import { HttpError } from '../http/errors';
import {
  MAX_IMPORT_CELL,
  MISSING_COLUMNS_PREFIX,
  importRowMessage,
  type ImportResult,
  type ImportRowReason,
} from '../../shared/schemas/purchase-order-import';
import type { FileStore, StoredObject } from '../files/file-store';
import { fileError, openSheet, type SheetRow } from './purchase-order-sheet';
import {
  importLookups,
  insertMaterial,
  upsertPurchaseOrder,
  type PurchaseOrderImportRow,
} from '../repositories/purchase-orders';

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

const MAX_IMPORT_ROWS = 20_000;
/**
 * Rows read from the file before they are written; between batches the event loop serves other requests,
 * so a large import delays them by one batch at most.
 */
const BATCH_ROWS = 500;
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

type Lookups = Awaited<ReturnType<typeof importLookups>>;

/**
 * The row ready to write, or why it is refused. An unknown material that the row describes is created
 * (in the import's transaction) and added to the lookups.
 */
async function checkRow(
  tx: Tx,
  lookups: Lookups,
  seen: ReadonlySet<string>,
  values: SheetRow['values'],
): Promise<Refusal | PurchaseOrderImportRow> {
  const parsed = v.safeParse(ImportRowSchema, {
    documentNumberId: values.documentNumberId ?? '',
    earlyDeliveryDate: values.earlyDeliveryDate ?? '',
    quantity: values.quantity ?? '',
  });
  const failed = (field: string) => !parsed.success && parsed.issues.some((i) => v.getDotPath(i) === field);
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
}

/** The rows of `source` in arrays of at most `size`. */
async function* batches(source: AsyncIterable<SheetRow>, size: number): AsyncGenerator<SheetRow[]> {
  let batch: SheetRow[] = [];
  for await (const row of source) {
    batch.push(row);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Imports the stored spreadsheet: refuses the whole file for a missing column (read from the header
 * alone), too many rows or a file that turns out unreadable; otherwise upserts every valid row in one
 * transaction and reports the others by row number. The file is read inside the transaction, so a
 * refusal found late rolls back what earlier batches wrote and the answer is all or nothing, as when the
 * whole file was read first.
 */
export async function importPurchaseOrders(db: Db, files: FileStore, stored: StoredObject): Promise<ImportResult> {
  const sheet = await openSheet(files.read(stored.key), stored.head);
  try {
    if (sheet.missing.length > 0) throw fileError(400, `${MISSING_COLUMNS_PREFIX}${sheet.missing.join(', ')}`);
    return await db.transaction(async (tx) => {
      const lookups = await importLookups(tx);
      const errors: ImportResult['errors'] = [];
      const seen = new Set<string>();
      let imported = 0;
      let read = 0;
      for await (const batch of batches(sheet.rows, BATCH_ROWS)) {
        read += batch.length;
        if (read > MAX_IMPORT_ROWS) throw new HttpError(400, `At most ${MAX_IMPORT_ROWS} rows per import`);
        for (const { row, values } of batch) {
          const item = await checkRow(tx, lookups, seen, values);
          if ('reason' in item) {
            errors.push({ row, ...item, message: importRowMessage(item.reason, item.value) });
            continue;
          }
          await upsertPurchaseOrder(tx, item);
          seen.add(item.documentNumberId);
          imported++;
        }
        await nextTurn();
      }
      return { imported, errors };
    });
  } finally {
    await sheet.close();
  }
}
