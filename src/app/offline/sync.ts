/**
 * Replays the outbox, oldest first, one sender at a time (Web Locks), from the page or the service
 * worker. What each answer means:
 * - 2xx (a replay of a stored answer included): the item is done and removed;
 * - 409 with the code `idempotency_in_progress`: the first send of this key is still running on the
 *   server; retry soon;
 * - 401: the session is over; the item waits for its user to sign in again;
 * - 408, 429, 5xx, no answer: try again later with exponential backoff (the server released the key);
 * - any other 4xx (ticket changed, slot no longer valid, duplicate invoice number…): refused; the
 *   item stays with the server's message until the user fixes or discards it.
 * The Idempotency-Key makes every re-send of an item one effect on the server, however often the
 * connection drops.
 */
import { ERROR_CODES, errorCodeOf } from '../../shared/errors';
import { withOutboxLock } from './locks';
import { listItems, removeItem, updateItem } from './outbox';
import type { OutboxItem } from './outbox-types';
import { OutboxNetworkError, messageOf, sendRequest, type ProgressListener } from './request';

const BASE_DELAY_MS = 5_000;
const MAX_DELAY_MS = 10 * 60_000;
const IN_FLIGHT_DELAY_MS = 3_000;

export type AnswerClass = 'sent' | 'in-flight' | 'unauthorized' | 'transient' | 'refused';

export function classifyAnswer(status: number, body: unknown): AnswerClass {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 401) return 'unauthorized';
  if (status === 409 && errorCodeOf(body) === ERROR_CODES.idempotencyInProgress) return 'in-flight';
  if (status === 408 || status === 429 || status >= 500) return 'transient';
  return 'refused';
}

/** Exponential backoff: 5 s, 10 s, 20 s … at most 10 minutes. */
export function backoffDelay(attempts: number): number {
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

export interface SyncAuth {
  token: string;
  userId: number;
}

export type SyncOutcome =
  | { type: 'sent'; item: OutboxItem; body: unknown }
  | { type: 'refused'; item: OutboxItem; status: number; message: string; code: string | undefined }
  | { type: 'retry'; item: OutboxItem; reason: 'offline' | 'in-flight' | 'transient' }
  | { type: 'unauthorized'; item: OutboxItem };

export interface SyncEnv {
  auth: () => Promise<SyncAuth | null> | SyncAuth | null;
  onOutcome?: (outcome: SyncOutcome) => void | Promise<void>;
  /** Upload progress of an item being sent (page only). */
  onProgress?: (itemId: string) => ProgressListener | undefined;
  now?: () => number;
  /**
   * The connection just came back (the 'online' event, a Background Sync event, app start, the user's
   * "Send now"): waiting items are due at once instead of after their backoff.
   */
  ignoreBackoff?: boolean;
}

export interface DrainSummary {
  sent: number;
  refused: number;
  /** Items still waiting (pending) for this user after the run. */
  waiting: number;
  /** Earliest time a waiting item may be tried again, if any. */
  nextAttemptAt: number | null;
  /** The run stopped because there was no connection. */
  offline: boolean;
  unauthorized: boolean;
}

/** Sends one item and records the outcome in the store. */
export async function sendItem(
  item: OutboxItem,
  token: string,
  env: Pick<SyncEnv, 'onProgress' | 'now'> = {},
): Promise<SyncOutcome> {
  const now = env.now?.() ?? Date.now();
  const attempts = item.attempts + 1;
  let status: number;
  let body: unknown;
  try {
    ({ status, body } = await sendRequest(item.request, item.id, token, env.onProgress?.(item.id)));
  } catch (error) {
    if (!(error instanceof OutboxNetworkError)) throw error;
    await updateItem(item.id, {
      attempts,
      lastError: error.message,
      lastCode: undefined,
      lastStatus: undefined,
      nextAttemptAt: now + backoffDelay(attempts),
    });
    return { type: 'retry', item, reason: 'offline' };
  }
  switch (classifyAnswer(status, body)) {
    case 'sent':
      await removeItem(item.id);
      return { type: 'sent', item, body };
    case 'in-flight':
      await updateItem(item.id, {
        attempts,
        lastStatus: status,
        nextAttemptAt: now + IN_FLIGHT_DELAY_MS * Math.min(attempts, 10),
      });
      return { type: 'retry', item, reason: 'in-flight' };
    case 'unauthorized':
      await updateItem(item.id, {
        lastStatus: status,
        lastError: messageOf(body) ?? 'Unauthorized',
        lastCode: errorCodeOf(body),
      });
      return { type: 'unauthorized', item };
    case 'transient':
      await updateItem(item.id, {
        attempts,
        lastStatus: status,
        lastError: messageOf(body) ?? `HTTP ${status}`,
        lastCode: errorCodeOf(body),
        nextAttemptAt: now + backoffDelay(attempts),
      });
      return { type: 'retry', item, reason: 'transient' };
    case 'refused': {
      const message = messageOf(body) ?? `HTTP ${status}`;
      const code = errorCodeOf(body);
      await updateItem(item.id, { attempts, state: 'refused', lastStatus: status, lastError: message, lastCode: code });
      return { type: 'refused', item, status, message, code };
    }
  }
}

async function drainLocked(env: SyncEnv): Promise<DrainSummary> {
  const summary: DrainSummary = {
    sent: 0,
    refused: 0,
    waiting: 0,
    nextAttemptAt: null,
    offline: false,
    unauthorized: false,
  };
  const auth = await env.auth();
  if (!auth) return summary;
  const tried = new Set<string>();
  for (;;) {
    const now = env.now?.() ?? Date.now();
    // Strictly in order: the oldest waiting item goes first, and while it waits
    // out its backoff the newer ones wait behind it, so a decline never overtakes its accept and the
    // last read flag set is the one that stays. Refused items are out of the line until fixed.
    const next = (await listItems(auth.userId)).find((item) => item.state === 'pending');
    if (!next || tried.has(next.id) || !(env.ignoreBackoff || next.nextAttemptAt <= now)) break;
    tried.add(next.id);
    const outcome = await sendItem(next, auth.token, env);
    await env.onOutcome?.(outcome);
    if (outcome.type === 'sent') summary.sent += 1;
    if (outcome.type === 'refused') summary.refused += 1;
    if (outcome.type === 'unauthorized') {
      summary.unauthorized = true;
      break;
    }
    if (outcome.type === 'retry') {
      // Without a connection the rest would fail the same way; otherwise the head keeps its place.
      summary.offline = outcome.reason === 'offline';
      break;
    }
  }
  const waiting = (await listItems(auth.userId)).filter((item) => item.state === 'pending');
  summary.waiting = waiting.length;
  summary.nextAttemptAt = waiting.length > 0 ? Math.min(...waiting.map((item) => item.nextAttemptAt)) : null;
  return summary;
}

/** Replays the signed-in user's due items; waits while another context sends. */
export function drainOutbox(env: SyncEnv): Promise<DrainSummary> {
  return withOutboxLock(() => drainLocked(env));
}
