/**
 * The one place that decides how numbers, money, weights and dates look in each language and how a
 * typed amount is read back. Spanish is Mexican Spanish: es-MX writes `20,500.50` like en-US, so both
 * languages share separators, and both Intl and dayjs get the regional locale (es-MX / es-mx), never
 * the generic `es` (whose `20.500,50` is not what users at the border write or expect).
 *
 * Reading is strict on purpose: an amount is either read as the user meant it or refused, never
 * reinterpreted into another value. See `readNumber` for the one lenient case (a lone decimal comma).
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

/** '$20,500.50': money with the $ prefix, grouped, 2 decimals. */
export const formatAmount = (value: number | string, locale: IntlLocale): string => formatMoney(value, locale);

/** '20,500.50': a weight in pounds, grouped, 2 decimals (the unit is in the label). */
export const formatWeight = (value: number, locale: IntlLocale): string => formatter(locale, 2, 2).format(value);

/** '12.5': tonnes with up to 3 decimals (whole kilograms), grouped. */
export const formatTonnes = (value: number, locale: IntlLocale): string => formatter(locale, 0, 3).format(value);

export type NumberReading = { ok: true; value: number | null } | { ok: false; reason: 'format' | 'decimals' };

const escape = (char: string) => char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A typed amount or weight as the number the user meant, or why it cannot be read. Accepted, in both
 * languages: `20500.5`, `20,500.50`, `$20,500.50`, `20500.50 lbs` (grouping must be in threes). An empty
 * text is `null`. More than 2 decimals is refused (`decimals`), never rounded.
 *
 * The one lenient case: a single grouping character followed by only 1 or 2 digits at the end
 * (`20500,5`, `18,40`) cannot be a thousands separator, so it is the decimal comma of a user used to it,
 * and is read as 20500.5. Any other mix (`20.500,50`, `1,2,3`) is refused (`format`) with a message
 * showing the expected form, never guessed into a different value such as 205005.
 */
export function readNumber(text: string, locale: IntlLocale): NumberReading {
  const { group, decimal } = separatorsOf(locale);
  const compact = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^\$/, '')
    .replace(/lbs?$/i, '');
  if (compact === '') return { ok: true, value: null };
  const g = escape(group);
  const d = escape(decimal);
  const localeForm = new RegExp(`^(-?)(\\d{1,3}(?:${g}\\d{3})+|\\d+)(?:${d}(\\d*))?$`);
  const decimalComma = new RegExp(`^(-?)(\\d+)${g}(\\d{1,2})$`);
  const match = localeForm.exec(compact) ?? decimalComma.exec(compact);
  if (!match) return { ok: false, reason: 'format' };
  const [, sign = '', whole = '', fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, reason: 'decimals' };
  const canonical = `${sign}${whole.split(group).join('')}${fraction ? `.${fraction}` : ''}`;
  return { ok: true, value: Number(canonical) };
}

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
