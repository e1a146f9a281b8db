/// <reference lib="webworker" />
/**
 * The service worker (vite-plugin-pwa, injectManifest): precaches the app shell and the signed-in
 * user's screens so the portal opens with no connection, serves index.html for every in-app navigation (never for /api/), and takes over
 * only when the user accepts the update prompt (registerType 'prompt').
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import './sw/push';
import './sw/outbox-sync';
import { setUpScreenCache } from './sw/screens';
import { CLAIM_MESSAGE } from './offline/claim';

declare let self: ServiceWorkerGlobalScope;

// The shell at install; the signed-in user's screens and language beside it (sw/screens.ts).
setUpScreenCache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
  // A page that loaded uncontrolled (offline/claim.ts) asks to be taken over.
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === CLAIM_MESSAGE) {
    event.waitUntil(self.clients.claim());
  }
});

clientsClaim();
