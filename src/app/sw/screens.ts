/// <reference lib="webworker" />
/**
 * The service worker's half of the screen cache (src/app/lib/screen-cache.ts): installs the precache
 * list's shell through Workbox, and keeps the signed-in user's groups in a cache of its own, filled at
 * install and whenever a page says its wanted groups changed. Every other built file (another role's
 * screen, the other language, Firebase) is cached the first time it is fetched, so what was used once
 * opens offline too. Files of older builds leave the cache when a new service worker activates.
 */
import { precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CACHE_SCREENS_MESSAGE, SCREENS_CACHE, readWantedGroups } from '../lib/screen-cache';

declare let self: ServiceWorkerGlobalScope;

interface GroupedEntry extends PrecacheEntry {
  groups?: string[];
}

const absolute = (url: string) => new URL(url, self.location.origin).href;

export function setUpScreenCache(list: (string | PrecacheEntry)[]): void {
  // The build writes objects only (src/build/precache-groups.ts).
  const manifest = list.filter((entry): entry is GroupedEntry => typeof entry !== 'string');
  const shell = manifest.filter((entry) => !entry.groups || entry.groups.includes('shell'));
  const shellUrls = new Set(shell.map((entry) => absolute(entry.url)));
  const built = new Set(manifest.map((entry) => absolute(entry.url)));
  precacheAndRoute(shell.map(({ url, revision }) => ({ url, revision })));

  /**
   * Caches the files of the wanted groups that are neither in the shell nor cached yet, one run after
   * another. A run that failed (a body cut off mid-download, a full disk) fails its own callers only: the
   * next run starts anyway, where chaining on the failed one would have refused every later run until the
   * worker restarted.
   */
  let running: Promise<void> = Promise.resolve();
  const cacheWanted = () => {
    running = running
      .catch(() => undefined)
      .then(async () => {
        const wanted = new Set(await readWantedGroups());
        const cache = await caches.open(SCREENS_CACHE);
        const urls = manifest
          .filter((entry) => entry.groups?.some((group) => wanted.has(group)))
          .map((entry) => absolute(entry.url))
          .filter((url) => !shellUrls.has(url));
        await Promise.all(
          urls.map(async (url) => {
            if (await cache.match(url)) return;
            const response = await fetch(url).catch(() => null);
            if (response?.ok) await cache.put(url, response);
          }),
        );
      });
    return running;
  };

  self.addEventListener('install', (event) => event.waitUntil(cacheWanted()));
  self.addEventListener('activate', (event) =>
    event.waitUntil(
      (async () => {
        const cache = await caches.open(SCREENS_CACHE);
        for (const request of await cache.keys()) if (!built.has(request.url)) await cache.delete(request);
      })(),
    ),
  );
  self.addEventListener('message', (event: ExtendableMessageEvent) => {
    const data: unknown = event.data;
    if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== CACHE_SCREENS_MESSAGE)
      return;
    const done = cacheWanted().then(() => event.ports[0]?.postMessage({ type: CACHE_SCREENS_MESSAGE, done: true }));
    event.waitUntil(done);
  });

  // Built files outside the precache: from the cache when there, else from the network, kept for next time.
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
    async ({ request }) => {
      const cache = await caches.open(SCREENS_CACHE);
      const hit = await cache.match(request.url);
      if (hit) return hit;
      const response = await fetch(request);
      if (response.ok && built.has(request.url)) await cache.put(request.url, response.clone());
      return response;
    },
  );
}
