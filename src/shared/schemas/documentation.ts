/**
 * Truck and railcar documentation payloads with the spec's exact English messages. The
 * forms and the server parse the same objects; fields accept JSON numbers or numeric strings because the
 * JSON part of a multipart upload is often built from form inputs.
 */
import * as v from 'valibot';
import { hasAtMostTwoDecimals } from '../domain/money';
import { MSG } from './messages';
import { INT4_MAX, isIsoDate } from './schema-helpers';

export const DOC_MSG = {
  ticketRequired: 'Carrier is a required field',
  railcarTicketRequired: 'Ticket is a required field',
  carrierRequired: 'Carrier is a required field',
  destinationRequired: 'Destination is a required field',
  depotRequired: 'Yard is a required field',
  invoiceDateRequired: 'Invoice date is a required field',
  invoiceDateFormat: 'Invoice date must be a date (YYYY-MM-DD)',
  invoiceNumberRequired: 'Invoice number is a required field',
  invoiceAmountRequired: 'Invoice amount is a required field',
  invoiceAmountPositive: 'Invoice Amount must be a positive number',
  tareRequired: 'Tare weight is a required field',
  tarePositive: 'Tare Weight must be a positive number',
  grossRequired: 'Gross weight is a required field',
  grossAboveTare: 'Gross Weight must be greater than Tare Weight',
  twoDecimals: 'At most 2 decimals are allowed',
  tooLarge: 'The number is too large',
  carEquipmentRequired: 'Car/Equipment is a required field',
  carEquipmentFormat: 'Car/Equipment must contain alphanumeric digits (min 6)',
  carEquipmentVsInvoice: 'Car/Equipment and Invoice Number must be different',
  carEquipmentVsWaybill: 'Car/Equipment and WayBill must be different',
  waybillRequired: 'WayBill is a required field',
  waybillFormat: 'WayBill must contain only numeric digits (min 5)',
  waybillVsInvoice: 'WayBill and Invoice Number must be different',
  materialRequired: MSG.required,
  tooLong: 'The text is too long',
  purchaseOrderNotFound: 'Purchase order not found',
} as const;

/** Texts of the upload controls (size, type and count limits, and the required-file texts). */
export const FILE_MSG = {
  salesInvoiceRequired: 'Invoice is a required file',
  weightCertificateRequired: 'Weight cert. is a required file',
  blRequired: 'B/L is a required file',
  radioactiveCertificateRequired: 'Radioactive cert. is a required file',
  required: 'This is a required file',
  pdfFormat: 'The file format should be .pdf',
  pdfOrImageFormat: 'The file format should be .pdf or image',
  imageFormat: 'The file format should be an image',
  adminTooBig: 'File is too big (max. size: 3,5 Mb.)',
  supplierTooBig: 'The file exceeds the maximum size of 2 MB',
  empty: 'The file is empty',
  tooManyPhotos: 'At most 4 photos are allowed',
} as const;

/** Upload slots of a documentation, in the order of the POST's repeated `files[]`. */
export const DOCUMENT_SLOTS = ['salesInvoice', 'weightCertificate', 'BL', 'radioactiveCertificate'] as const;
export type DocumentSlot = (typeof DOCUMENT_SLOTS)[number];
export type DocumentFileField = DocumentSlot | 'photos';

export const REQUIRED_FILE_MSG: Record<DocumentFileField, string> = {
  salesInvoice: FILE_MSG.salesInvoiceRequired,
  weightCertificate: FILE_MSG.weightCertificateRequired,
  BL: FILE_MSG.blRequired,
  radioactiveCertificate: FILE_MSG.radioactiveCertificateRequired,
  photos: FILE_MSG.required,
};

/**
 * Texts arrive as JSON strings; a number is read as the digits it shows (a form may send a numeric
 * invoice number or waybill as a number). Lists, objects and booleans are refused instead of being
 * turned into '1,2', '[object Object]' or 'true'.
 */
const isText = (x: unknown) => typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x));
const present = (x: unknown) => x !== undefined && x !== null && !(typeof x === 'string' && x.trim() === '');
// A text is read only when it is a plain decimal ('20500.50'): Number() would also take '0x5014' as 20500
// or '2.05e4', and a grouped or decimal-comma text has no single meaning; those are refused, not guessed.
const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;
const toNumber = (x: unknown) =>
  typeof x === 'number' ? x : typeof x === 'string' && PLAIN_DECIMAL.test(x.trim()) ? Number(x.trim()) : Number.NaN;

