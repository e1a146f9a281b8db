/// <reference lib="webworker" />
/**
 * The service worker's half of the outbox: a Background Sync 'outbox' event
 * replays the signed-in user's items from IndexedDB with the token the page mirrored there, even
 * with the app closed. Open pages hear each outcome (toast, refetch). Left-over items make the
 * sync fail so the browser tries again later.
 */
import { db } from '../offline/db';
import type { SyncEventLike } from '../offline/background-sync-types';
import { drainOutbox, type SyncOutcome } from '../offline/sync';

declare let self: ServiceWorkerGlobalScope;

const SYNC_TAG = 'outbox';

async function tellPages(outcome: SyncOutcome): Promise<void> {
  if (outcome.type === 'unauthorized') await db.session.delete('current');
  // Blobs stay behind: pages need the kind, ticket and message only.
  const { request: _request, ...item } = outcome.item;
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: 'outbox-outcome', outcome: { ...outcome, item } });
}

export async function replayOutbox(): Promise<void> {
  const summary = await drainOutbox({
    auth: async () => {
      const session = await db.session.get('current');
      return session ? { token: session.token, userId: session.userId } : null;
    },
    onOutcome: tellPages,
    // The browser fires 'sync' once it sees a connection: no reason to wait for a backoff.
    ignoreBackoff: true,
  });
  // The browser retries a failed sync with its own backoff; a refused item waits for the user instead.
  if (summary.offline || (summary.waiting > 0 && !summary.unauthorized)) throw new Error('outbox not empty');
}

self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEventLike;
  if (sync.tag === SYNC_TAG) sync.waitUntil(replayOutbox());
});
