/**
 * Ticket events in the browser: the server-sent-event stream that
 * open tabs listen to, and the wording of an event, shared by the page (toast) and the service worker
 * (push notification). No React, Lingui or Mantine here, so the service worker can import it: the page
 * renders the texts through the catalogue into `EventTemplates` and stores them, with the user's home,
 * where the service worker reads them; the service worker falls back to the English defaults below.
 */

import { EVENT_TITLES, SESSION_ENDED_EVENT, isEventTitle, type EventTitle } from '../../shared/domain/events';
import { apiFetch } from './api-client';

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

export const EVENTS_PATH = '/api/events';
const RETRY_MIN_MS = 5_000;
const RETRY_MAX_MS = 60_000;

export interface EventStreamHandlers {
  onEvent: (event: TicketEvent) => void;
  /**
   * Every (re)connection: events may have been missed meanwhile. `since` (epoch ms) is when this
   * connection was asked for: the stream's first connection, or a new one after a refusal or coming back
   * online, counts from the moment it was asked for; EventSource's own reconnection after a dropped
   * connection, which gives no sign when it starts, counts from the moment it opened.
   */
  onOpen?: (since: number) => void;
  /** The server ended the stream because the session is over (a password change): nothing is retried. */
  onSessionEnded?: () => void;
  /**
   * The server refused a (re)connection. EventSource does not say why; a 401 (the token expired or was
   * ended while the tab was away) is for the caller to find out with a call that shows the status.
   */
  onRefused?: () => void;
}

/**
 * A ticket that opens the event stream for a few minutes, asked for with the session token; null when
 * none could be had. EventSource cannot send headers, and the session token must not travel in an
 * address (logs and history keep addresses): the ticket does, and opens nothing else.
 */
async function streamTicket(sessionToken: string): Promise<string | null> {
  try {
    const answer = await apiFetch<{ ticket: string }>('/events/ticket', {
      method: 'POST',
      token: sessionToken,
      // A refusal is reported as the stream's (onRefused), which finds out whether the session is over.
      skipUnauthorizedLogout: true,
    });
    return answer.ticket;
  } catch {
    return null;
  }
}

/**
 * Opens /api/events?ticket=… and keeps it open until the returned function is called. `token` is read
 * at every (re)connection, and a new ticket asked for with it: a renewed token (the silent sign-in on start, a password changed in this
 * tab) does not cost the open stream, which stays valid, and the next connection uses the new one.
 * EventSource reconnects by itself after a dropped connection; when it gives up (an answer other than
 * 200: the token expired, a proxy error) this opens a new one with backoff, and at once when the
 * device comes back online. While the device is offline the stream is closed and nothing is retried:
 * EventSource would otherwise try again every few seconds for as long as a phone has no network,
 * waking the radio and the battery for requests that cannot succeed.
 */
export function openEventStream(token: () => string | null, handlers: EventStreamHandlers): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = RETRY_MIN_MS;
  let stopped = false;

  const onTicket = (message: MessageEvent<string>) => {
    let value: unknown;
    try {
      value = JSON.parse(message.data);
    } catch {
      return;
    }
    const event = toTicketEvent(value);
    if (event) handlers.onEvent(event);
  };

  const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

  /** Counts the connections asked for: a ticket that arrives after a newer ask is not used. */
  let asked = 0;

  const connect = () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    source?.close();
    source = null;
    const openedWith = token();
    if (offline() || !openedWith) return;
    const ask = ++asked;
    // When this stream was asked for; a later 'open' of its EventSource is its own reconnection after a drop.
    let askedAt: number | undefined = Date.now();
    const open = (ticket: string) => {
      const current = new EventSource(`${EVENTS_PATH}?ticket=${encodeURIComponent(ticket)}`);
      source = current;
      // This tab renewed its token since the stream opened: what the server says of the old one (ended,
      // refused) is not about the session in use, which gets its own stream at once.
      const replaced = () => token() !== openedWith;
      current.addEventListener('ticket', onTicket as EventListener);
      current.addEventListener(SESSION_ENDED_EVENT, () => {
        if (stopped || source !== current) return;
        current.close();
        source = null;
        if (replaced()) {
          connect();
          return;
        }
        stopped = true;
        handlers.onSessionEnded?.();
      });
      current.addEventListener('open', () => {
        delay = RETRY_MIN_MS;
        const since = askedAt ?? Date.now();
        askedAt = undefined;
        handlers.onOpen?.(since);
      });
      current.addEventListener('error', () => {
        if (stopped || source !== current) return;
        if (offline()) {
          // Offline: stop EventSource's own retries; 'online' opens a new stream.
          current.close();
          source = null;
          return;
        }
        if (replaced()) {
          // EventSource retries with the address it was given: the renewed token goes in a new stream.
          connect();
          return;
        }
        if (current.readyState !== EventSource.CLOSED) return;
        handlers.onRefused?.();
        timer = setTimeout(connect, delay);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      });
    };

    void streamTicket(openedWith).then((ticket) => {
      // Stopped, gone offline or asked again meanwhile: this ticket is not wanted any more.
      if (stopped || ask !== asked || offline()) return;
      if (ticket !== null) {
        open(ticket);
        return;
      }
      // Refused (the session is over, or the server is unreachable): as for a refused stream.
      handlers.onRefused?.();
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    });
  };

  const onOnline = () => {
    if (!source || source.readyState === EventSource.CLOSED) connect();
  };
  const onOffline = () => {
    asked++;
    clearTimeout(timer);
    timer = undefined;
    source?.close();
    source = null;
  };

  connect();
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    source?.close();
    source = null;
  };
}
