/**
 * Follows one user's outbox in IndexedDB (this tab, other tabs, the service worker) and hands every
 * change to `onItems`, leaving out the writes a form is sending right now (they are not waiting yet).
 * Loaded by useOutboxItems after the screen has rendered: the outbox code is not part of a first paint.
 */
import { liveQuery } from 'dexie';
import { listItems, subscribeOutbox } from './outbox';
import type { OutboxItem } from './outbox-types';
import { directSends } from './submit';

export function watchOutbox(userId: number, onItems: (items: OutboxItem[]) => void): () => void {
  let live = true;
  const deliver = (items: OutboxItem[]) => {
    if (live) onItems(items.filter((item) => !directSends.has(item.id)));
  };
  const subscription = liveQuery(() => listItems(userId)).subscribe({ next: deliver, error: () => undefined });
  // A send that ended changes what counts as waiting without a write to IndexedDB.
  const unsubscribe = subscribeOutbox(() => void listItems(userId).then(deliver, () => undefined));
  return () => {
    live = false;
    subscription.unsubscribe();
    unsubscribe();
  };
}
