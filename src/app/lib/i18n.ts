/**
 * Lingui set-up: English (source) and Spanish, the choice remembered per device (localStorage).
 * Catalogues are the .po files, compiled on import by @lingui/vite-plugin.
 */
import { i18n, type Messages } from '@lingui/core';
import dayjs from 'dayjs';
import 'dayjs/locale/es-mx';
import { dayjsLocale, intlLocale } from './locale-format';

export const LOCALES = ['en', 'es'] as const;
export type AppLocale = (typeof LOCALES)[number];
export const LOCALE_KEY = 'locale';

export const isAppLocale = (value: unknown): value is AppLocale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The remembered choice, else the browser's language when it is Spanish, else English. */
export function initialLocale(): AppLocale {
  const stored = localStorage.getItem(LOCALE_KEY);
  if (isAppLocale(stored)) return stored;
  return navigator.language.toLowerCase().startsWith('es') ? 'es' : 'en';
}

async function loadMessages(locale: AppLocale): Promise<Messages> {
  const catalog =
    locale === 'es' ? await import('../../locales/es/messages.po') : await import('../../locales/en/messages.po');
  return catalog.messages;
}

export async function activateLocale(locale: AppLocale): Promise<void> {
  const messages = await loadMessages(locale);
  i18n.loadAndActivate({ locale, messages });
  // Spanish is Mexican Spanish: dates, numbers and the page language follow es-MX.
  dayjs.locale(dayjsLocale(locale));
  document.documentElement.lang = intlLocale(locale);
}

export async function changeLocale(locale: AppLocale): Promise<void> {
  localStorage.setItem(LOCALE_KEY, locale);
  await activateLocale(locale);
}

export { i18n };
