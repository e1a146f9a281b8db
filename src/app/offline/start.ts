/**
 * Starts the offline half of the page, before the first render: loads the persisted query cache of
 * the signed-in user from IndexedDB, mirrors the session for the service worker, follows sign-in and
 * sign-out (a user's cache is wiped when their session ends), asks for persistent storage, starts
 * the outbox sync and has the service worker keep the user's screens.
 */
import type { QueryClient } from '@tanstack/react-query';
import { i18n } from '../lib/i18n';
import { getSession, subscribeSession } from '../lib/session-store';
import { db } from './db';
import { releaseAllEditing } from './outbox';
import { requestSync, startPageSync } from './page-sync';
import { cacheStorage, createCachePersistence, type CachePersistence } from './persister';
import { enableUploadProgress } from './request';
import { requestScreenCache } from './screens';
import { requestPersistentStorage } from './storage';

/** The service worker reads the token from IndexedDB (it has no localStorage). */
export async function mirrorSession(): Promise<void> {
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

export async function startOffline(queryClient: QueryClient): Promise<void> {
  enableUploadProgress();
  const persistence = createCachePersistence(queryClient);
  try {
    await cacheStorage.load();
    const { token, user } = getSession();
    await persistence.switchUser(token && user ? user.id : null);
    await mirrorSession();
    await releaseAllEditing();
  } catch {
    // No IndexedDB (private mode of some browsers): the app works online without the offline parts.
  }
  followSession(persistence, () => void requestSync(true));
  // The service worker keeps the screens of the signed-in role in the active language.
  const cacheScreens = () => void requestScreenCache().catch(() => undefined);
  cacheScreens();
  subscribeSession(cacheScreens);
  i18n.on('change', cacheScreens);
  void requestPersistentStorage();
  startPageSync(queryClient);
}
