/**
 * The part of the offline start a signed-in page needs before its lists ask the network: the user's
 * saved query cache back in memory, and the persister following sign-in and sign-out (a user's cache
 * is wiped when their session ends). It reads IndexedDB without Dexie, so the first screen does not
 * wait for the outbox code; start.ts does the rest once that screen is on.
 */
import type { QueryClient } from '@tanstack/react-query';
import { getSession, subscribeSession } from '../lib/session-store';
import { cacheStorage, createCachePersistence, dexieAfterFirstScreen, type CachePersistence } from './persister';

/** The service worker reads the token from IndexedDB (it has no localStorage). */
export async function mirrorSession(): Promise<void> {
  const db = await dexieAfterFirstScreen();
  const { token, user } = getSession();
  if (token && user) await db.session.put({ id: 'current', token, userId: user.id });
  else await db.session.delete('current');
}

/** Follows the session: switch caches on sign-in, wipe the user's cache when the session ends. */
export function followSession(persistence: CachePersistence, onSignedIn: () => void = () => undefined): () => void {
  const signedIn = () => {
    const { token, user } = getSession();
    return token && user ? user.id : null;
  };
  let current = signedIn();
  return subscribeSession(() => {
    const next = signedIn();
    void mirrorSession().catch(() => undefined);
    if (next === current) return;
    if (current !== null) persistence.wipe(current);
    current = next;
    void persistence.switchUser(next);
    if (next !== null) onSignedIn();
  });
}

/** Restores the signed-in user's saved lists and starts following the session. */
export async function restoreCache(queryClient: QueryClient): Promise<CachePersistence> {
  const persistence = createCachePersistence(queryClient);
  try {
    await cacheStorage.load();
    const { token, user } = getSession();
    await persistence.switchUser(token && user ? user.id : null);
  } catch {
    // No IndexedDB (private mode of some browsers): the app works online without the offline parts.
  }
  // A sign-in replays what an earlier session of this device left in the outbox.
  followSession(persistence, () => void import('./page-sync').then(({ requestSync }) => requestSync(true)));
  return persistence;
}
