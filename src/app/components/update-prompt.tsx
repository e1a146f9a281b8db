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

const HOUR = 60 * 60 * 1000;

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    offlineReady: [offlineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // Field devices stay open for days: look for a new version every hour.
      if (registration) setInterval(() => void registration.update(), HOUR);
    },
  });

  useEffect(() => {
    if (needRefresh) announceUpdate(() => updateServiceWorker(true));
  }, [needRefresh, updateServiceWorker]);

  useEffect(() => {
    if (offlineReady) announceOfflineReady();
  }, [offlineReady]);

  return null;
}
