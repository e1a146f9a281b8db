/**
 * Documentation and provider invoices as the API answers them (GET
 * /trucks-documentation/{ticketId}/ticket, the railcar twin, GET /invoices/{ticketId}/ticket, and the
 * writes). The server's routes declare these schemas as their answers and its tests check every answer
 * against them; the app reads the types.
 */
import * as v from 'valibot';
import { CARRIER_MODES } from '../domain/roles';
import { TICKET_STATUSES } from '../domain/ticket-status';
import { SAP_VALIDATION_STATUSES } from './invoice';
import { AnswerDay, AnswerId, AnswerInstant } from './schema-helpers';

/** A stored file: its opaque key and its original name, as PUT /download wants them. */
export const FileRefSchema = v.strictObject({ key: v.string(), name: v.string() });
export type FileRef = v.InferOutput<typeof FileRefSchema>;

export const DocumentationViewSchema = v.strictObject({
  id: AnswerId,
  ticketId: AnswerId,
  mode: v.picklist(CARRIER_MODES),
  createAt: AnswerInstant,
  updatedAt: AnswerInstant,
  invoiceDate: AnswerDay,
  invoiceNumber: v.string(),
  invoiceAmount: v.number(),
  grossWeight: v.number(),
  tareWeight: v.number(),
  netTonnes: v.number(),
  reservedTonnes: v.number(),
  carEquipment: v.string(),
  materialId: AnswerId,
  material: v.strictObject({ id: AnswerId, code: v.string(), description: v.string() }),
  materialDescription: v.nullable(v.string()),
  purchaseOrderId: v.nullable(AnswerId),
  purchaseOrder: v.nullable(
    v.strictObject({ id: AnswerId, documentNumberId: v.string(), availableQuantity: v.number() }),
  ),
  destinationId: AnswerId,
  destination: v.strictObject({ id: AnswerId, name: v.string() }),
  carrierId: v.nullable(AnswerId),
  depotId: v.nullable(AnswerId),
  waybill: v.nullable(v.string()),
  comments: v.nullable(v.string()),
  ticket: v.strictObject({ id: AnswerId, status: v.strictObject({ name: v.picklist(TICKET_STATUSES) }) }),
  salesInvoice: v.array(FileRefSchema),
  weightCertificate: v.array(FileRefSchema),
  BL: v.array(FileRefSchema),
  radioactiveCertificate: v.array(FileRefSchema),
  photos: v.array(FileRefSchema),
});
export type DocumentationView = v.InferOutput<typeof DocumentationViewSchema>;

/** A provider (TA) invoice. */
export const InvoiceViewSchema = v.strictObject({
  id: AnswerId,
  ticketId: AnswerId,
  number: v.string(),
  date: AnswerDay,
  borderCrossingId: AnswerId,
  borderCrossing: v.strictObject({
    id: AnswerId,
    description: v.string(),
    customsAgent: v.nullable(v.strictObject({ id: AnswerId, tradeName: v.string() })),
  }),
  invoiceFile: v.nullable(FileRefSchema),
  sapValidationStatus: v.picklist(SAP_VALIDATION_STATUSES),
  rpaId: v.nullable(AnswerId),
  rpa: v.nullable(v.strictObject({ id: AnswerId })),
  paymentNumber: v.nullable(v.string()),
  paymentDate: v.nullable(AnswerDay),
  paymentFile: v.nullable(FileRefSchema),
  createAt: AnswerInstant,
});
export type InvoiceView = v.InferOutput<typeof InvoiceViewSchema>;
