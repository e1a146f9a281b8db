import type { InvoiceView } from '../../../shared/schemas/documentation-view';

export type { FileRef } from '../../../shared/schemas/documentation-view';

/** A provider (TA) invoice as GET /invoices/{ticketId}/ticket answers it: the shared definition. */
export type Invoice = InvoiceView;

export interface BorderCrossing {
  id: number;
  description: string;
  customsAgent: { id: number; tradeName: string | null } | null;
}
