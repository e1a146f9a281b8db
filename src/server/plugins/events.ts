/**
 * Live updates in this process. Every server process LISTENs on `portal_events`,
 * where the delivery worker (any process) publishes each event with the ids of the users who may see
 * it, and fans the event out to its own open server-sent-event streams of those users. After every
 * successful write under /api it nudges the delivery worker, so an event written by that request goes
 * out at once instead of at the next poll.
 */
import fp from 'fastify-plugin';
import { PORTAL_EVENTS_CHANNEL, type PortalEventMessage } from '../repositories/events';

/** One open stream; `send` writes a whole SSE frame. */
export interface EventSubscriber {
  send(frame: string): void;
  close(): void;
}

/** What a client receives on `event: ticket`: the published message without its recipient list. */
export type TicketEventData = Omit<PortalEventMessage, 'userIds'>;

export function ticketFrame(message: PortalEventMessage): string {
  const { userIds: _userIds, ...data } = message;
  return `id: ${message.eventId}\nevent: ticket\ndata: ${JSON.stringify(data satisfies TicketEventData)}\n\n`;
}

export class EventHub {
  private readonly byUser = new Map<number, Set<EventSubscriber>>();

  /** Adds a stream of `userId`; returns its removal. */
  add(userId: number, subscriber: EventSubscriber): () => void {
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
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

declare module 'fastify' {
  interface FastifyInstance {
    eventHub: EventHub;
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

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const eventsPlugin = fp(async (app) => {
  const hub = new EventHub();
  app.decorate('eventHub', hub);

  const unlisten = await app.database.raw.listen(PORTAL_EVENTS_CHANNEL, (payload) => {
    const message = parseMessage(payload);
    if (message) hub.dispatch(message);
    else app.log.warn({ payload: payload.slice(0, 200) }, 'unreadable portal event');
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
  });
});
