/** Upload progress of the items this page is sending (0..1), for the progress bars. */
import { useSyncExternalStore } from 'react';

const progress = new Map<string, number>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function setProgress(itemId: string, sent: number, total: number): void {
  progress.set(itemId, total > 0 ? Math.min(1, sent / total) : 0);
  emit();
}

export function clearProgress(itemId: string): void {
  if (progress.delete(itemId)) emit();
}

export function progressListener(itemId: string) {
  return (sent: number, total: number) => setProgress(itemId, sent, total);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The upload progress of one item, or null while it is not being sent from this page. */
export function useUploadProgress(itemId: string | null | undefined): number | null {
  return useSyncExternalStore(
    subscribe,
    () => (itemId ? (progress.get(itemId) ?? null) : null),
    () => null,
  );
}
