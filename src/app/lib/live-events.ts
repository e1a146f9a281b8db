/**
 * Ticket events in the browser: what an event says (from the stream, event-stream.ts, or a push
 * message) and its wording, shared by the page (toast) and the service worker (push notification). No React, Lingui or Mantine here, so the service worker can import it: the page
 * renders the texts through the catalogue into `EventTemplates` and stores them, with the user's home,
 * where the service worker reads them; the service worker falls back to the English defaults below.
 */

import { EVENT_TITLES, isEventTitle, type EventTitle } from '../../shared/domain/events';

export { EVENT_TITLES, isEventTitle, type EventTitle };

/** One ticket event: `event: ticket` on /api/events, or the data of an FCM push message. */
export interface TicketEvent {
  eventId: number | null;
  title: string;
  ticketNumber: number | null;
  supplierName: string | null;
  carrierName: string | null;
  providerName: string | null;
  /** Who raised it (TicketEventMessage.actorId); null in push messages and for background jobs. */
  actorId: number | null;
}

/**
 * Texts of one title with placeholders {trip}, {supplier}, {carrier}, {provider}. `named` names the
 * supplier, carrier or provider as fits; `plain` is used when that name is missing.
 */
export interface EventTemplate {
  title: string;
  named: string;
  plain: string;
}

export interface EventTemplates {
  byTitle: Record<EventTitle, EventTemplate>;
  /** An unknown title: the spec's default message. */
  unknown: { title: string; body: string; noTrip: string };
}

/** English texts, identical to the catalogue's source texts (a test keeps them in step). */
export const DEFAULT_TEMPLATES: EventTemplates = {
  byTitle: {
    new: { title: 'New ticket', named: 'Trip ID {trip} requested by {supplier}', plain: 'Trip ID {trip} requested' },
    confirmed: {
      title: 'Ticket confirmed',
      named: 'Trip ID {trip} confirmed by {carrier}',
      plain: 'Trip ID {trip} confirmed',
    },
    truck: { title: 'Truck loaded', named: 'Trip ID {trip} loaded by {supplier}', plain: 'Trip ID {trip} loaded' },
    railcar: { title: 'Railcar loaded', named: 'Trip ID {trip} loaded by {supplier}', plain: 'Trip ID {trip} loaded' },
    invoiced: {
      title: 'Ticket invoiced',
      named: 'Trip ID {trip} invoiced by {provider}',
      plain: 'Trip ID {trip} invoiced',
    },
    customs: {
      title: 'Changed Customs Agent',
      named: 'Trip ID {trip}: the customs agent is now {provider}',
      plain: 'Trip ID {trip}: the customs agent changed',
    },
  },
  unknown: { title: 'Trip ID {trip}', body: 'Default message (not specified)', noTrip: 'Scrap Portal' },
};

/** Which name a title's message carries. */
const NAMED: Record<EventTitle, 'supplierName' | 'carrierName' | 'providerName'> = {
  new: 'supplierName',
  confirmed: 'carrierName',
  truck: 'supplierName',
  railcar: 'supplierName',
  invoiced: 'providerName',
  customs: 'providerName',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

function numberOf(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}

/** Reads an event from JSON already parsed: SSE data, or FCM `data` (all values are strings there). */
export function toTicketEvent(value: unknown): TicketEvent | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  return {
    eventId: numberOf(record.eventId),
    title: typeof record.title === 'string' ? record.title : '',
    ticketNumber: numberOf(record.ticketNumber),
    supplierName: text(record.supplierName),
    carrierName: text(record.carrierName),
    providerName: text(record.providerName),
    actorId: numberOf(record.actorId),
  };
}

/**
 * The push payload as the service worker receives it from FCM: `{notification: {title, body},
 * data: {title, ticketNumber, supplierName, carrierName}, from, fcmMessageId, ...}` (see the server's
 * plugins/push.ts). A payload without `data` is read as the event itself.
 */
export function eventFromPush(payload: unknown): TicketEvent | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { data } = payload as { data?: unknown };
  return toTicketEvent(typeof data === 'object' && data !== null ? data : payload);
}

function fill(template: string, event: TicketEvent): string {
  return template
    .replaceAll('{trip}', String(event.ticketNumber ?? ''))
    .replaceAll('{supplier}', event.supplierName ?? '')
    .replaceAll('{carrier}', event.carrierName ?? '')
    .replaceAll('{provider}', event.providerName ?? '');
}

/** Title and message of an event in the language the templates were rendered in. */
export function describeEvent(templates: EventTemplates, event: TicketEvent): { title: string; message: string } {
  if (isEventTitle(event.title) && event.ticketNumber !== null) {
    // Templates stored by an older version of the page may lack a newer title: English then.
    const template =
      (templates.byTitle[event.title] as EventTemplate | undefined) ?? DEFAULT_TEMPLATES.byTitle[event.title];
    const named = event[NAMED[event.title]] !== null;
    return { title: template.title, message: fill(named ? template.named : template.plain, event) };
  }
  const { unknown } = templates;
  return { title: event.ticketNumber === null ? unknown.noTrip : fill(unknown.title, event), message: unknown.body };
}

/* ---- What the page leaves for the service worker (Cache Storage: readable there, survives restarts) ---- */

const SETTINGS_CACHE = 'portal-live-settings';
const SETTINGS_URL = '/__live-settings.json';

export interface LiveSettings {
  templates: EventTemplates;
  /** The signed-in user's home list, opened when a notification is clicked. */
  home: string;
}

export async function saveLiveSettings(settings: LiveSettings): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(SETTINGS_CACHE);
  await cache.put(
    SETTINGS_URL,
    new Response(JSON.stringify(settings), { headers: { 'Content-Type': 'application/json' } }),
  );
}

export async function readLiveSettings(): Promise<LiveSettings | null> {
  if (typeof caches === 'undefined') return null;
  try {
    const cache = await caches.open(SETTINGS_CACHE);
    const response = await cache.match(SETTINGS_URL);
    return response ? ((await response.json()) as LiveSettings) : null;
  } catch {
    return null;
  }
}

/** Message the service worker posts to an open tab when a notification is clicked: {type, url}. */
export const OPEN_URL_MESSAGE = 'open-url';

/** Where a notification of this event leads: the user's list, narrowed to the ticket. */
export function listUrlFor(home: string, event: TicketEvent): string {
  return event.ticketNumber === null ? home : `${home}?ticketId=${event.ticketNumber}`;
}

/* ---- The server-sent-event stream ---- */
