/**
 * Live updates in this process. Every server process LISTENs on `portal_events`,
 * where the delivery worker (any process) publishes each event with the ids of the users who may see
 * it, and fans the event out to its own open server-sent-event streams of those users. After every
 * successful write under /api it nudges the delivery worker, so an event written by that request goes
 * out at once instead of at the next poll.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PORTAL_EVENTS_CHANNEL, type PortalEventMessage } from '../repositories/events';
import { SESSIONS_CHANNEL, type SessionsMessage } from '../repositories/password-resets';
import { Seal } from '../services/seal';

/** One open stream; `send` writes a whole SSE frame. */
export interface EventSubscriber {
  send(frame: string): void;
  /** Ends the stream; `sessionEnded` first tells the client its session is over. */
  close(reason?: 'session-ended'): void;
  /** The token version of the session that opened the stream; a password change raises the user's. */
  tokenVersion?: number;
  /** Which session (sessionOf) opened the stream. */
  session?: string;
}

/**
 * A request's session, named without its token: a hash of the bearer token. The tabs of one browser
 * share one token, so this also names the browser.
 */
export function sessionOf(request: FastifyRequest): string {
  const token = request.headers.authorization?.slice('Bearer '.length).trim() ?? '';
  return createHash('sha256').update(token).digest('hex').slice(0, 32);
}

/** What a client receives on `event: ticket`: the published message without its recipient list. */
export type TicketEventData = Omit<PortalEventMessage, 'userIds'>;

export function ticketFrame(message: PortalEventMessage): string {
  const { userIds: _userIds, ...data } = message;
  return `id: ${message.eventId}\nevent: ticket\ndata: ${JSON.stringify(data satisfies TicketEventData)}\n\n`;
}

/**
 * How many event streams one user may hold open in one process. Each stream holds a socket and a timer
 * for as long as it is open, so a user (or a stolen token) must not open them without bound.
 */
export const MAX_STREAMS_PER_USER = 5;

export class EventHub {
  private readonly byUser = new Map<number, Set<EventSubscriber>>();

  constructor(private readonly maxPerUser = MAX_STREAMS_PER_USER) {}

  /**
   * Adds a stream of `userId`; returns its removal. At the cap the user's oldest stream is closed rather
   * than the new one refused: the oldest is the likeliest to be a dead connection (a phone that lost its
   * network without closing the socket stays counted until a ping fails), and the newest is the tab the
   * user is looking at, which a refusal would leave without live updates (EventSource gives up on a
   * non-200 answer). A closed tab reconnects after `retry` and takes its turn again.
   */
  add(userId: number, subscriber: EventSubscriber): () => void {
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    // A Set iterates in insertion order, so the first entries are the oldest streams.
    for (const oldest of [...set].slice(0, Math.max(0, set.size - this.maxPerUser + 1))) {
      set.delete(oldest);
      oldest.close();
    }
    this.byUser.set(userId, set);
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
  }

  /** Sends a published message to the open streams of the users it names. */
  dispatch(message: PortalEventMessage): number {
    const frame = ticketFrame(message);
    let sent = 0;
    for (const userId of new Set(message.userIds)) {
      for (const subscriber of this.byUser.get(userId) ?? []) {
        subscriber.send(frame);
        sent++;
      }
    }
    return sent;
  }

  /**
   * Closes the user's streams opened with a token version below `tokenVersion`; returns how many. Each
   * is told its session ended, except those of the session that made the change (`changedBy`): that
   * browser receives its new token in the answer and reopens its stream with it, so it must not sign
   * out on a frame that may arrive before that answer.
   */
  endSessions(userId: number, tokenVersion: number, changedBy?: string): number {
    let closed = 0;
    for (const subscriber of [...(this.byUser.get(userId) ?? [])]) {
      if ((subscriber.tokenVersion ?? -1) < tokenVersion) {
        subscriber.close(changedBy !== undefined && subscriber.session === changedBy ? undefined : 'session-ended');
        closed++;
      }
    }
    return closed;
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  closeAll(): void {
    for (const set of [...this.byUser.values()]) for (const subscriber of [...set]) subscriber.close();
    this.byUser.clear();
  }
}

/**
 * How long an event stream's ticket opens the stream. EventSource cannot send headers, so what
 * authenticates it travels in the address, where proxies log it and the browser keeps it: a ticket
 * that only opens this stream, for a few minutes, instead of the 24-hour session token. A stream that
 * drops and comes back within this time reconnects by itself; later, the app asks for a new ticket.
 */
export const STREAM_TICKET_SECONDS = 5 * 60;

/** The session token the stream is opened with: checked as if it came in the Authorization header. */
export interface StreamTicket {
  token: string;
}

const streamTicketSeal = (secret: string) =>
  new Seal<StreamTicket>(secret, 'portal event stream ticket', STREAM_TICKET_SECONDS, (payload) =>
    typeof payload.token === 'string' ? { token: payload.token } : undefined,
  );

declare module 'fastify' {
  interface FastifyInstance {
    eventHub: EventHub;
    /** Seals a session token into the event stream's ticket, and opens one (see STREAM_TICKET_SECONDS). */
    streamTickets: Seal<StreamTicket>;
  }
}

function parseMessage(payload: string): PortalEventMessage | undefined {
  try {
    const value = JSON.parse(payload) as PortalEventMessage;
    return typeof value.eventId === 'number' && Array.isArray(value.userIds) ? value : undefined;
  } catch {
    return undefined;
  }
}

function parseSessionsMessage(payload: string): SessionsMessage | undefined {
  try {
    const value = JSON.parse(payload) as SessionsMessage;
    return Number.isInteger(value.userId) && Number.isInteger(value.tokenVersion) ? value : undefined;
  } catch {
    return undefined;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function registerEvents(app: FastifyInstance) {
  const hub = new EventHub();
  app.decorate('eventHub', hub);
  app.decorate('streamTickets', streamTicketSeal(app.config.jwtSecret));

  const unlisten = await app.database.raw.listen(PORTAL_EVENTS_CHANNEL, (payload) => {
    const message = parseMessage(payload);
    if (message) hub.dispatch(message);
    else app.log.warn({ payload: payload.slice(0, 200) }, 'unreadable portal event');
  });

  // A password change (in any process) ends the user's earlier sessions, open streams included: a
  // stream checked its token once, when it opened, so it is closed here rather than left running.
  const unlistenSessions = await app.database.raw.listen(SESSIONS_CHANNEL, (payload) => {
    const message = parseSessionsMessage(payload);
    if (message) hub.endSessions(message.userId, message.tokenVersion, message.changedBy);
    else app.log.warn({ payload: payload.slice(0, 200) }, 'unreadable sessions message');
  });

  app.addHook('onResponse', async (request, reply) => {
    if (WRITE_METHODS.has(request.method) && reply.statusCode < 400 && request.url.startsWith('/api/')) {
      app.eventDelivery?.nudge();
    }
  });

  // Open streams never end on their own: end them first, or closing the server would wait for them.
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => {
    await unlisten().catch((error: unknown) => app.log.debug({ err: error }, 'unlisten after close'));
    await unlistenSessions().catch((error: unknown) => app.log.debug({ err: error }, 'unlisten after close'));
  });
}

export const eventsPlugin = fp(registerEvents, { name: 'events', dependencies: ['database', 'jobs'] });
