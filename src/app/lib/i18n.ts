/**
 * Lingui set-up: English (source) and Spanish, the choice remembered per device (localStorage).
 * Catalogues are the .po files, compiled on import by @lingui/vite-plugin.
 *
 * A signed-out start on /login loads only that screen's messages, cut from the catalogue at build time
 * (src/build/sign-in-catalogue.ts), and the whole catalogue once the screen is idle: a phone on a slow
 * network then shows /login without waiting for 800 messages it does not use. Every other screen
 * waits for `wholeCatalogue()` before it renders.
 */
import { i18n, type Messages } from '@lingui/core';
import { LOCALES, localeOfLanguage, type AppLocale } from '../../shared/domain/locales';
import { intlLocale } from './locale-format';

export { LOCALES, type AppLocale };
export const LOCALE_KEY = 'locale';

export const isAppLocale = (value: unknown): value is AppLocale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The remembered choice, else the browser's language when it is Spanish, else English. */
export function initialLocale(): AppLocale {
  const stored = localStorage.getItem(LOCALE_KEY);
  if (isAppLocale(stored)) return stored;
  return localeOfLanguage(navigator.language);
}

async function loadMessages(locale: AppLocale): Promise<Messages> {
  const catalog =
    locale === 'es' ? await import('../../locales/es/messages.po') : await import('../../locales/en/messages.po');
  return catalog.messages;
}

async function loadSignInMessages(locale: AppLocale): Promise<Messages | null> {
  const slice =
    locale === 'es' ? await import('virtual:sign-in-catalogue/es') : await import('virtual:sign-in-catalogue/en');
  return slice.messages;
}

// A message the loaded catalogue lacks shows its bare id to the user: say so in the console (the
// browser tests fail on it), which also tells whether a screen rendered before its catalogue came.
i18n.on('missing', ({ id, locale }) => console.error(`Missing text for message ${id} (${locale})`));

/** The whole catalogue of the active locale: settled when it is loaded, null when not asked for yet. */
let whole: Promise<void> | null = null;

/**
 * Activates a locale. `signInOnly`: with the sign-in screen's messages only (the whole catalogue
 * follows through `wholeCatalogue()`); the whole catalogue where the build has no slice.
 */
export async function activateLocale(locale: AppLocale, { signInOnly = false } = {}): Promise<void> {
  const show = (messages: Messages) => {
    i18n.loadAndActivate({ locale, messages });
    // Spanish is Mexican Spanish: numbers and the page language follow es-MX (dates too: lib/dayjs).
    document.documentElement.lang = intlLocale(locale);
  };
  const slice = signInOnly ? await loadSignInMessages(locale) : null;
  if (slice) {
    whole = null;
    show(slice);
    return;
  }
  // Whoever asks for the whole catalogue meanwhile (the first screen's loader starts beside this) waits
  // for this one: asked before a locale is active, it would download the other language's.
  const activation = loadMessages(locale).then(show);
  whole = activation;
  try {
    await activation;
  } catch (error) {
    if (whole === activation) whole = null;
    throw error;
  }
}

/**
 * Resolves once the active locale's whole catalogue is loaded, downloading it the first time. A failed
 * download (offline before the service worker kept it) is tried again by the next call.
 */
export function wholeCatalogue(): Promise<void> {
  if (whole) return whole;
  const locale = i18n.locale as AppLocale;
  const loading = loadMessages(locale).then(
    (messages) => i18n.load(locale, messages),
    (error: unknown) => {
      if (whole === loading) whole = null;
      throw error;
    },
  );
  whole = loading;
  return loading;
}

/**
 * Switches to `locale` and remembers it once its catalogue is loaded. Offline on a device that never
 * used that language its catalogue cannot be had (the service worker keeps only the languages used):
 * the promise rejects, the screen stays in the language it has and the choice is not remembered, so the
 * next start, offline too, opens in a language it can show.
 */
export async function changeLocale(locale: AppLocale): Promise<void> {
  await activateLocale(locale);
  localStorage.setItem(LOCALE_KEY, locale);
}

/**
 * The start's language: the remembered or the browser's, else the other one when that catalogue cannot
 * be loaded (a device offline that kept only the other language). Rejects only when neither loads.
 */
export async function activateStartLocale(locale: AppLocale, options: { signInOnly?: boolean } = {}): Promise<void> {
  try {
    await activateLocale(locale, options);
  } catch (error) {
    const other = LOCALES.find((l) => l !== locale);
    if (!other) throw error;
    await activateLocale(other, options);
  }
}

export { i18n };
