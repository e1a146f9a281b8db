/**
 * Provider (TA) invoice payloads (the JSON part `invoice`
 * of POST /invoices, PUT /invoices/{id} and PUT /invoices/{id}/payment, and the ERP's validation call.
 */
import * as v from 'valibot';
import { FIELD_MSG, requiredDate as formDate, requiredId as formId, requiredText as formText } from './form-fields';
import { MSG } from './messages';

export const SAP_VALIDATION_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type SapValidationStatus = (typeof SAP_VALIDATION_STATUSES)[number];

export const INVOICE_MSG = {
  required: MSG.required,
  dateFormat: 'The date must be a date (YYYY-MM-DD)',
  tooLong: FIELD_MSG.tooLong,
  sapStatus: 'Status must be pending, confirmed or rejected',
} as const;

const requiredText = formText(INVOICE_MSG.required, 60);
const requiredDate = formDate(INVOICE_MSG.required, INVOICE_MSG.dateFormat);
const requiredId = formId(INVOICE_MSG.required);

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
