import type { SapValidationStatus } from '../../../shared/schemas/invoice';

export interface FileRef {
  key: string;
  name: string;
}

/** A provider (TA) invoice as GET /invoices/{ticketId}/ticket answers it (spec section 3). */
export interface Invoice {
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
}

export interface BorderCrossing {
  id: number;
  description: string;
  customsAgent: { id: number; tradeName: string | null } | null;
}
