/**
 * When the page replays the outbox: on start, when the browser comes back
 * online, when the tab becomes visible, after a write was queued, when an item's backoff ends, and
 * every minute as a floor. Where the browser has Background Sync the service worker is also asked to
 * replay (it does so even with the app closed); the Web Lock keeps the two from sending at once.
 */
import type { QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { i18n } from '../lib/i18n';
import { clearSession, getSession } from '../lib/session-store';
import { refusalExplanation, itemTitle, sentToast } from './outbox-messages';
import { clearProgress, progressListener } from './progress';
import { drainOutbox, type DrainSummary, type SyncOutcome } from './sync';

export const SYNC_TAG = 'outbox';
const FLOOR_MS = 60_000;

let queryClient: QueryClient | null = null;
let running: Promise<DrainSummary | null> | null = null;
let again = false;
let againImmediate = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let started = false;

export async function onOutcome(outcome: SyncOutcome): Promise<void> {
  if (outcome.type === 'sent') {
    clearProgress(outcome.item.id);
    await queryClient?.invalidateQueries();
    const toast = sentToast(i18n, outcome.item);
    if (toast) notifications.show({ color: 'teal', ...toast });
  } else if (outcome.type === 'refused') {
    clearProgress(outcome.item.id);
    notifications.show({
      color: 'red',
      autoClose: 10_000,
      title: itemTitle(i18n, outcome.item),
      message: refusalExplanation(i18n, outcome.item, outcome.message, outcome.code),
    });
  } else if (outcome.type === 'unauthorized') {
    clearSession(true);
  } else {
    clearProgress(outcome.item.id);
  }
}

function auth() {
  const { token, user } = getSession();
  return token && user ? { token, userId: user.id } : null;
}

function schedule(summary: DrainSummary | null): void {
  clearTimeout(retryTimer);
  const wait = summary?.nextAttemptAt ? Math.max(1000, summary.nextAttemptAt - Date.now()) : FLOOR_MS;
  retryTimer = setTimeout(() => requestSync(), Math.min(wait, FLOOR_MS));
}

/** Asks the service worker for a Background Sync, where the browser has it. */
export async function registerBackgroundSync(): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof SyncManager === 'undefined')
      return false;
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration || !('sync' in registration) || !registration.sync) return false;
    await registration.sync.register(SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

/**
 * Replays the due items now (or right after the run in progress). `immediate`: the connection just
 * came back or the user asked, so items waiting for their backoff go too.
 */
export function requestSync(immediate = false): Promise<DrainSummary | null> {
  void registerBackgroundSync();
  // Known offline: wait for the 'online' event instead of spending attempts.
  if (typeof navigator !== 'undefined' && !navigator.onLine) {
    schedule(null);
    return Promise.resolve(null);
  }
  if (running) {
    again = true;
    againImmediate ||= immediate;
    return running;
  }
  running = drainOutbox({ auth, onOutcome, onProgress: progressListener, ignoreBackoff: immediate })
    .catch(() => null)
    .then((summary) => {
      running = null;
      if (again) {
        const next = againImmediate;
        again = false;
        againImmediate = false;
        return requestSync(next);
      }
      schedule(summary);
      return summary;
    });
  return running;
}

/** Starts the page's sync triggers once. */
export function startPageSync(client: QueryClient): void {
  queryClient = client;
  if (started) return;
  started = true;
  window.addEventListener('online', () => void requestSync(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void requestSync();
  });
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as { type?: unknown; outcome?: SyncOutcome } | null;
      if (data?.type === 'outbox-outcome' && data.outcome) void onOutcome(data.outcome);
    });
  }
  void requestSync(true);
}
