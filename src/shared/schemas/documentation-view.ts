/**
 * Documentation and provider invoices as the API answers them (GET
 * /trucks-documentation/{ticketId}/ticket, the railcar twin, GET /invoices/{ticketId}/ticket). The
 * server builds them and the app reads them; both import this one definition.
 */
import type { TicketStatus } from '../domain/ticket-status';
import type { SapValidationStatus } from './invoice';

/** A stored file: its opaque key and its original name, as PUT /download wants them. */
export interface FileRef {
  key: string;
  name: string;
}

export interface DocumentationView {
  id: number;
  ticketId: number;
  mode: 'TRUCK' | 'RAILCAR';
  createAt: string;
  updatedAt: string;
  invoiceDate: string;
  invoiceNumber: string;
  invoiceAmount: number;
  grossWeight: number;
  tareWeight: number;
  netTonnes: number;
  reservedTonnes: number;
  carEquipment: string;
  materialId: number;
  material: { id: number; code: string; description: string };
  materialDescription: string | null;
  purchaseOrderId: number | null;
  purchaseOrder: { id: number; documentNumberId: string; availableQuantity: number } | null;
  destinationId: number;
  destination: { id: number; name: string };
  carrierId: number | null;
  depotId: number | null;
  waybill: string | null;
  comments: string | null;
  ticket: { id: number; status: { name: TicketStatus } };
  salesInvoice: FileRef[];
  weightCertificate: FileRef[];
  BL: FileRef[];
  radioactiveCertificate: FileRef[];
  photos: FileRef[];
}

/** A provider (TA) invoice. */
export interface InvoiceView {
  id: number;
  ticketId: number;
  number: string;
  date: string;
  borderCrossingId: number;
  borderCrossing: { id: number; description: string; customsAgent: { id: number; tradeName: string } | null };
  invoiceFile: FileRef | null;
  sapValidationStatus: SapValidationStatus;
  rpaId: number | null;
  rpa: { id: number } | null;
  paymentNumber: string | null;
  paymentDate: string | null;
  paymentFile: FileRef | null;
  createAt: string;
}