/** A required positive amount or weight with at most 2 decimals. */
const positiveDecimal = (required: string, positive: string) =>
  v.pipe(
    v.optional(v.unknown(), null),
    v.check(present, required),
    v.transform(toNumber),
    v.check((n) => Number.isFinite(n) && n > 0, positive),
    v.check(hasAtMostTwoDecimals, DOC_MSG.twoDecimals),
    v.check((n) => n < 1e10, DOC_MSG.tooLarge),
  );

const optionalPositiveDecimal = (positive: string) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform(toNumber),
      v.check((n) => Number.isFinite(n) && n > 0, positive),
      v.check(hasAtMostTwoDecimals, DOC_MSG.twoDecimals),
      v.check((n) => n < 1e10, DOC_MSG.tooLarge),
    ),
  );

/** A required id (a positive integer, as a number or a numeric string). */
const requiredId = (required: string) =>
  v.pipe(
    v.optional(v.unknown(), null),
    v.check(present, required),
    v.transform(toNumber),
    v.check((n) => Number.isInteger(n) && n > 0 && n <= INT4_MAX, required),
  );

const optionalId = (message: string) =>
  v.pipe(
    v.optional(v.nullable(v.unknown()), null),
    v.transform((x) => (present(x) ? toNumber(x) : null)),
    v.check((n) => n === null || (Number.isInteger(n) && n > 0 && n <= INT4_MAX), message),
  );

/** A calendar date `YYYY-MM-DD`. */
export const requiredDate = (required: string, format: string) =>
  v.pipe(
    v.optional(v.unknown(), null),
    v.check(present, required),
    v.check((x) => typeof x === 'string' && isIsoDate(x.trim()), format),
    v.transform((x) => String(x).trim()),
  );

const optionalDate = (format: string) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.check((x) => typeof x === 'string' && isIsoDate(x.trim()), format),
      v.transform((x) => String(x).trim()),
    ),
  );

const requiredText = (required: string, max = 100) =>
  v.pipe(
    v.optional(v.unknown(), null),
    v.check(present, required),
    v.check(isText, required),
    v.transform((x) => String(x).trim()),
    v.maxLength(max, DOC_MSG.tooLong),
  );

const optionalText = (max: number) =>
  v.pipe(
    v.optional(v.nullable(v.unknown()), null),
    v.check((x) => !present(x) || isText(x), DOC_MSG.tooLong),
    v.transform((x) => (present(x) ? String(x).trim() : null)),
    v.check((x) => x === null || x.length <= max, DOC_MSG.tooLong),
  );

const CAR_EQUIPMENT = /^[A-Za-z0-9]{6,}$/;
const carEquipment = v.pipe(
  v.optional(v.unknown(), null),
  v.check(present, DOC_MSG.carEquipmentRequired),
  v.check(isText, DOC_MSG.carEquipmentFormat),
  v.transform((x) => String(x).trim()),
  v.regex(CAR_EQUIPMENT, DOC_MSG.carEquipmentFormat),
  v.maxLength(30, DOC_MSG.carEquipmentFormat),
);
const optionalCarEquipment = v.optional(
  v.pipe(
    v.unknown(),
    v.check(isText, DOC_MSG.carEquipmentFormat),
    v.transform((x) => String(x).trim()),
    v.regex(CAR_EQUIPMENT, DOC_MSG.carEquipmentFormat),
    v.maxLength(30, DOC_MSG.carEquipmentFormat),
  ),
);

const WAYBILL = /^\d{5,}$/;
const waybill = v.pipe(
  v.optional(v.unknown(), null),
  v.check(present, DOC_MSG.waybillRequired),
  v.check(isText, DOC_MSG.waybillFormat),
  v.transform((x) => String(x).trim()),
  v.regex(WAYBILL, DOC_MSG.waybillFormat),
  v.maxLength(30, DOC_MSG.waybillFormat),
);

