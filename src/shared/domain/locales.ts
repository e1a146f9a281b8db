/** The app's languages: English (the source) and Mexican Spanish. */
export const LOCALES = ['en', 'es'] as const;
export type AppLocale = (typeof LOCALES)[number];

/**
 * The app's language for a browser's language tag (navigator.language in the app, the first of
 * Accept-Language on the server): Spanish for any Spanish, English otherwise. The app uses it while
 * the user has not chosen; the server, to name the catalogue a page's start will load.
 */
export const localeOfLanguage = (tag: string | undefined): AppLocale =>
  (tag ?? '').trim().toLowerCase().startsWith('es') ? 'es' : 'en';
