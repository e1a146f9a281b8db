/**
 * How a form or dialog sends a write that must survive a lost connection:
 * the item is stored in the outbox first (so closing the tab mid-send loses nothing), then, when
 * online and no other upload is running, sent at once with its Idempotency-Key so the form shows
 * the server's answer as usual. A send without an answer leaves the same item, same key, in the
 * outbox; the sync sends it later and the server applies it once.
 */
import { ApiError, asErrorBody } from '../lib/api-client';
import { markServerReachable } from '../lib/connectivity';
import { clearSession, getSession } from '../lib/session-store';
import { withOutboxLockIfFree } from './locks';
import { makeItem, notifyOutboxChanged, putItem, removeItem, updateItem, type NewItem } from './outbox';
import type { OutboxItem } from './outbox-types';
import { clearProgress, progressListener } from './progress';
import { OutboxNetworkError, sendRequest, type SendResult } from './request';
import { OutboxUnavailableError, OutOfSpaceError, requestPersistentStorage } from './storage';
import { backoffDelay, classifyAnswer } from './sync';
import { requestSync } from './page-sync';

export type SubmitResult =
  | { status: 'sent'; body: unknown }
  /** offline: no connection; busy: another upload holds the outbox, this one follows it. */
  | { status: 'queued'; item: OutboxItem; reason: 'offline' | 'busy' };

/** Items this page is sending directly: the header count leaves them out while the form waits. */
export const directSends = new Set<string>();

export class NotSignedInError extends Error {
  constructor() {
    super('Not signed in');
    this.name = 'NotSignedInError';
  }
}

export type SubmitInput = Omit<NewItem, 'userId'> & { userId?: number };

function asApiError({ status, body }: SendResult): ApiError {
  return new ApiError(status, asErrorBody(body, status), '');
}

async function sendDirect(item: OutboxItem, token: string | null): Promise<SubmitResult> {
  let answer: SendResult;
  try {
    answer = await sendRequest(item.request, item.id, token, progressListener(item.id));
  } catch (error) {
    if (!(error instanceof OutboxNetworkError)) throw error;
    markServerReachable(false);
    await updateItem(item.id, { attempts: 1, lastError: error.message, nextAttemptAt: Date.now() + backoffDelay(1) });
    return { status: 'queued', item, reason: 'offline' };
  } finally {
    clearProgress(item.id);
  }
  markServerReachable(true);
  const kind = classifyAnswer(answer.status, answer.body);
  if (kind === 'sent') {
    await removeItem(item.id);
    return { status: 'sent', body: answer.body };
  }
  if (kind === 'unauthorized') {
    // The item waits for its user to sign in again; the form reports the 401 and the guards go to /login.
    clearSession(true);
    throw asApiError(answer);
  }
  if (kind === 'in-flight' || (kind === 'transient' && [502, 503, 504].includes(answer.status))) {
    await updateItem(item.id, { attempts: 1, lastStatus: answer.status, nextAttemptAt: Date.now() + backoffDelay(1) });
    return { status: 'queued', item, reason: 'offline' };
  }
  // A refusal (or a server failure) while the user is on the form: the form shows it, nothing is kept.
  await removeItem(item.id);
  throw asApiError(answer);
}

/**
 * Stores and sends one write. Rejects with ApiError for an answer the form shows, OutOfSpaceError
 * when the device is full and there is no connection to send it right away, OutboxUnavailableError when
 * the browser would not store it and there is no connection.
 */
export async function submitThroughOutbox(input: SubmitInput): Promise<SubmitResult> {
  const { token, user } = getSession();
  const userId = input.userId ?? user?.id;
  if (userId === undefined || !token) throw new NotSignedInError();
  const item = makeItem({ ...input, userId });
  const online = typeof navigator === 'undefined' || navigator.onLine;
  let stored = true;
  directSends.add(item.id);
  try {
    try {
      await putItem(item);
    } catch (error) {
      if (!online) throw error instanceof OutOfSpaceError ? error : new OutboxUnavailableError(error);
      // No room (or no IndexedDB) to keep a copy, but a connection: send it without the safety net.
      stored = false;
    }
    if (!online) {
      // The device now really holds user data: ask again to keep it (Chromium decides by engagement).
      void requestPersistentStorage();
      requestSync();
      return { status: 'queued', item, reason: 'offline' };
    }
    if (!stored) {
      // No copy to fall back on: a lost connection here is the browser's refusal to keep it, said as such.
      const answer = await sendRequest(item.request, item.id, token, progressListener(item.id)).catch(
        (error: unknown) => {
          throw error instanceof OutboxNetworkError ? new OutboxUnavailableError(error) : error;
        },
      );
      if (classifyAnswer(answer.status, answer.body) === 'sent') return { status: 'sent', body: answer.body };
      throw asApiError(answer);
    }
    const attempt = await withOutboxLockIfFree(() => sendDirect(item, token));
    const result: SubmitResult = attempt.ran ? attempt.value : { status: 'queued', item, reason: 'busy' };
    if (result.status === 'queued') requestSync();
    return result;
  } finally {
    directSends.delete(item.id);
    // Views left the item out while it was being sent; a queued one must now be counted.
    notifyOutboxChanged();
  }
}
