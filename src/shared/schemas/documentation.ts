/**
 * Truck and railcar documentation payloads with the spec's exact English messages. The
 * forms and the server parse the same objects; fields accept JSON numbers or numeric strings because the
 * JSON part of a multipart upload is often built from form inputs.
 */
import * as v from 'valibot';
import { equipmentFault } from '../domain/car-equipment';
import { isAfterDay, latestCalendarDay } from '../domain/invoice-date';
import {
  FIELD_MSG,
  optionalDate,
  optionalId,
  optionalPatternText,
  optionalPositiveDecimal,
  optionalText,
  patternText,
  positiveDecimal,
  present,
  requiredDate,
  requiredId,
  requiredText,
} from './form-fields';
import { MSG } from './messages';

export const DOC_MSG = {
  // The spec words an empty ticket pick as 'Carrier is a required field'; the field is the ticket.
  ticketRequired: 'Ticket is a required field',
  carrierRequired: 'Carrier is a required field',
  destinationRequired: 'Destination is a required field',
  depotRequired: 'Yard is a required field',
  invoiceDateRequired: 'Invoice date is a required field',
  invoiceDateFormat: 'Invoice date must be a date (YYYY-MM-DD)',
  invoiceDateFuture: 'Invoice date cannot be in the future',
  invoiceNumberRequired: 'Invoice number is a required field',
  invoiceAmountRequired: 'Invoice amount is a required field',
  invoiceAmountPositive: 'Invoice Amount must be a positive number',
  tareRequired: 'Tare weight is a required field',
  tarePositive: 'Tare Weight must be a positive number',
  grossRequired: 'Gross weight is a required field',
  grossAboveTare: 'Gross Weight must be greater than Tare Weight',
  ...FIELD_MSG,
  carEquipmentRequired: 'Car/Equipment is a required field',
  carEquipmentFormat: 'Car/Equipment must contain alphanumeric digits (min 6)',
  carEquipmentVsInvoice: 'Car/Equipment and Invoice Number must be different',
  carEquipmentVsWaybill: 'Car/Equipment and WayBill must be different',
  waybillRequired: 'WayBill is a required field',
  waybillFormat: 'WayBill must contain only numeric digits (min 5)',
  waybillVsInvoice: 'WayBill and Invoice Number must be different',
  materialRequired: MSG.required,
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

/** A car/equipment id refused with the fault it has (a space, a hyphen, small letters...). */
const equipmentChecks = [
  v.check(present, DOC_MSG.carEquipmentRequired),
  v.check(
    (x: unknown) => typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x)),
    DOC_MSG.carEquipmentFormat,
  ),
  v.transform((x: unknown) => String(x).trim()),
  v.check(
    (text: string) => equipmentFault(text) === null,
    (issue) => equipmentFault(String(issue.input)) ?? DOC_MSG.carEquipmentFormat,
  ),
] as const;
const carEquipment = v.pipe(v.optional(v.unknown(), null), ...equipmentChecks);
const optionalCarEquipment = v.optional(v.pipe(v.unknown(), ...equipmentChecks));

/** The invoice's date, never after today (src/shared/domain/invoice-date.ts). */
const notFuture = v.check((date: string) => !isAfterDay(date, latestCalendarDay()), DOC_MSG.invoiceDateFuture);
const invoiceDate = v.pipe(requiredDate(DOC_MSG.invoiceDateRequired, DOC_MSG.invoiceDateFormat), notFuture);
const optionalInvoiceDate = v.optional(v.pipe(optionalDate(DOC_MSG.invoiceDateFormat).wrapped, notFuture));

const WAYBILL = /^\d{5,}$/;
const waybill = patternText(DOC_MSG.waybillRequired, DOC_MSG.waybillFormat, WAYBILL);
const optionalWaybill = optionalPatternText(DOC_MSG.waybillFormat, WAYBILL);

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

/** The load and its paperwork, the same for a truck and a railcar. */
const loadFields = {
  invoiceAmount: positiveDecimal(DOC_MSG.invoiceAmountRequired, DOC_MSG.invoiceAmountPositive),
  tareWeight: positiveDecimal(DOC_MSG.tareRequired, DOC_MSG.tarePositive),
  grossWeight: positiveDecimal(DOC_MSG.grossRequired, DOC_MSG.grossAboveTare),
  carEquipment,
  materialDescription: optionalText(500),
  purchaseOrderId: optionalId(DOC_MSG.purchaseOrderNotFound),
};

/** The invoice's date, number and material: required when documentation is first loaded... */
const invoiceFields = {
  invoiceDate,
  invoiceNumber: requiredText(DOC_MSG.invoiceNumberRequired),
  materialId: requiredId(DOC_MSG.materialRequired),
};

/** ...and optional in an edit, where an absent field keeps the stored value. */
const invoiceEditFields = {
  invoiceDate: optionalInvoiceDate,
  invoiceNumber: v.optional(invoiceFields.invoiceNumber),
  materialId: v.optional(invoiceFields.materialId),
};

