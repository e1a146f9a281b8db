/**
 * The one place that decides how numbers, money, weights and dates look in each language and how a
 * typed amount is read back. Spanish is Mexican Spanish: es-MX writes `20,500.50` like en-US, so both
 * languages share separators, and both Intl and dayjs get the regional locale (es-MX / es-mx), never
 * the generic `es` (whose `20.500,50` is not what users at the border write or expect).
 *
 * Typed numbers are read by `readNumberText` (src/shared/domain/number-text.ts) with `separatorsOf`.
 */
import { useLingui } from '@lingui/react';
import { formatMoney } from '../../shared/domain/money';

export type IntlLocale = 'en-US' | 'es-MX';

/** The Intl locale of an app language ('en' | 'es'). */
export const intlLocale = (appLocale: string): IntlLocale => (appLocale === 'es' ? 'es-MX' : 'en-US');

/** The dayjs (and Mantine dates) locale of an app language. */
export const dayjsLocale = (appLocale: string): 'en' | 'es-mx' => (appLocale === 'es' ? 'es-mx' : 'en');

interface Separators {
  group: string;
  decimal: string;
}

const separatorCache = new Map<IntlLocale, Separators>();

/** The locale's grouping and decimal characters, as Intl writes them. */
export function separatorsOf(locale: IntlLocale): Separators {
  let found = separatorCache.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    found = {
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    };
    separatorCache.set(locale, found);
  }
  return found;
}

const formatterCache = new Map<string, Intl.NumberFormat>();

function formatter(
  locale: IntlLocale,
  minimumFractionDigits: number,
  maximumFractionDigits: number,
): Intl.NumberFormat {
  const key = `${locale}|${minimumFractionDigits}|${maximumFractionDigits}`;
  let found = formatterCache.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits, useGrouping: 'always' });
    formatterCache.set(key, found);
  }
  return found;
}

/** 'US$20,500.50': money naming its currency (US dollars), grouped, 2 decimals. */
export const formatAmount = (value: number | string, locale: IntlLocale): string => formatMoney(value, locale);

/** '20,500.50': a weight in pounds, grouped, 2 decimals (the unit is in the label). */
export const formatWeight = (value: number, locale: IntlLocale): string => formatter(locale, 2, 2).format(value);

/** '12.5': tonnes with up to 3 decimals (whole kilograms), grouped. */
export const formatTonnes = (value: number, locale: IntlLocale): string => formatter(locale, 0, 3).format(value);

/** The formatting helpers bound to the active language (re-rendered when it changes). */
export function useLocaleFormat() {
  const { i18n } = useLingui();
  const locale = intlLocale(i18n.locale);
  return {
    locale,
    amount: (value: number | string) => formatAmount(value, locale),
    weight: (value: number) => formatWeight(value, locale),
    tonnes: (value: number) => formatTonnes(value, locale),
  };
}
