/**
 * The shapes the documentation calls answer. The app never imports src/server,
 * so the client mirrors the server's views here, limited to what the forms and detail views read.
 */
import type { DocumentationView } from '../../../shared/schemas/documentation-view';
import type { TicketView } from '../../../shared/schemas/ticket-view';

export type { FileRef } from '../../../shared/schemas/documentation-view';

/** A ticket as GET /tickets and GET /tickets/{id} answer it, limited to what these screens read. */
export type DocTicket = Pick<
  TicketView,
  | 'id'
  | 'createAt'
  | 'status'
  | 'supplier'
  | 'carrier'
  | 'origin'
  | 'destination'
  | 'withdrawalDate'
  | 'comments'
  | 'invoice'
  | 'truckDocumentation'
  | 'railcarDocumentation'
  | 'customsRead'
>;

/** A truck or railcar documentation as the API answers it: the shared definition. */
export type Documentation = DocumentationView;

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

export type { Destination } from '../../lib/lookups';

export interface Depot {
  id: number;
  name: string;
  city: string;
}

export type DocumentationMode = 'TRUCK' | 'RAILCAR';
