/**
 * The TanStack Query cache kept in IndexedDB, per user. The sync-storage persister needs a
 * synchronous Storage; DexieStorage is one: every value is read into memory when the app starts,
 * reads come from memory, writes go to memory and then, in order, to IndexedDB through Dexie. Each
 * user has their own key; signing out (or any 401) removes the user's copy from memory and from
 * IndexedDB. The start reads IndexedDB directly (readSavedValues): a signed-in page restores its
 * lists without waiting for Dexie, which arrives with the first write.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { firstScreenIdle } from '../lib/idle';
import { DB_NAME, type KeyValue } from './db-schema';

export const CACHE_PREFIX = 'query-cache:';
/** A cache older than this is not restored. */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Bumped when the shape of persisted data changes. */
const BUSTER = 'v1';

export const cacheKey = (userId: number) => `${CACHE_PREFIX}${userId}`;

/**
 * Every stored value, read straight from IndexedDB. A device that never stored anything has no
 * database: its creation is cancelled (the version upgrade aborted), so Dexie later creates it with
 * its tables as usual, and nothing is restored.
 */
export function readSavedValues(): Promise<KeyValue[]> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => {
      if (request.error?.name === 'AbortError') resolve([]);
      else reject(request.error ?? new Error('IndexedDB refused to open'));
    };
    request.onsuccess = () => {
      const database = request.result;
      // Dexie may open the database for a newer version meanwhile: this connection steps aside.
      database.onversionchange = () => database.close();
      if (!database.objectStoreNames.contains('kv')) {
        database.close();
        resolve([]);
        return;
      }
      const read = database.transaction('kv', 'readonly').objectStore('kv').getAll();
      read.onsuccess = () => {
        database.close();
        resolve(read.result as KeyValue[]);
      };
      read.onerror = () => {
        database.close();
        reject(read.error ?? new Error('IndexedDB refused the read'));
      };
    };
  });
}

/**
 * The Dexie database, imported when first used rather than at start, and not before the first screen is
 * idle: a slow phone downloads the screen's own files first (the cache's writes and the session's copy
 * for the service worker wait until then).
 */
export async function dexieAfterFirstScreen() {
  await firstScreenIdle();
  return (await import('./db')).db;
}

const kvTable = async () => (await dexieAfterFirstScreen()).kv;

export class DexieStorage {
  private readonly values = new Map<string, string>();
  private writes: Promise<unknown> = Promise.resolve();

  /** Loads every stored value; call once before the app reads the cache. */
  async load(): Promise<void> {
    const rows = await readSavedValues();
    this.values.clear();
    for (const row of rows) this.values.set(row.key, row.value);
  }

  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.values.set(key, value);
    this.enqueue(async () => (await kvTable()).put({ key, value }));
  }

  removeItem(key: string): void {
    this.values.delete(key);
    this.enqueue(async () => (await kvTable()).delete(key));
  }

  /** Resolves once every write so far reached IndexedDB. */
  flush(): Promise<unknown> {
    return this.writes;
  }

  private enqueue(write: () => Promise<unknown>): void {
    // A full disk or a closed database only loses the cache copy, never user data: the app goes on.
    this.writes = this.writes.then(write).catch(() => undefined);
  }
}

export const cacheStorage = new DexieStorage();

export interface CachePersistence {
  /** Switches to the given user's cache (null: nobody signed in). Resolves once restored. */
  switchUser: (userId: number | null) => Promise<void>;
  /** Removes a user's persisted cache. */
  wipe: (userId: number) => void;
  /** How many throttled saves arrived after their user had left and were dropped (tests wait on it). */
  droppedSaves: () => number;
}

export function createCachePersistence(
  queryClient: QueryClient,
  storage: DexieStorage = cacheStorage,
): CachePersistence {
  let current: number | null = null;
  let unsubscribe: (() => void) | null = null;
  let gate = { open: false };
  let dropped = 0;

  // The persister writes on a throttle timer; a write that fires after the user left must not
  // bring their cache back, so each user's persister writes through a gate closed on switch/wipe.
  const persisterFor = (userId: number) => {
    gate.open = false;
    const mine = { open: true };
    gate = mine;
    return createSyncStoragePersister({
      storage: {
        getItem: (key) => storage.getItem(key),
        setItem: (key, value) => {
          if (mine.open) storage.setItem(key, value);
          else dropped += 1;
        },
        removeItem: (key) => storage.removeItem(key),
      },
      key: cacheKey(userId),
      throttleTime: 1000,
    });
  };

  return {
    async switchUser(userId) {
      if (userId === current) return;
      unsubscribe?.();
      unsubscribe = null;
      gate.open = false;
      current = userId;
      if (userId === null) return;
      const persister = persisterFor(userId);
      // The library drops a cache that is too old or of another buster, and one it cannot read.
      await persistQueryClientRestore({ queryClient, persister, maxAge: CACHE_MAX_AGE_MS, buster: BUSTER }).catch(
        () => undefined,
      );
      // Another switch may have happened while restoring.
      if (current !== userId) return;
      unsubscribe = persistQueryClientSubscribe({ queryClient, persister, buster: BUSTER });
    },
    wipe(userId) {
      if (current === userId) {
        unsubscribe?.();
        unsubscribe = null;
        gate.open = false;
        current = null;
      }
      storage.removeItem(cacheKey(userId));
    },
    droppedSaves: () => dropped,
  };
}
