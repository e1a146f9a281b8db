/**
 * The values of the truck and railcar documentation forms and how they become the JSON part of the
 * upload: the shared valibot schemas (src/shared/schemas/documentation.ts) decide every field message,
 * the required-file messages come from REQUIRED_FILE_MSG, exactly as the server answers them.
 */
import * as v from 'valibot';
import { isAfterDay, localCalendarDay } from '../../../shared/domain/invoice-date';
import {
  CreateRailcarDocumentationSchema,
  DOC_MSG,
  CreateTruckDocumentationSchema,
  DOCUMENT_SLOTS,
  REQUIRED_FILE_MSG,
  UpdateRailcarDocumentationSchema,
  UpdateTruckDocumentationSchema,
  type DocumentSlot,
} from '../../../shared/schemas/documentation';
import type { DocumentationFiles } from './api/save-documentation';
import type { Documentation, DocumentationMode } from './types';

export interface DocumentationFormValues {
  ticketId: string | null;
  carrierId: string | null;
  destinationId: string | null;
  depotId: string | null;
  invoiceDate: string | null;
  invoiceNumber: string;
  invoiceAmount: number | string;
  grossWeight: number | string;
  tareWeight: number | string;
  carEquipment: string;
  materialId: string | null;
  materialDescription: string;
  purchaseOrderId: string | null;
  waybill: string;
  comments: string;
  salesInvoice: File | null;
  weightCertificate: File | null;
  BL: File | null;
  radioactiveCertificate: File | null;
  photos: File[];
}

export const EMPTY_VALUES: DocumentationFormValues = {
  ticketId: null,
  carrierId: null,
  destinationId: null,
  depotId: null,
  invoiceDate: null,
  invoiceNumber: '',
  invoiceAmount: '',
  grossWeight: '',
  tareWeight: '',
  carEquipment: '',
  materialId: null,
  materialDescription: '',
  purchaseOrderId: null,
  waybill: '',
  comments: '',
  salesInvoice: null,
  weightCertificate: null,
  BL: null,
  radioactiveCertificate: null,
  photos: [],
};

const idText = (id: number | null | undefined) => (id == null ? null : String(id));

/** The form filled from stored documentation (edit mode); files stay empty: a pick replaces a stored file. */
export function valuesFromDocumentation(
  doc: Documentation,
  ticketId: number,
  carrierId?: number | null,
): DocumentationFormValues {
  return {
    ...EMPTY_VALUES,
    ticketId: String(ticketId),
    carrierId: idText(doc.carrierId ?? carrierId),
    destinationId: idText(doc.destinationId),
    depotId: idText(doc.depotId),
    invoiceDate: doc.invoiceDate,
    invoiceNumber: doc.invoiceNumber,
    invoiceAmount: doc.invoiceAmount,
    grossWeight: doc.grossWeight,
    tareWeight: doc.tareWeight,
    carEquipment: doc.carEquipment,
    materialId: idText(doc.materialId),
    materialDescription: doc.materialDescription ?? '',
    purchaseOrderId: idText(doc.purchaseOrderId),
    waybill: doc.waybill ?? '',
    comments: doc.comments ?? '',
  };
}

function schemaFor(mode: DocumentationMode, editing: boolean) {
  if (mode === 'TRUCK') return editing ? UpdateTruckDocumentationSchema : CreateTruckDocumentationSchema;
  return editing ? UpdateRailcarDocumentationSchema : CreateRailcarDocumentationSchema;
}

/** On update the invoice date and number are optional: left empty, the stored ones stay. */
const keptIfEmpty = <T>(editing: boolean, value: T): T | undefined =>
  editing && (value === null || (typeof value === 'string' && value.trim() === '')) ? undefined : value;

function jsonInput(
  mode: DocumentationMode,
  editing: boolean,
  values: DocumentationFormValues,
): Record<string, unknown> {
  const common = {
    ticketId: values.ticketId,
    destinationId: values.destinationId,
    invoiceDate: keptIfEmpty(editing, values.invoiceDate),
    invoiceNumber: keptIfEmpty(editing, values.invoiceNumber),
    invoiceAmount: values.invoiceAmount,
    grossWeight: values.grossWeight,
    tareWeight: values.tareWeight,
    carEquipment: values.carEquipment,
    materialId: values.materialId,
    materialDescription: values.materialDescription,
    purchaseOrderId: values.purchaseOrderId,
  };
  if (mode === 'TRUCK') return common;
  return {
    ...common,
    carrierId: values.carrierId,
    depotId: values.depotId,
    waybill: values.waybill,
    comments: values.comments,
  };
}

export type FormErrors = Record<string, string>;

/** Every field message at once: schema issues (first per field), then the required files on create. */
export function validateDocumentation(
  mode: DocumentationMode,
  editing: boolean,
  values: DocumentationFormValues,
): FormErrors {
  const errors: FormErrors = {};
  const result = v.safeParse(schemaFor(mode, editing), jsonInput(mode, editing, values));
  if (!result.success) {
    const nested = v.flatten(result.issues).nested ?? {};
    for (const [key, messages] of Object.entries(nested)) {
      const first = messages?.[0];
      if (first && !errors[key]) errors[key] = first;
    }
  }
  // The schema allows the latest day anywhere on Earth (the server does not know the user's zone); the
  // form holds the user to the day of their own device.
  if (!errors.invoiceDate && values.invoiceDate && isAfterDay(values.invoiceDate, localCalendarDay())) {
    errors.invoiceDate = DOC_MSG.invoiceDateFuture;
  }
  if (!editing) {
    for (const slot of DOCUMENT_SLOTS) if (!values[slot]) errors[slot] = REQUIRED_FILE_MSG[slot];
    if (values.photos.length === 0) errors.photos = REQUIRED_FILE_MSG.photos;
  }
  return errors;
}

/** The JSON part as the schema outputs it (numbers, trimmed texts); call after validateDocumentation passed. */
export function documentationPayload(
  mode: DocumentationMode,
  editing: boolean,
  values: DocumentationFormValues,
): Record<string, unknown> {
  const result = v.safeParse(schemaFor(mode, editing), jsonInput(mode, editing, values));
  if (!result.success) throw new Error('Invalid documentation');
  return result.output as Record<string, unknown>;
}

export function documentationFiles(values: DocumentationFormValues): DocumentationFiles {
  const documents: Partial<Record<DocumentSlot, File>> = {};
  for (const slot of DOCUMENT_SLOTS) {
    const file = values[slot];
    if (file) documents[slot] = file;
  }
  return { documents, photos: values.photos };
}
