import type { CarrierMode } from '../../../shared/domain/roles';
import type { TicketStatus } from '../../../shared/domain/ticket-status';

/** A ticket of GET /tickets as the customs lists read it. */
export interface CustomsTicket {
  id: number;
  createAt: string;
  status: { name: TicketStatus };
  supplier: { id: number; businessName: string };
  carrier: { id: number; businessName: string; mode: CarrierMode } | null;
  destination: { id: number; name: string } | null;
  invoice: { id: number; number: string } | null;
  truckDocumentation: { id: number; invoiceNumber: string; carEquipment: string } | null;
  railcarDocumentation: { id: number; invoiceNumber: string; carEquipment: string } | null;
  customsRead: boolean;
}
