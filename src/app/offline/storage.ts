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

export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, inner } = error as { name?: unknown; inner?: unknown };
  // Dexie wraps the DOMException as AbortError/QuotaExceededError with the original in `inner`.
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED') return true;
  return inner !== undefined && inner !== error && isQuotaError(inner);
}

/** Asks once per start; browsers grant it silently to installed apps or after engagement. */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
