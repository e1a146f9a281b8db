/**
 * The import's refusals in the admin's language: a refused row by its reason code and the cell it
 * names, and a file without every required column by the names of the missing ones (column names are
 * the ERP export's identifiers, the same in every language).
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  IMPORT_ROW_REASONS,
  MAX_IMPORT_CELL,
  MISSING_COLUMNS_PREFIX,
  type ImportRowError,
} from '../../../shared/schemas/purchase-order-import';

export function rowErrorText(i18n: I18n, error: ImportRowError): string {
  const value = error.value ?? '';
  const max = MAX_IMPORT_CELL;
  // An answer from a server that knows a reason this client does not: its English text.
  if (!IMPORT_ROW_REASONS.includes(error.reason)) return error.message;
  switch (error.reason) {
    case 'cellTooLong':
      return i18n._(msg`Cells must be at most ${max} characters`);
    case 'formula':
      return i18n._(msg`Cells must not start with =, +, - or @ (formulas are not imported)`);
    case 'badNumber':
      return i18n._(msg`The purchase order number (documentNumberId) is missing or invalid`);
    case 'duplicate':
      return i18n._(msg`Purchase order ${value} appears twice`);
    case 'unknownSupplier':
      return i18n._(msg`Unknown supplier SAP id ${value}`);
    case 'unknownMaterial':
      return i18n._(msg`Unknown material code ${value}`);
    case 'badDate':
      return i18n._(msg`The delivery date (earlyDeliveryDate) must be a date (YYYY-MM-DD)`);
    case 'badQuantity':
      return i18n._(msg`The quantity must be a positive number of tonnes`);
  }
}

/** 'Missing columns: a, b' in the admin's language; null for any other text. */
export function missingColumnsText(i18n: I18n, text: string): string | null {
  if (!text.startsWith(MISSING_COLUMNS_PREFIX)) return null;
  const columns = text.slice(MISSING_COLUMNS_PREFIX.length);
  return i18n._(msg`Missing columns: ${columns}`);
}
