/**
 * The transactional outbox of notifications (DESIGN.md section 7): a row is written in the same
 * transaction as the state change it announces; a later worker delivers it (push, server-sent events).
 */
import type { Tx } from '../db/database';
import { events } from '../db/schema/system';

/** Notification types of spec section 3 that the ticket lifecycle raises. */
export type TicketEventType = 'New ticket' | 'Ticket confirmed';

/** The push message of spec section 3: title, ticketNumber, supplierName, carrierName. */
export interface TicketEventPayload {
  title: 'new' | 'confirmed';
  ticketNumber: number;
  supplierName: string;
  carrierName: string | null;
}

export async function writeEvent(
  db: Tx,
  type: TicketEventType,
  ticketId: number,
  payload: TicketEventPayload,
): Promise<void> {
  await db.insert(events).values({ type, ticketId, payload: { ...payload } });
}
