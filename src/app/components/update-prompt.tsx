/**
 * Registers the service worker (vite-plugin-pwa, registerType 'prompt') and says when a new version of the
 * app has been downloaded; the service worker waits until the user reloads into it. Neither message is a
 * toast: the frames show them inline above the page (components/update-note.tsx,
 * components/offline-ready-note.tsx), so they cover no control.
 */
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { announceUpdate } from '../lib/app-update';
import { announceOfflineReady } from '../lib/offline-ready';
import { askToBeControlled } from '../offline/claim';

const HOUR = 60 * 60 * 1000;

/**
 * Whether a new version really waits behind the one running. workbox-window also reports a "waiting"
 * worker on a first visit: a page that opens while the first worker is between installed and activating
 * (seen in Firefox under load, where the note appeared over a railcar form a yard clerk had just opened
 * for the first time, and pushed the form down as it was being tapped). A first install has no active
 * worker to replace, so it is no update.
 */
async function newVersionWaits(): Promise<boolean> {
  const registration = await navigator.serviceWorker?.getRegistration();
  return !!registration?.active && !!registration.waiting && registration.waiting !== registration.active;
}

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    offlineReady: [offlineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // Field devices stay open for days: look for a new version every hour.
      if (registration) setInterval(() => void registration.update(), HOUR);
      void askToBeControlled(navigator.serviceWorker);
    },
  });

  useEffect(() => {
    if (!needRefresh) return;
    let current = true;
    void newVersionWaits().then((waits) => {
      if (current && waits) announceUpdate(() => updateServiceWorker(true));
    });
    return () => {
      current = false;
    };
  }, [needRefresh, updateServiceWorker]);

  useEffect(() => {
    if (offlineReady) announceOfflineReady();
  }, [offlineReady]);

  return null;
}
