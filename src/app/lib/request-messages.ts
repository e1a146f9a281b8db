/** The Spanish (and English) catalogue entries of the server's own refusals in REQUEST_MSG. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { REQUEST_MSG as R } from '../../shared/schemas/request-messages';

export const REQUEST_KNOWN: Record<string, MessageDescriptor> = {
  [R.notFound]: msg`Not found`,
  [R.unauthorized]: msg`Your session has ended; sign in again`,
  [R.invalidBody]: msg`The request could not be read`,
  [R.unstorableText]: msg`Text must not contain a NUL character or a broken character`,
  [R.malformedMultipart]: msg`The upload was cut short or is malformed; send it again`,
  [R.sendMultipart]: msg`Send the file as multipart/form-data`,
  [R.sendOneFile]: msg`Send one file`,
  [R.importTooLarge]: msg`The file exceeds the maximum size of 10 MB`,
  [R.importNotSpreadsheet]: msg`The file must be a CSV or XLSX spreadsheet`,
  [R.importInflatesTooMuch]: msg`The spreadsheet unpacks to more than 50 MB; split it into smaller files`,
  [R.importTooManyEntries]: msg`The spreadsheet holds too many parts to be an export; save it again as a plain XLSX`,
  [R.fileNotFound]: msg`File not found`,
  [R.invoiceNotFound]: msg`Invoice not found`,
  [R.carrierNotFound]: msg`Carrier not found`,
  [R.materialNotFound]: msg`Material not found`,
  [R.noActiveContract]: msg`The carrier has no active contract`,
  [R.invalidTimezone]: msg`Invalid timezone offset`,
  [R.nothingToChange]: msg`Nothing to change`,
  [R.purchaseOrderMismatch]: msg`The purchase order does not belong to this supplier and material`,
  [R.destinationFixed]: msg`The destination cannot be changed`,
  [R.documentationTicketFixed]: msg`The ticket of a documentation cannot be changed`,
  [R.invoiceTicketFixed]: msg`The ticket of an invoice cannot be changed`,
};
