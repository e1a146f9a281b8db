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

/** Every notification type of spec section 3; documentation and invoices write the last three. */
export type EventType = TicketEventType | 'Truck loaded' | 'Ticket invoiced' | 'Changed Customs Agent';

/** The push message titles of spec section 4, one per type. */
export type EventTitle = 'new' | 'confirmed' | 'truck' | 'railcar' | 'invoiced' | 'customs';

/** PostgreSQL channel on which the delivery worker publishes each event to every server process. */
export const PORTAL_EVENTS_CHANNEL = 'portal_events';

/**
 * One delivered event as published on PORTAL_EVENTS_CHANNEL. Server-sent events carry it without
 * `userIds`; providerName is the customs agent of the ticket's provider invoice, when it has one.
 */
export interface PortalEventMessage {
  eventId: number;
  type: EventType;
  title: EventTitle;
  ticketNumber: number | null;
  supplierName: string | null;
  carrierName: string | null;
  providerName?: string | null;
  userIds: number[];
}
