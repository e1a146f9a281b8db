/**
 * The transactional outbox of notifications: a row is written in the same
 * transaction as the state change it announces; a later worker delivers it (push, server-sent events).
 */
import type { EventTitle, EventType, TicketEventMessage } from '../../shared/domain/events';
import type { Tx } from '../db/database';
import { events } from '../db/schema/system';
import { keptLog } from './transaction-log';

export type { EventTitle, EventType };

/** Notification types that the ticket lifecycle raises. */
export type TicketEventType = Extract<EventType, 'New ticket' | 'Ticket confirmed'>;

/** The push message of title, ticketNumber, supplierName, carrierName. */
export interface TicketEventPayload {
  title: Extract<EventTitle, 'new' | 'confirmed'>;
  ticketNumber: number;
  supplierName: string;
  carrierName: string | null;
  /** The user whose request raised it (TicketEventMessage.actorId). */
  actorId: number;
}

/** Writes an event, or keeps it for the transaction's one log statement (transaction-log.ts). */
export async function writeEvent(
  db: Tx,
  type: TicketEventType,
  ticketId: number,
  payload: TicketEventPayload,
): Promise<void> {
  const log = keptLog(db);
  if (log) log.events.push({ type, ticketId, payload: { ...payload } });
  else await db.insert(events).values({ type, ticketId, payload: { ...payload } });
}

/** PostgreSQL channel on which the delivery worker publishes each event to every server process. */
export const PORTAL_EVENTS_CHANNEL = 'portal_events';

/**
 * One delivered event as published on PORTAL_EVENTS_CHANNEL. Server-sent events carry it without
 * `userIds`; providerName is the customs agent of the ticket's provider invoice, when it has one.
 */
export interface PortalEventMessage extends TicketEventMessage {
  userIds: number[];
}
