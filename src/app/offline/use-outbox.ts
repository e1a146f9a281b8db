/**
 * The signed-in user's outbox for views, live from IndexedDB. The outbox code (Dexie) is imported
 * once the first screen is on and idle, so the frame and the lists paint without it; until it
 * answers the outbox reads as empty, as it does for a user who has nothing waiting.
 */
import { useEffect, useState } from 'react';
import { firstScreenIdle } from '../lib/idle';
import type { OutboxItem } from './outbox-types';

export function useOutboxItems(userId: number | null | undefined): OutboxItem[] {
  const [state, setState] = useState<{ userId: number | null; items: OutboxItem[] }>({ userId: null, items: [] });
  useEffect(() => {
    if (userId == null) return;
    let live = true;
    let stop: (() => void) | undefined;
    void firstScreenIdle()
      .then(() => import('./outbox-watch'))
      .then(({ watchOutbox }) => {
        if (live) stop = watchOutbox(userId, (items) => setState({ userId, items }));
      });
    return () => {
      live = false;
      stop?.();
    };
  }, [userId]);
  return userId == null || state.userId !== userId ? [] : state.items;
}
