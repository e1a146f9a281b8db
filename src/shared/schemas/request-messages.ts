/**
 * The server's own refusals that reach a user as they are (a toast, a form's error line), beside the
 * spec's texts in messages.ts. The server sends these exact texts and the client's catalogue keys its
 * Spanish texts by them, so a wording change here changes both sides at once.
 */
export const REQUEST_MSG = {
  notFound: 'Not found',
  unauthorized: 'Unauthorized',
  invalidBody: 'Invalid request body',
  unstorableText: 'Text must not contain a NUL character or a broken character',
  malformedMultipart: 'The multipart body is malformed',
  sendMultipart: 'Send the file as multipart/form-data',
  sendOneFile: 'Send one file',
  importTooLarge: 'The file exceeds the maximum size of 10 MB',
  importNotSpreadsheet: 'The file must be a CSV or XLSX spreadsheet',
  importInflatesTooMuch: 'The spreadsheet unpacks to more than 50 MB; split it into smaller files',
  importTooManyEntries: 'The spreadsheet holds too many parts to be an export; save it again as a plain XLSX',
  fileNotFound: 'File not found',
  invoiceNotFound: 'Invoice not found',
  carrierNotFound: 'Carrier not found',
  materialNotFound: 'Material not found',
  noActiveContract: 'The carrier has no active contract',
  invalidTimezone: 'Invalid timezone offset',
  nothingToChange: 'Nothing to change',
  purchaseOrderMismatch: 'The purchase order does not belong to this supplier and material',
  destinationFixed: 'The destination cannot be changed',
  documentationTicketFixed: 'The ticket of a documentation cannot be changed',
  invoiceTicketFixed: 'The ticket of an invoice cannot be changed',
} as const;