/** The values the cross-field rules look at; the server runs them again on the merged row of an update. */
export interface DocumentationFacts {
  invoiceNumber?: string | null | undefined;
  carEquipment?: string | null | undefined;
  waybill?: string | null | undefined;
  grossWeight?: number | null | undefined;
  tareWeight?: number | null | undefined;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  a != null && b != null && a.trim() !== '' && a.trim().toUpperCase() === b.trim().toUpperCase();

/** Cross-field rules, one message per field (empty when the values agree). */
export function crossFieldIssues(doc: DocumentationFacts): Record<string, string> {
  const issues: Record<string, string> = {};
  if (doc.grossWeight != null && doc.tareWeight != null && !(doc.grossWeight > doc.tareWeight)) {
    issues.grossWeight = DOC_MSG.grossAboveTare;
  }
  if (same(doc.waybill, doc.invoiceNumber)) issues.waybill = DOC_MSG.waybillVsInvoice;
  if (same(doc.carEquipment, doc.invoiceNumber)) issues.carEquipment = DOC_MSG.carEquipmentVsInvoice;
  else if (same(doc.carEquipment, doc.waybill)) issues.carEquipment = DOC_MSG.carEquipmentVsWaybill;
  return issues;
}

/**
 * Adds the cross-field rules to an object schema, each reported on its own field. They also run when
 * other fields failed, on the fields that passed, so a form sees every message at once.
 */
function withCrossFieldRules<S extends v.GenericSchema<unknown, DocumentationFacts>>(schema: S) {
  return v.pipe(
    schema,
    v.rawCheck(({ dataset, addIssue }) => {
      const value = (dataset.value ?? {}) as Record<string, unknown>;
      if (typeof value !== 'object') return;
      const failed = new Set((dataset.issues ?? []).map((issue) => issue.path?.[0]?.key));
      const text = (key: string) =>
        !failed.has(key) && typeof value[key] === 'string' ? (value[key] as string) : undefined;
      const num = (key: string) =>
        !failed.has(key) && typeof value[key] === 'number' ? (value[key] as number) : undefined;
      const issues = crossFieldIssues({
        invoiceNumber: text('invoiceNumber'),
        carEquipment: text('carEquipment'),
        waybill: text('waybill'),
        grossWeight: num('grossWeight'),
        tareWeight: num('tareWeight'),
      });
      for (const [key, message] of Object.entries(issues)) {
        addIssue({ message, path: [{ type: 'object', origin: 'value', input: value, key, value: value[key] }] });
      }
    }),
  );
}

const truckCommon = {
  destinationId: requiredId(DOC_MSG.destinationRequired),
  invoiceAmount: positiveDecimal(DOC_MSG.invoiceAmountRequired, DOC_MSG.invoiceAmountPositive),
  tareWeight: positiveDecimal(DOC_MSG.tareRequired, DOC_MSG.tarePositive),
  grossWeight: positiveDecimal(DOC_MSG.grossRequired, DOC_MSG.grossAboveTare),
  carEquipment,
  materialDescription: optionalText(500),
  purchaseOrderId: optionalId(DOC_MSG.purchaseOrderNotFound),
};

export const CreateTruckDocumentationSchema = withCrossFieldRules(
  v.object({
    ticketId: requiredId(DOC_MSG.ticketRequired),
    invoiceDate: requiredDate(DOC_MSG.invoiceDateRequired, DOC_MSG.invoiceDateFormat),
    invoiceNumber: requiredText(DOC_MSG.invoiceNumberRequired),
    materialId: requiredId(DOC_MSG.materialRequired),
    ...truckCommon,
  }),
);
export type CreateTruckDocumentation = v.InferOutput<typeof CreateTruckDocumentationSchema>;

/** Edit mode: destination required; invoice date, number and material optional. */
export const UpdateTruckDocumentationSchema = withCrossFieldRules(
  v.object({
    invoiceDate: optionalDate(DOC_MSG.invoiceDateFormat),
    invoiceNumber: v.optional(requiredText(DOC_MSG.invoiceNumberRequired)),
    materialId: v.optional(requiredId(DOC_MSG.materialRequired)),
    ...truckCommon,
    // Absent keeps the stored value; null clears it.
    materialDescription: v.optional(optionalText(500)),
    purchaseOrderId: v.optional(optionalId(DOC_MSG.purchaseOrderNotFound)),
  }),
);
export type UpdateTruckDocumentation = v.InferOutput<typeof UpdateTruckDocumentationSchema>;

const railcarCommon = {
  invoiceAmount: positiveDecimal(DOC_MSG.invoiceAmountRequired, DOC_MSG.invoiceAmountPositive),
  tareWeight: positiveDecimal(DOC_MSG.tareRequired, DOC_MSG.tarePositive),
  grossWeight: positiveDecimal(DOC_MSG.grossRequired, DOC_MSG.grossAboveTare),
  waybill,
  carEquipment,
  materialDescription: optionalText(500),
  purchaseOrderId: optionalId(DOC_MSG.purchaseOrderNotFound),
  comments: optionalText(1000),
};

export const CreateRailcarDocumentationSchema = withCrossFieldRules(
  v.object({
    ticketId: requiredId(DOC_MSG.railcarTicketRequired),
    carrierId: requiredId(DOC_MSG.carrierRequired),
    destinationId: requiredId(DOC_MSG.destinationRequired),
    depotId: requiredId(DOC_MSG.depotRequired),
    invoiceDate: requiredDate(DOC_MSG.invoiceDateRequired, DOC_MSG.invoiceDateFormat),
    invoiceNumber: requiredText(DOC_MSG.invoiceNumberRequired),
    materialId: requiredId(DOC_MSG.materialRequired),
    ...railcarCommon,
  }),
);
export type CreateRailcarDocumentation = v.InferOutput<typeof CreateRailcarDocumentationSchema>;

/** The railcar edit form: ticket, carrier, yard, destination, invoice date and number, material optional. */
export const UpdateRailcarDocumentationSchema = withCrossFieldRules(
  v.object({
    ticketId: v.optional(requiredId(DOC_MSG.railcarTicketRequired)),
    carrierId: v.optional(requiredId(DOC_MSG.carrierRequired)),
    destinationId: v.optional(requiredId(DOC_MSG.destinationRequired)),
    depotId: v.optional(requiredId(DOC_MSG.depotRequired)),
    invoiceDate: optionalDate(DOC_MSG.invoiceDateFormat),
    invoiceNumber: v.optional(requiredText(DOC_MSG.invoiceNumberRequired)),
    materialId: v.optional(requiredId(DOC_MSG.materialRequired)),
    ...railcarCommon,
    // Absent keeps the stored value; null clears it.
    materialDescription: v.optional(optionalText(500)),
    purchaseOrderId: v.optional(optionalId(DOC_MSG.purchaseOrderNotFound)),
    comments: v.optional(optionalText(1000)),
  }),
);
export type UpdateRailcarDocumentation = v.InferOutput<typeof UpdateRailcarDocumentationSchema>;

/** The admin ticket-edit form: amount and weights positive, equipment rules; all optional. */
export const AdminTicketEditSchema = withCrossFieldRules(
  v.object({
    destinationId: v.optional(requiredId(DOC_MSG.destinationRequired)),
    invoiceDate: optionalDate(DOC_MSG.invoiceDateFormat),
    invoiceNumber: v.optional(requiredText(DOC_MSG.invoiceNumberRequired)),
    invoiceAmount: optionalPositiveDecimal(DOC_MSG.invoiceAmountPositive),
    tareWeight: optionalPositiveDecimal(DOC_MSG.tarePositive),
    grossWeight: optionalPositiveDecimal(DOC_MSG.grossAboveTare),
    carEquipment: optionalCarEquipment,
    materialId: v.optional(requiredId(DOC_MSG.materialRequired)),
    materialDescription: v.optional(optionalText(500)),
    purchaseOrderId: v.optional(optionalId(DOC_MSG.purchaseOrderNotFound)),
    comments: v.optional(optionalText(1000)),
  }),
);
export type AdminTicketEdit = v.InferOutput<typeof AdminTicketEditSchema>;

/** PUT /download: the file's key (as the documentation or invoice lists it) and its shown name. */
export const DownloadFileSchema = v.object({
  key: v.pipe(v.optional(v.string(MSG.required), ''), v.nonEmpty(MSG.required), v.maxLength(100)),
  name: v.optional(v.pipe(v.string(), v.maxLength(300))),
});
export type DownloadFile = v.InferOutput<typeof DownloadFileSchema>;
