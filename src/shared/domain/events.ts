/**
 * Ticket events on the wire: the notification types the server records, the titles a push message or a
 * server-sent event carries, and the message itself. The server writes and delivers them; the page and
 * the service worker word them (an unknown title gets a default text), so both sides read this module.
 */

/** Notification types, as stored with each event. */
export const EVENT_TYPES = [
  'New ticket',
  'Ticket confirmed',
  'Truck loaded',
  'Ticket invoiced',
  'Changed Customs Agent',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * The last frame of an /api/events stream whose session ended on the server (a password change raised
 * the user's token version): the tab signs out at once instead of at its next call.
 */
export const SESSION_ENDED_EVENT = 'session-ended';

/** Titles of push messages and server-sent events. 'railcar' is a railcar load ('Truck loaded' by a railcar carrier). */
export const EVENT_TITLES = ['new', 'confirmed', 'truck', 'railcar', 'invoiced', 'customs'] as const;
export type EventTitle = (typeof EVENT_TITLES)[number];

/** The title of each type when the stored event names none. */
export const DEFAULT_EVENT_TITLE: Readonly<Record<EventType, EventTitle>> = {
  'New ticket': 'new',
  'Ticket confirmed': 'confirmed',
  'Truck loaded': 'truck',
  'Ticket invoiced': 'invoiced',
  'Changed Customs Agent': 'customs',
};

export const isEventTitle = (value: unknown): value is EventTitle =>
  typeof value === 'string' && (EVENT_TITLES as readonly string[]).includes(value);

/** `event: ticket` on /api/events (and the data of a push message): providerName is the customs agent's. */
export interface TicketEventMessage {
  eventId: number;
  type: EventType;
  title: EventTitle;
  ticketNumber: number | null;
  supplierName: string | null;
  carrierName: string | null;
  providerName?: string | null;
  /**
   * The user whose request raised the event (null for a background job). That user's tabs refresh
   * their lists but show no live toast for it: the action's own toast already said it, and two stacked
   * toasts covered a phone's title and buttons. Only the event stream carries it, never a push message.
   */
  actorId?: number | null;
}

/** Whether an event was raised by this user's own request: refresh, but no second toast. */
export const isOwnAction = (event: { actorId?: number | null }, userId: number): boolean =>
  typeof event.actorId === 'number' && event.actorId === userId;
