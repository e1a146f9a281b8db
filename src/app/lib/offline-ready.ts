/**
 * "The portal is ready to work offline": said once, when the service worker has cached the app. The
 * page shows it inline at the top of the signed-in frame (components/offline-ready-note.tsx) instead of
 * as a toast, which on a 390 px phone covered the page title and its buttons. The note may come while
 * the login page is open: it waits here until a signed-in page shows it.
 */
import { useSyncExternalStore } from 'react';

type State = 'unset' | 'shown' | 'dismissed';
let state: State = 'unset';
const listeners = new Set<() => void>();

function set(next: State): void {
  if (state === next) return;
  state = next;
  for (const listener of listeners) listener();
}

export const announceOfflineReady = (): void => {
  if (state === 'unset') set('shown');
};
export const dismissOfflineReady = (): void => set('dismissed');

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useOfflineReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => state === 'shown',
    () => false,
  );
}
