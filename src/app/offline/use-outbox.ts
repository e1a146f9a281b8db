/** The signed-in user's outbox for views: live from IndexedDB (this tab, other tabs, the SW). */
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { listItems, subscribeOutbox } from './outbox';
import type { OutboxItem } from './outbox-types';
import { directSends } from './submit';

export function useOutboxItems(userId: number | null | undefined): OutboxItem[] {
  const [state, setState] = useState<{ userId: number | null; items: OutboxItem[] }>({ userId: null, items: [] });
  useEffect(() => {
    if (userId == null) return;
    let live = true;
    const setItems = (items: OutboxItem[]) => setState({ userId, items });
    const refresh = () =>
      void listItems(userId)
        .then((next) => {
          if (live) setItems(next);
        })
        .catch(() => undefined);
    const subscription = liveQuery(() => listItems(userId)).subscribe({
      next: (next) => {
        if (live) setItems(next);
      },
      error: () => undefined,
    });
    const unsubscribe = subscribeOutbox(refresh);
    return () => {
      live = false;
      subscription.unsubscribe();
      unsubscribe();
    };
  }, [userId]);
  if (userId == null || state.userId !== userId) return [];
  // A write the form is sending right now is not "waiting" yet.
  return state.items.filter((item) => !directSends.has(item.id));
}
