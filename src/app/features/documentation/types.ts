/**
 * The shapes the documentation calls answer (spec sections 3 and 7). The app never imports src/server,
 * so the client mirrors the server's views here, limited to what the forms and detail views read.
 */
import type { CarrierMode } from '../../../shared/domain/roles';
import type { TicketStatus } from '../../../shared/domain/ticket-status';

export interface FileRef {
  key: string;
  name: string;
}

/** A ticket as GET /tickets and GET /tickets/{id} answer it, limited to what these screens read. */
export interface DocTicket {
  id: number;
  createAt: string;
  status: { name: TicketStatus };
  supplier: { id: number; businessName: string };
  carrier: { id: number; businessName: string; mode: CarrierMode } | null;
  origin: {
    id: number;
    name: string;
    address: string;
    city: string;
    location: { type: 'Point'; coordinates: [number, number] };
    borderCrossingId: number | null;
  };
  destination: { id: number; name: string } | null;
  withdrawalDate: string | null;
  comments: string | null;
  invoice: { id: number; number: string } | null;
  truckDocumentation: { id: number; invoiceNumber: string; carEquipment: string } | null;
  railcarDocumentation: { id: number; invoiceNumber: string; carEquipment: string } | null;
  customsRead: boolean;
}

export interface Documentation {
  id: number;
  ticketId: number;
  createAt: string;
  invoiceDate: string;
  invoiceNumber: string;
  invoiceAmount: number;
  grossWeight: number;
  tareWeight: number;
  netTonnes: number;
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

export interface Material {
  id: number;
  code: string;
  description: string;
}

export interface PurchaseOrder {
  id: number;
  documentNumberId: string;
  earlyDeliveryDate: string;
  availableQuantity: number;
  materialId: number;
  materialDesc: string;
}

export interface Destination {
  id: number;
  name: string;
}

export interface Depot {
  id: number;
  name: string;
  city: string;
}

export interface Carrier {
  id: number;
  businessName: string;
  mode: CarrierMode;
}

export type DocumentationMode = 'TRUCK' | 'RAILCAR';
