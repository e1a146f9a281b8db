/**
 * Provider (TA) invoice payloads (the JSON part `invoice`
 * of POST /invoices, PUT /invoices/{id} and PUT /invoices/{id}/payment, and the ERP's validation call.
 */
import * as v from 'valibot';
import { MSG } from './messages';
import { INT4_MAX, isIsoDate } from './schema-helpers';

export const SAP_VALIDATION_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type SapValidationStatus = (typeof SAP_VALIDATION_STATUSES)[number];

export const INVOICE_MSG = {
  required: MSG.required,
  dateFormat: 'The date must be a date (YYYY-MM-DD)',
  tooLong: 'The text is too long',
  sapStatus: 'Status must be pending, confirmed or rejected',
} as const;

const present = (x: unknown) => x !== undefined && x !== null && !(typeof x === 'string' && x.trim() === '');

/** Texts are JSON strings (or numbers, read as their digits); lists, objects and booleans are refused. */
const isText = (x: unknown) => typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x));

const requiredText = v.pipe(
  v.optional(v.unknown(), null),
  v.check(present, INVOICE_MSG.required),
  v.check(isText, INVOICE_MSG.required),
  v.transform((x) => String(x).trim()),
  v.maxLength(60, INVOICE_MSG.tooLong),
);
const requiredDate = v.pipe(
  v.optional(v.unknown(), null),
  v.check(present, INVOICE_MSG.required),
  v.check((x) => typeof x === 'string' && isIsoDate(x.trim()), INVOICE_MSG.dateFormat),
  v.transform((x) => String(x).trim()),
);
const requiredId = v.pipe(
  v.optional(v.unknown(), null),
  v.check(present, INVOICE_MSG.required),
  // A JSON number or the plain digits of one: '0x10', '1e3' or ' ' are not read as 16, 1000 or 0.
  v.transform((x) => (typeof x === 'number' ? x : typeof x === 'string' && /^\s*\d+\s*$/.test(x) ? Number(x) : NaN)),
  v.check((n) => Number.isInteger(n) && n > 0 && n <= INT4_MAX, INVOICE_MSG.required),
);

export const CreateInvoiceSchema = v.object({
  number: requiredText,
  date: requiredDate,
  borderCrossingId: requiredId,
  ticketId: requiredId,
});
export type CreateInvoice = v.InferOutput<typeof CreateInvoiceSchema>;

/** Every field optional; a field that is sent must be valid. The ticket of an invoice never changes. */
export const UpdateInvoiceSchema = v.object({
  number: v.optional(requiredText),
  date: v.optional(requiredDate),
  borderCrossingId: v.optional(requiredId),
  ticketId: v.optional(v.unknown()),
});
export type UpdateInvoice = v.InferOutput<typeof UpdateInvoiceSchema>;

export const PaymentSchema = v.object({
  paymentNumber: requiredText,
  paymentDate: requiredDate,
});
export type Payment = v.InferOutput<typeof PaymentSchema>;

/** PUT /invoices/{id}/sap-validation: the ERP's answer about the invoice number. */
export const SapValidationSchema = v.object({
  status: v.pipe(
    v.optional(v.string(INVOICE_MSG.sapStatus), ''),
    v.picklist(SAP_VALIDATION_STATUSES, INVOICE_MSG.sapStatus),
  ),
});
export type SapValidation = v.InferOutput<typeof SapValidationSchema>;
