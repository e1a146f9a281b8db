/**
 * The screens a device keeps for offline use: the service worker installs the shell only, and the page
 * names the groups of built files its user needs (their role's screens, the signed-in frame, their
 * language's catalogue; see src/build/precache-groups.ts). The page leaves that list in Cache Storage,
 * where the service worker reads it when it installs and whenever the page says it changed.
 * No React here: the service worker imports it.
 */
import { AREA_ROLES, type Area } from '../../shared/domain/permissions';

export const SCREENS_CACHE = 'portal-screens';
const WANTED_CACHE = 'portal-screens-wanted';
const WANTED_URL = '/__screens-wanted.json';

/** Page → service worker: the wanted groups changed, cache them. With a port: answered once they are cached. */
export const CACHE_SCREENS_MESSAGE = 'CACHE_SCREENS';

/** The groups a user of these roles needs, in this language; none while signed out (the shell suffices). */
export function wantedGroups(roles: readonly string[], locale: string): string[] {
  if (roles.length === 0) return [`locale:${locale}`];
  const areas = (Object.keys(AREA_ROLES) as Area[]).filter(
    (area) => area !== 'ticket' && area !== 'adminro' && AREA_ROLES[area].some((role) => roles.includes(role)),
  );
  return ['signed-in', `locale:${locale}`, ...areas];
}

export async function saveWantedGroups(groups: string[]): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(WANTED_CACHE);
  await cache.put(
    WANTED_URL,
    new Response(JSON.stringify(groups), { headers: { 'Content-Type': 'application/json' } }),
  );
}

export async function readWantedGroups(): Promise<string[]> {
  if (typeof caches === 'undefined') return [];
  try {
    const response = await (await caches.open(WANTED_CACHE)).match(WANTED_URL);
    const value: unknown = response ? await response.json() : [];
    return Array.isArray(value) ? value.filter((group): group is string => typeof group === 'string') : [];
  } catch {
    return [];
  }
}
