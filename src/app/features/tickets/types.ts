/** The ticket as the API answers it: one definition shared with the server (src/shared/schemas/ticket-view.ts). */
import type { TicketView } from '../../../shared/schemas/ticket-view';

export type {
  CarrierRef,
  DocumentationSummary,
  StatusCount,
  TicketAssignment,
  TicketPage,
} from '../../../shared/schemas/ticket-view';
export type Ticket = TicketView;
