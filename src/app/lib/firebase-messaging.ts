/**
 * The Firebase part of push, loaded on demand by lib/firebase.ts (its own chunk: firebase/app and
 * firebase/messaging never reach the initial bundle, and not at all when Firebase is not configured).
 * The token is taken with the app's own service worker registration, which shows the notifications
 * (sw/push.ts), so there is no firebase-messaging-sw.js.
 */
import { getApps, initializeApp } from 'firebase/app';
import { getMessaging, getToken, isSupported } from 'firebase/messaging';
import type { FirebaseWebConfig } from './firebase';

const APP_NAME = 'portal';

/** This device's FCM registration token, or null where the browser cannot receive FCM messages. */
export async function fetchDeviceToken(
  config: FirebaseWebConfig,
  registration: ServiceWorkerRegistration,
): Promise<string | null> {
  if (!(await isSupported())) return null;
  const { vapidKey, ...options } = config;
  const app = getApps().find((candidate) => candidate.name === APP_NAME) ?? initializeApp(options, APP_NAME);
  const token = await getToken(getMessaging(app), { vapidKey, serviceWorkerRegistration: registration });
  return token || null;
}
