/**
 * Delivers the events outbox. The pg-boss job `deliver-events` is sent after
 * every successful write (the writing process's own worker is woken at once) and, as a floor, by each
 * process every few seconds when undelivered rows exist, so events written by background jobs go out
 * too; the queue's `short` policy keeps at most one job waiting.
 *
 * A run locks the oldest undelivered rows (FOR UPDATE SKIP LOCKED, so several processes share the work),
 * resolves each event's recipients, publishes it on `portal_events` with pg_notify and marks it
 * delivered, all in one transaction: listeners see it only if it committed. Push goes out after the
 * commit, best effort (a crash between the two loses that push, never the live update); tokens FCM
 * rejects as dead are removed.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { reportingFailures } from './report-failures';
import type { Db } from '../db/database';
import { DEFAULT_EVENT_TITLE } from '../../shared/domain/events';
import {
  PORTAL_EVENTS_CHANNEL,
  type EventTitle,
  type EventType,
  type PortalEventMessage,
} from '../repositories/events';
import {
  eventAudience,
  firebaseTokensOfUsers,
  hasUndeliveredEvents,
  lockUndeliveredEvents,
  markEventsDelivered,
  publishNotification,
  removeFirebaseTokens,
  type PendingEvent,
} from '../repositories/notifications';
import type { PushSender } from '../plugins/push';

export const DELIVER_EVENTS_JOB = 'deliver-events';

const BATCH = 100;
/** NOTIFY payloads must stay under 8000 bytes: a long recipient list is split over several. */
const NOTIFY_MAX_BYTES = 7000;

export interface DeliveryDeps {
  db: Db;
  push: PushSender | null;
  log: FastifyBaseLogger;
}

export interface DeliveryResult {
  delivered: number;
  pushed: number;
  tokensRemoved: number;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function toMessage(
  event: PendingEvent,
  audience: { userIds: number[]; providerName: string | null },
): PortalEventMessage {
  const type = event.type as EventType;
  const p = event.payload;
  const ticketNumber = typeof p.ticketNumber === 'number' ? p.ticketNumber : event.ticketId;
  return {
    eventId: event.id,
    type,
    title: (text(p.title) as EventTitle | null) ?? DEFAULT_EVENT_TITLE[type] ?? 'new',
    ticketNumber,
    supplierName: text(p.supplierName),
    carrierName: text(p.carrierName),
    ...(audience.providerName ? { providerName: audience.providerName } : {}),
    actorId: typeof p.actorId === 'number' ? p.actorId : null,
    userIds: audience.userIds,
  };
}

/** The message as one or more NOTIFY payloads, each under the size limit. */
export function notifyPayloads(message: PortalEventMessage): string[] {
  const whole = JSON.stringify(message);
  if (Buffer.byteLength(whole) <= NOTIFY_MAX_BYTES) return [whole];
  const base = Buffer.byteLength(JSON.stringify({ ...message, userIds: [] }));
  const perChunk = Math.max(1, Math.floor((NOTIFY_MAX_BYTES - base) / 12));
  const out: string[] = [];
  for (let i = 0; i < message.userIds.length; i += perChunk) {
    out.push(JSON.stringify({ ...message, userIds: message.userIds.slice(i, i + perChunk) }));
  }
  return out;
}

async function pushEvent(
  deps: DeliveryDeps,
  push: PushSender,
  message: PortalEventMessage,
): Promise<{ sent: number; removed: number }> {
  const tokens = await firebaseTokensOfUsers(deps.db, message.userIds);
  if (tokens.length === 0) return { sent: 0, removed: 0 };
  const unique = [...new Set(tokens.map((t) => t.token))];
  const result = await push.send(unique, message);
  const removed = await removeFirebaseTokens(deps.db, result.invalidTokens);
  if (result.failed > 0)
    deps.log.warn({ eventId: message.eventId, failed: result.failed, removed }, 'push partly failed');
  return { sent: result.sent, removed };
}

/** Delivers every undelivered event, a batch per transaction. */
export async function deliverEvents(deps: DeliveryDeps): Promise<DeliveryResult> {
  const total: DeliveryResult = { delivered: 0, pushed: 0, tokensRemoved: 0 };
  for (;;) {
    const messages = await deps.db.transaction(async (tx) => {
      const pending = await lockUndeliveredEvents(tx, BATCH);
      const out: PortalEventMessage[] = [];
      for (const event of pending) {
        const message = toMessage(event, await eventAudience(tx, event.ticketId));
        for (const payload of notifyPayloads(message)) await publishNotification(tx, PORTAL_EVENTS_CHANNEL, payload);
        out.push(message);
      }
      await markEventsDelivered(
        tx,
        pending.map((e) => e.id),
      );
      return out;
    });
    total.delivered += messages.length;
    if (deps.push) {
      for (const message of messages) {
        try {
          const { sent, removed } = await pushEvent(deps, deps.push, message);
          total.pushed += sent;
          total.tokensRemoved += removed;
        } catch (error) {
          deps.log.error({ err: error, eventId: message.eventId }, 'push failed');
        }
      }
    }
    if (messages.length < BATCH) return total;
  }
}

export interface EventDelivery {
  /** Asks for a delivery run now (after a write committed). */
  nudge(): void;
}

/**
 * Registers the queue and worker on this process's pg-boss and starts the floor timer. The worker's own
 * polling is relaxed; a nudge from this process wakes it at once.
 */
export async function startEventDelivery(app: FastifyInstance, boss: PgBoss): Promise<EventDelivery> {
  await boss.createQueue(DELIVER_EVENTS_JOB, { policy: 'short' });
  const workerId = await boss.work(
    DELIVER_EVENTS_JOB,
    { pollingIntervalSeconds: 2 },
    reportingFailures(app, DELIVER_EVENTS_JOB, async () => {
      const result = await deliverEvents({ db: app.db, push: app.push, log: app.log });
      if (result.delivered) app.log.debug(result, 'events delivered');
    }),
  );
  let closing = false;
  const nudge = () => {
    if (closing) return;
    boss
      .send(DELIVER_EVENTS_JOB, null)
      .then(() => boss.notifyWorker(workerId))
      .catch((error: unknown) => app.log.warn({ err: error }, 'deliver-events not queued'));
  };
  // The floor only queues a job when something waits, so idle processes add no job rows.
  const floor = setInterval(
    () => {
      hasUndeliveredEvents(app.db)
        .then((waiting) => waiting && nudge())
        .catch((error: unknown) => app.log.warn({ err: error }, 'undelivered events not checked'));
    },
    Math.max(1, app.config.eventsPollSeconds) * 1000,
  );
  floor.unref();
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(floor);
  });
  nudge();
  return { nudge };
}
