/**
 * The service worker's screen cache (src/app/sw/screens.ts) runs one caching run after another. A run
 * that fails (a full disk, a body cut off mid-download) fails the page that asked for it, and the next
 * page's question is still answered: chained on the failed run, every later question was refused until
 * the worker restarted, and the phone never got its screens for offline use.
 * The worker's globals (self, caches, fetch) are stand-ins here; Workbox's precache is not under test.
 */
import { describe, expect, it, vi } from 'vitest';
import { CACHE_SCREENS_MESSAGE, SCREENS_CACHE, saveWantedGroups } from '../../src/app/lib/screen-cache';

vi.mock('workbox-precaching', () => ({ precacheAndRoute: vi.fn() }));
vi.mock('workbox-routing', () => ({ registerRoute: vi.fn() }));

const ORIGIN = 'https://portal.test';

/** Cache Storage in memory; `failPuts` makes the next puts of the screens' cache fail as a full disk does. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  let failPuts = 0;
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    const key = (request: string | Request) =>
      new URL(typeof request === 'string' ? request : request.url, ORIGIN).href;
    return {
      match: async (request: string | Request) => store.get(key(request))?.clone(),
      put: async (request: string | Request, response: Response) => {
        if (name === SCREENS_CACHE && failPuts > 0) {
          failPuts -= 1;
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        store.set(key(request), response);
      },
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      delete: async (request: string | Request) => store.delete(key(request)),
    };
  };
  return {
    storage: { open },
    failNextPut: () => (failPuts = 1),
    cached: (url: string) => stores.get(SCREENS_CACHE)?.has(`${ORIGIN}${url}`) ?? false,
  };
}

describe("the worker's screen cache", () => {
  it('should answer the next question after a run that failed, and cache what it wants', async () => {
    const listeners = new Map<string, ((event: unknown) => void)[]>();
    vi.stubGlobal('self', {
      location: { origin: ORIGIN },
      addEventListener: (type: string, listener: (event: unknown) => void) =>
        listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    });
    const caches = fakeCaches();
    vi.stubGlobal('caches', caches.storage);
    vi.stubGlobal('fetch', async () => new Response('export {}', { status: 200 }));
    const { setUpScreenCache } = await import('../../src/app/sw/screens');
    setUpScreenCache([
      { url: 'index.html', revision: '1', groups: ['shell'] } as never,
      { url: 'assets/carrier-home.js', revision: null, groups: ['carrier'] } as never,
    ]);
    await saveWantedGroups(['signed-in', 'locale:en', 'carrier']);

    /** The page asks the worker to cache its screens; resolves to whether the worker answered it. */
    const ask = async () => {
      const answered = vi.fn();
      let work: Promise<unknown> = Promise.resolve();
      for (const listener of listeners.get('message') ?? [])
        listener({
          data: { type: CACHE_SCREENS_MESSAGE },
          ports: [{ postMessage: answered }],
          waitUntil: (promise: Promise<unknown>) => (work = promise),
        });
      await work.catch(() => undefined);
      return answered.mock.calls.length === 1;
    };

    caches.failNextPut();
    expect(await ask()).toBe(false);
    expect(caches.cached('/assets/carrier-home.js')).toBe(false);

    expect(await ask()).toBe(true);
    expect(caches.cached('/assets/carrier-home.js')).toBe(true);
  });
});
