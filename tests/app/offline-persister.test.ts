import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../src/app/lib/session-store';
import { db } from '../../src/app/offline/db';
import { DexieStorage, cacheKey, createCachePersistence } from '../../src/app/offline/persister';
import { followSession } from '../../src/app/offline/start';
import { USERS } from './fake-server';
import { PATIENCE_MS } from '../fixtures/patience';

const LIST_KEY = ['tickets', 'list', { page: 1 }];
const LIST = { tickets: [{ id: 7 }], count: 1 };
/** Waits until the throttled save of the user's cache reached IndexedDB. */
async function saved(storage: DexieStorage, userId: number) {
  await vi.waitFor(
    async () => {
      await storage.flush();
      expect(await db.kv.get(cacheKey(userId))).toBeDefined();
    },
    { timeout: PATIENCE_MS, interval: 50 },
  );
}

async function restart(userId: number) {
  const storage = new DexieStorage();
  await storage.load();
  const client = new QueryClient();
  await createCachePersistence(client, storage).switchUser(userId);
  return client;
}

afterEach(async () => {
  clearSession();
  await db.kv.clear();
});

describe('persisted query cache', () => {
  it('should give a restarted app the last ticket list from IndexedDB', async () => {
    const storage = new DexieStorage();
    await storage.load();
    const client = new QueryClient();
    await createCachePersistence(client, storage).switchUser(USERS.supplier1.id);
    client.setQueryData(LIST_KEY, LIST);
    await saved(storage, USERS.supplier1.id);
    expect(await db.kv.get(cacheKey(USERS.supplier1.id))).toBeDefined();

    const restarted = await restart(USERS.supplier1.id);
    expect(restarted.getQueryData(LIST_KEY)).toEqual(LIST);
  });

  it("should keep one user's cache away from another user", async () => {
    const storage = new DexieStorage();
    await storage.load();
    const client = new QueryClient();
    await createCachePersistence(client, storage).switchUser(USERS.supplier1.id);
    client.setQueryData(LIST_KEY, LIST);
    await saved(storage, USERS.supplier1.id);

    const other = await restart(USERS.carrier1.id);
    expect(other.getQueryData(LIST_KEY)).toBeUndefined();
  });

  it("should wipe the user's cache from IndexedDB when they sign out", async () => {
    const storage = new DexieStorage();
    await storage.load();
    const client = new QueryClient();
    const persistence = createCachePersistence(client, storage);
    setSession('token-supplier1', USERS.supplier1);
    await persistence.switchUser(USERS.supplier1.id);
    const stop = followSession(persistence);
    client.setQueryData(LIST_KEY, LIST);
    await saved(storage, USERS.supplier1.id);
    expect(await db.kv.get(cacheKey(USERS.supplier1.id))).toBeDefined();

    // A save still throttled when the user signs out must not bring the cache back: it fires, and is dropped.
    client.setQueryData(LIST_KEY, { tickets: [], count: 0 });
    clearSession();
    await vi.waitFor(() => expect(persistence.droppedSaves()).toBeGreaterThan(0), {
      timeout: PATIENCE_MS,
      interval: 50,
    });
    await storage.flush();
    stop();
    expect(await db.kv.get(cacheKey(USERS.supplier1.id))).toBeUndefined();
    expect(await db.session.get('current')).toBeUndefined();
    const restarted = await restart(USERS.supplier1.id);
    expect(restarted.getQueryData(LIST_KEY)).toBeUndefined();
  });
});
