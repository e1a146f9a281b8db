/**
 * What a failed documentation save tells the user: the duplicate-invoice-number code is the duplicate
 * invoice number text; field details from the server go under their fields; otherwise the server's
 * message, or the mode's generic text.
 */
import { ERROR_CODES } from '../../../shared/errors';
import { FILE_MSG } from '../../../shared/schemas/documentation';
import { ApiError, NetworkError } from '../../lib/api-client';
import { CLIENT_TEXTS } from '../../lib/client-texts';
import { DOCUMENT_TOASTS } from '../../lib/messages';

export interface SaveFailure {
  /** English spec text or server message, translated by the caller through tm(). */
  message: string;
  fieldErrors: Record<string, string>;
}

export function describeSaveError(error: unknown, fallback: string): SaveFailure {
  if (error instanceof NetworkError) return { message: CLIENT_TEXTS.noConnection, fieldErrors: {} };
  if (!(error instanceof ApiError)) return { message: fallback, fieldErrors: {} };
  const serverMessage = error.body?.message ?? '';
  if (error.body?.code === ERROR_CODES.duplicateInvoiceNumber) {
    return {
      message: DOCUMENT_TOASTS.duplicateInvoiceNumber,
      fieldErrors: { invoiceNumber: DOCUMENT_TOASTS.duplicateInvoiceNumber },
    };
  }
  const details = error.body?.details;
  const fieldErrors: Record<string, string> = {};
  if (details && typeof details === 'object') {
    for (const [key, value] of Object.entries(details as Record<string, unknown>)) {
      if (typeof value === 'string') fieldErrors[key] = value;
    }
  }
  if (error.status === 413) return { message: FILE_MSG.supplierTooBig, fieldErrors };
  if (error.status === 400 || error.status === 422 || error.status === 409) {
    return { message: serverMessage || fallback, fieldErrors };
  }
  return { message: fallback, fieldErrors };
}
