/**
 * The answer of the purchase-order import: how many rows were saved, and for each refused row why. A
 * refused row carries its reason as a code and the cell value it names, so the admin reads it in their
 * own language; `message` is the same reason in English for other API clients.
 */
import * as v from 'valibot';
import { AnswerCount, AnswerDay, AnswerId } from './schema-helpers';

export const IMPORT_ROW_REASONS = [
  'cellTooLong',
  'formula',
  'badNumber',
  'duplicate',
  'unknownSupplier',
  'unknownMaterial',
  'badDate',
  'badQuantity',
] as const;
export type ImportRowReason = (typeof IMPORT_ROW_REASONS)[number];

/** No cell of the export is longer; a longer one is refused, not cut, so nothing is stored half. */
export const MAX_IMPORT_CELL = 200;

const ImportRowErrorSchema = v.strictObject({
  row: v.number(),
  reason: v.picklist(IMPORT_ROW_REASONS),
  /** The cell the reason names (the order number, the SAP id, the material code), when it names one. */
  value: v.optional(v.string()),
  message: v.string(),
});
export type ImportRowError = v.InferOutput<typeof ImportRowErrorSchema>;

export const ImportResultSchema = v.strictObject({ imported: AnswerCount, errors: v.array(ImportRowErrorSchema) });
export type ImportResult = v.InferOutput<typeof ImportResultSchema>;

/** An open purchase order as the documentation form lists it. */
export const PurchaseOrderViewSchema = v.strictObject({
  id: AnswerId,
  documentNumberId: v.string(),
  earlyDeliveryDate: AnswerDay,
  availableQuantity: v.number(),
  quantity: v.number(),
  materialId: AnswerId,
  materialDesc: v.string(),
  supplierId: AnswerId,
});
export type PurchaseOrderView = v.InferOutput<typeof PurchaseOrderViewSchema>;

export const MaterialSchema = v.strictObject({ id: AnswerId, code: v.string(), description: v.string() });

/** A file without every required column is refused with this text followed by the missing columns' names. */
export const MISSING_COLUMNS_PREFIX = 'Missing columns: ';

/** The English text of a refused row's reason. */
export function importRowMessage(reason: ImportRowReason, value = ''): string {
  switch (reason) {
    case 'cellTooLong':
      return `Cells must be at most ${MAX_IMPORT_CELL} characters`;
    case 'formula':
      return 'Cells must not start with =, +, - or @ (formulas are not imported)';
    case 'badNumber':
      return 'documentNumberId is missing or invalid';
    case 'duplicate':
      return `Purchase order ${value} appears twice`;
    case 'unknownSupplier':
      return `Unknown supplier SAP id ${value}`;
    case 'unknownMaterial':
      return `Unknown material code ${value}`;
    case 'badDate':
      return 'earlyDeliveryDate must be a date (YYYY-MM-DD)';
    case 'badQuantity':
      return 'quantity must be a positive number of tonnes';
  }
}
