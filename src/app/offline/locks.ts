/**
 * One sender at a time across the page, other tabs and the service worker: the Web Locks API works
 * in all of them. Where it is missing (old browsers) a lock inside this context stands in.
 */
export const OUTBOX_LOCK = 'scrap-portal-outbox';

let local: Promise<unknown> = Promise.resolve();
let localHeld = false;

function hasLocks(): boolean {
  return typeof navigator !== 'undefined' && 'locks' in navigator && typeof navigator.locks?.request === 'function';
}

/** Runs `task` holding the outbox lock; waits for it. */
export function withOutboxLock<T>(task: () => Promise<T>): Promise<T> {
  if (hasLocks()) return navigator.locks.request(OUTBOX_LOCK, () => task()) as Promise<T>;
  const run = local.then(async () => {
    localHeld = true;
    try {
      return await task();
    } finally {
      localHeld = false;
    }
  });
  local = run.catch(() => undefined);
  return run;
}

/** Runs `task` only if nobody holds the lock now; resolves `{ ran: false }` otherwise. */
export type LockAttempt<T> = { ran: true; value: T } | { ran: false };

export async function withOutboxLockIfFree<T>(task: () => Promise<T>): Promise<LockAttempt<T>> {
  if (hasLocks()) {
    const attempt: unknown = await navigator.locks.request(OUTBOX_LOCK, { ifAvailable: true }, async (lock) => {
      if (!lock) return { ran: false };
      return { ran: true, value: await task() };
    });
    return attempt as LockAttempt<T>;
  }
  if (localHeld) return { ran: false };
  return { ran: true, value: await withOutboxLock(task) };
}
