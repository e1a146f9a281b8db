/**
 * The app's live event stream: an EventSource on /api/events, opened with a ticket and reopened as the
 * session, the network and the server require. Apart from live-events.ts, which the service worker
 * imports too: this module reaches the API client and the session, which a worker has no use for.
 */
import { SESSION_ENDED_EVENT } from '../../shared/domain/events';
import { apiFetch } from './api-client';
import { toTicketEvent, type TicketEvent } from './live-events';

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
