/**
 * Storage the outbox depends on: ask the browser to keep it (navigator.storage.persist), and
 * recognise a full device so the user is told instead of losing the write.
 */

/** The device has no room left for the outbox item (QuotaExceededError from IndexedDB). */
export class OutOfSpaceError extends Error {
  constructor(cause?: unknown) {
    super('The device is out of storage space', { cause });
    this.name = 'OutOfSpaceError';
  }
}

/**
 * The browser would not store the item (no IndexedDB, or a private mode that refuses it) and there is no
 * connection to send it: nothing can be kept for later. The form keeps what was typed and says so.
 */
export class OutboxUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The outbox is not available on this device', { cause });
    this.name = 'OutboxUnavailableError';
  }
}

/** The write was not kept for later (the form still holds it): said by outbox-messages.ts, toastNotKept. */
export function isNotKeptError(error: unknown): boolean {
  return error instanceof OutOfSpaceError || error instanceof OutboxUnavailableError;
}

export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, inner } = error as { name?: unknown; inner?: unknown };
  // Dexie wraps the DOMException as AbortError/QuotaExceededError with the original in `inner`.
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED') return true;
  return inner !== undefined && inner !== error && isQuotaError(inner);
}

/**
 * The browser's last answer: 'granted' (kept until the user clears it), 'refused' (best effort: the
 * browser may clear it under pressure, and Safari after some days without use), 'unsupported', or null
 * before the first answer. The outbox says so when it holds something the browser did not agree to keep.
 */
export type Persistence = 'granted' | 'refused' | 'unsupported' | null;

let persistence: Persistence = null;
const listeners = new Set<() => void>();

export function getPersistence(): Persistence {
  return persistence;
}

export function subscribePersistence(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function answered(value: Exclude<Persistence, null>): boolean {
  if (persistence !== value) {
    persistence = value;
    for (const listener of listeners) listener();
  }
  return value === 'granted';
}

/**
 * Asked at start and again each time something is queued offline: browsers grant it silently to
 * installed apps or after engagement, so a later ask may succeed where the first did not.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.storage?.persist) return answered('unsupported');
    if (await navigator.storage.persisted()) return answered('granted');
    return answered((await navigator.storage.persist()) ? 'granted' : 'refused');
  } catch {
    return answered('refused');
  }
}
