/**
 * The page's half of the screen cache (src/app/lib/screen-cache.ts): names the groups the signed-in
 * user needs offline, in the active language, and tells the service worker, which caches them.
 */
import { i18n } from '../lib/i18n';
import { CACHE_SCREENS_MESSAGE, saveWantedGroups, wantedGroups } from '../lib/screen-cache';
import { getSession } from '../lib/session-store';

export async function requestScreenCache(): Promise<void> {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return;
  const { token, user } = getSession();
  const roles = token && user ? user.roles.map((role) => role.name) : [];
  await saveWantedGroups(wantedGroups(roles, i18n.locale));
  // A worker still installing reads the list itself; an active one is told it changed.
  const registration = await container.ready;
  registration.active?.postMessage({ type: CACHE_SCREENS_MESSAGE });
}
