/**
 * Push registration of this device: when the app was built with Firebase's web
 * configuration (VITE_FIREBASE_*, see .env.example) and the user granted notification permission, the
 * device's FCM token is taken with the app's service worker and sent to PUT /users/{id}/firebaseToken;
 * sign-out removes it with PUT …/remove. Without the configuration push is simply off: nothing is
 * loaded, asked or shown. The Firebase SDK itself is loaded on demand (lib/firebase-messaging.ts).
 */
import { apiFetch } from './api-client';
import { getSession } from './session-store';

export interface FirebaseWebConfig {
  apiKey: string;
  projectId: string;
  messagingSenderId: string;
  appId: string;
  /** The web-push certificate's public key (Firebase console, Cloud Messaging, Web configuration). */
  vapidKey: string;
}

type Env = Partial<Record<string, string | boolean | undefined>>;

/**
 * Read key by key so the build replaces each with its value: in a build without them the check below
 * is constant and the Firebase chunk is left out altogether (not even precached).
 */
const buildEnv = (): Env => ({
  VITE_FIREBASE_API_KEY: import.meta.env.VITE_FIREBASE_API_KEY,
  VITE_FIREBASE_PROJECT_ID: import.meta.env.VITE_FIREBASE_PROJECT_ID,
  VITE_FIREBASE_MESSAGING_SENDER_ID: import.meta.env.VITE_FIREBASE_MESSAGING_SENDER_ID,
  VITE_FIREBASE_APP_ID: import.meta.env.VITE_FIREBASE_APP_ID,
  VITE_FIREBASE_VAPID_KEY: import.meta.env.VITE_FIREBASE_VAPID_KEY,
});

/** The build's Firebase configuration, or null unless every value is set. */
export function firebaseConfig(env: Env = buildEnv()): FirebaseWebConfig | null {
  const read = (key: string) => {
    const value = env[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  const config = {
    apiKey: read('VITE_FIREBASE_API_KEY'),
    projectId: read('VITE_FIREBASE_PROJECT_ID'),
    messagingSenderId: read('VITE_FIREBASE_MESSAGING_SENDER_ID'),
    appId: read('VITE_FIREBASE_APP_ID'),
    vapidKey: read('VITE_FIREBASE_VAPID_KEY'),
  };
  return Object.values(config).every((value) => value !== null) ? (config as FirebaseWebConfig) : null;
}

/** 'off': not configured; 'unsupported': this browser has no notifications or service workers. */
export type PushPermission = 'off' | 'unsupported' | NotificationPermission;

export function pushPermission(): PushPermission {
  if (!firebaseConfig()) return 'off';
  if (typeof Notification === 'undefined' || !('serviceWorker' in navigator) || typeof PushManager === 'undefined') {
    return 'unsupported';
  }
  return Notification.permission;
}

/** Asks the browser; call it from a user's click (browsers ignore or quieten unprompted requests). */
export async function requestPushPermission(): Promise<PushPermission> {
  const current = pushPermission();
  if (current !== 'default') return current;
  return Notification.requestPermission();
}

/** This device's token and the user it was registered for, so that sign-out can remove it. */
const DEVICE_KEY = 'push-device';

interface Device {
  userId: number;
  token: string;
}

function readDevice(): Device | null {
  try {
    const value = JSON.parse(localStorage.getItem(DEVICE_KEY) ?? 'null') as Partial<Device> | null;
    return value && typeof value.userId === 'number' && typeof value.token === 'string' ? (value as Device) : null;
  } catch {
    return null;
  }
}

const SW_READY_MS = 10_000;

function serviceWorkerReady(): Promise<ServiceWorkerRegistration | null> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), SW_READY_MS)),
  ]);
}

/**
 * Registers this device for the signed-in user when push is configured and permitted; resolves with
 * the FCM token, or null when push is off, not permitted or not available here.
 */
export async function registerDevice(userId: number): Promise<string | null> {
  if (!import.meta.env.VITE_FIREBASE_API_KEY || !import.meta.env.VITE_FIREBASE_VAPID_KEY) return null;
  const config = firebaseConfig();
  if (!config || pushPermission() !== 'granted') return null;
  const registration = await serviceWorkerReady();
  if (!registration) return null;
  const { fetchDeviceToken } = await import('./firebase-messaging');
  const token = await fetchDeviceToken(config, registration);
  if (!token) return null;
  await apiFetch<unknown>(`/users/${userId}/firebaseToken`, { method: 'PUT', body: { token } });
  localStorage.setItem(DEVICE_KEY, JSON.stringify({ userId, token } satisfies Device));
  return token;
}

/**
 * Ends the browser's push subscription, which the FCM token rides on: FCM then answers the server's next
 * send to that token as unregistered and the server deletes it. This holds even when the session ended
 * without a request the server could take (an expired or refused token, a sign-out while offline).
 */
async function unsubscribePush(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // Nothing subscribed, or no service worker: nothing to end.
  }
}

/**
 * Sign-out: removes this device's token from the user it was registered for. Call it before the
 * session is cleared: it sends the request with the session's token, read now; it does not wait.
 */
export function forgetDevice(): void {
  const device = readDevice();
  if (!device) return;
  localStorage.removeItem(DEVICE_KEY);
  const { token, user } = getSession();
  if (token && user?.id === device.userId) {
    void apiFetch<unknown>(`/users/${device.userId}/firebaseToken/remove`, {
      method: 'PUT',
      body: { token: device.token },
      token,
      skipUnauthorizedLogout: true,
    }).catch(() => {
      // Signing out goes on; the ended subscription below makes FCM report the token dead.
    });
  }
  void unsubscribePush();
}

/** The session ended some other way (expired, refused with 401): the device stops receiving its pushes. */
export function dropDevice(): void {
  if (!readDevice()) return;
  localStorage.removeItem(DEVICE_KEY);
  void unsubscribePush();
}
