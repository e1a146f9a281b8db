/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** The messages of the sign-in screen (/login), cut from a catalogue at build time; null outside a build. */
declare module 'virtual:sign-in-catalogue/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages | null;
}

/** Firebase web configuration for push (see .env.example); push is off unless every value is set. */
interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_MESSAGING_SENDER_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_FIREBASE_VAPID_KEY?: string;
}
