/**
 * Whether the app can reach its server: the browser's own online flag, plus what the api client
 * learnt from the last request (a fetch that threw means the server was unreachable).
 */
import { useSyncExternalStore } from 'react';

type Listener = () => void;
const listeners = new Set<Listener>();
let serverUnreachable = false;

function emit(): void {
  for (const listener of listeners) listener();
}

export function markServerReachable(reachable: boolean): void {
  if (serverUnreachable === !reachable) return;
  serverUnreachable = !reachable;
  emit();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

function isOffline(): boolean {
  return !navigator.onLine || serverUnreachable;
}

/** True while the device is offline or the server did not answer the last request. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
