/**
 * Starts the offline half of the page once its first screen is on: mirrors the session for the
 * service worker, releases outbox items an earlier page left held for editing, asks for persistent
 * storage, starts the outbox sync and has the service worker keep the user's screens. The saved
 * query cache is restored first (restore.ts), by the caller when a signed-in page needed it sooner.
 */
import type { QueryClient } from '@tanstack/react-query';
import { i18n } from '../lib/i18n';
import { subscribeSession } from '../lib/session-store';
import { releaseAllEditing } from './outbox';
import { startPageSync } from './page-sync';
import { mirrorSession, restoreCache } from './restore';
import { enableUploadProgress } from './request';
import { requestScreenCache } from './screens';
import { requestPersistentStorage } from './storage';

export { followSession, mirrorSession } from './restore';

/** `restored`: the cache restore the page already ran; without it this runs one. */
export async function startOffline(queryClient: QueryClient, restored?: Promise<unknown>): Promise<void> {
  enableUploadProgress();
  // A restore that could not run (its module did not load) leaves the lists to the network.
  await (restored ?? restoreCache(queryClient)).catch(() => undefined);
  try {
    await mirrorSession();
    await releaseAllEditing();
  } catch {
    // No IndexedDB (private mode of some browsers): the app works online without the offline parts.
  }
  // The service worker keeps the screens of the signed-in role in the active language.
  const cacheScreens = () => void requestScreenCache().catch(() => undefined);
  cacheScreens();
  subscribeSession(cacheScreens);
  i18n.on('change', cacheScreens);
  void requestPersistentStorage();
  startPageSync(queryClient);
}
