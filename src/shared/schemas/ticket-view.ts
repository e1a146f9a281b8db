/**
 * A ticket as every ticket call answers it (GET /tickets, GET /tickets/{id} and the
 * transitions). The server builds it and the app reads it; both import this one definition.
 */
import type { CarrierMode } from '../domain/roles';
import type { AssignmentStatus, TicketStatus } from '../domain/ticket-status';

export interface CarrierRef {
  id: number;
  businessName: string;
  mode: CarrierMode;
}

export interface TicketAssignment {
  id: number;
  status: { name: AssignmentStatus };
  carrier: CarrierRef;
  reason: string | null;
  manual: boolean;
  /** When the offer was made. */
  createdAt: string;
  /** When it was answered or closed (accepted, declined, passed on, expired, withdrawn); null while it waits. */
  respondedAt: string | null;
}

export interface DocumentationSummary {
  id: number;
  invoiceNumber: string;
  carEquipment: string;
}

export interface TicketView {
  id: number;
  createAt: string;
  status: { name: TicketStatus };
  supplier: { id: number; businessName: string };
  carrier: CarrierRef | null;
  ticketAssignments: TicketAssignment[];
  origin: {
    id: number;
    name: string;
    address: string;
    city: string;
    /** GeoJSON order: [longitude, latitude]. */
    location: { type: 'Point'; coordinates: [number, number] };
    borderCrossingId: number | null;
  };
  destination: { id: number; name: string } | null;
  withdrawalDate: string | null;
  timezone: number | null;
  comments: string | null;
  invoice: {
    id: number;
    number: string;
    date: string;
    borderCrossingId: number;
    paymentDate: string | null;
    sapValidationStatus: string;
  } | null;
  truckDocumentation: DocumentationSummary | null;
  railcarDocumentation: DocumentationSummary | null;
  customsRead: boolean;
  /** The net weight (lbs) the destination's scale recorded; null until it is entered. */
  destinationNetWeight: number | null;
  rpa: { id: number } | null;
}

/** GET /tickets. */
export interface TicketPage {
  tickets: TicketView[];
  count: number;
}

/** GET /tickets/count/states: one row per stored status. */
export interface StatusCount {
  status: TicketStatus;
  total: number;
  oldestCount: number;
}