/** The free-text and purchase-order fields in an edit: absent keeps the stored value, null clears it. */
const clearableEditFields = {
  materialDescription: v.optional(loadFields.materialDescription),
  purchaseOrderId: v.optional(loadFields.purchaseOrderId),
};

const truckFields = { destinationId: requiredId(DOC_MSG.destinationRequired), ...loadFields };

export const CreateTruckDocumentationSchema = withCrossFieldRules(
  v.object({ ticketId: requiredId(DOC_MSG.ticketRequired), ...invoiceFields, ...truckFields }),
);
export type CreateTruckDocumentation = v.InferOutput<typeof CreateTruckDocumentationSchema>;

/** Edit mode: destination required; invoice date, number and material optional. */
export const UpdateTruckDocumentationSchema = withCrossFieldRules(
  v.object({ ...invoiceEditFields, ...truckFields, ...clearableEditFields }),
);
export type UpdateTruckDocumentation = v.InferOutput<typeof UpdateTruckDocumentationSchema>;

/** A railcar load names its ticket, carrier, yard and destination on the form itself. */
const railcarParties = {
  ticketId: requiredId(DOC_MSG.ticketRequired),
  carrierId: requiredId(DOC_MSG.carrierRequired),
  destinationId: requiredId(DOC_MSG.destinationRequired),
  depotId: requiredId(DOC_MSG.depotRequired),
};
const railcarFields = { ...loadFields, waybill, comments: optionalText(1000) };

export const CreateRailcarDocumentationSchema = withCrossFieldRules(
  v.object({ ...railcarParties, ...invoiceFields, ...railcarFields }),
);
export type CreateRailcarDocumentation = v.InferOutput<typeof CreateRailcarDocumentationSchema>;

/** The railcar edit form: ticket, carrier, yard, destination, invoice date and number, material optional. */
export const UpdateRailcarDocumentationSchema = withCrossFieldRules(
  v.object({
    ...v.partial(v.object(railcarParties)).entries,
    ...invoiceEditFields,
    ...railcarFields,
    ...clearableEditFields,
    comments: v.optional(railcarFields.comments),
  }),
);
export type UpdateRailcarDocumentation = v.InferOutput<typeof UpdateRailcarDocumentationSchema>;

/**
 * The admin's ticket edit (spec: amount and tare above 0, gross above tare, the equipment rules,
 * everything else optional): a field left out keeps its stored value, and the server checks the
 * cross-field rules again against the stored values of the fields left out.
 */
const adminEditFields = {
  destinationId: v.optional(requiredId(DOC_MSG.destinationRequired)),
  invoiceDate: optionalInvoiceDate,
  invoiceNumber: v.optional(requiredText(DOC_MSG.invoiceNumberRequired)),
  invoiceAmount: optionalPositiveDecimal(DOC_MSG.invoiceAmountPositive),
  tareWeight: optionalPositiveDecimal(DOC_MSG.tarePositive),
  grossWeight: optionalPositiveDecimal(DOC_MSG.grossAboveTare),
  carEquipment: optionalCarEquipment,
  materialId: v.optional(requiredId(DOC_MSG.materialRequired)),
  materialDescription: v.optional(optionalText(500)),
  purchaseOrderId: v.optional(optionalId(DOC_MSG.purchaseOrderNotFound)),
  comments: v.optional(optionalText(1000)),
};

export const AdminTicketEditSchema = withCrossFieldRules(v.object(adminEditFields));
export type AdminTicketEdit = v.InferOutput<typeof AdminTicketEditSchema>;

/**
 * The same edit of a railcar's documentation, whose waybill may be left out too (as the truck edit
 * leaves out its fields); one sent keeps the waybill rules. Ticket, carrier and yard are not the
 * admin's to change, so they are not read.
 */
export const AdminRailcarEditSchema = withCrossFieldRules(v.object({ ...adminEditFields, waybill: optionalWaybill }));
export type AdminRailcarEdit = v.InferOutput<typeof AdminRailcarEditSchema>;

/** PUT /download: the file's key (as the documentation or invoice lists it) and its shown name. */
export const DownloadFileSchema = v.object({
  key: v.pipe(v.optional(v.string(MSG.required), ''), v.nonEmpty(MSG.required), v.maxLength(100)),
  name: v.optional(v.pipe(v.string(), v.maxLength(300))),
});
export type DownloadFile = v.InferOutput<typeof DownloadFileSchema>;

/**
 * PUT /download?inline=1: the file to be shown in the page (a PDF or a photo in the reviewers' viewer)
 * rather than saved. Only `1`/`true` or `0`/`false`; anything else is refused (400).
 */
export const DownloadQuerySchema = v.object({
  inline: v.optional(
    v.pipe(
      v.picklist(['1', '0', 'true', 'false'], 'inline must be 1, 0, true or false'),
      v.transform((value) => value === '1' || value === 'true'),
    ),
  ),
});
