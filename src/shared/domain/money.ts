/**
 * Amounts and weights (entered with at most 2 decimals, stored as
 * NUMERIC, sent as JSON numbers. Arithmetic happens on integer hundredths (cents
 * for money, hundredths of a pound for weights) so 19.99 * 3 or gross - tare never drift.
 */

const TWO_DECIMALS = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Integer hundredths of a value with at most 2 decimals: '1234.5' -> 123450, 19.99 -> 1999.
 * Throws RangeError on anything else (3 decimals, NaN, exponent notation, beyond safe integers): a
 * caller holding such a value has a bug or unvalidated input, and rounding it silently would hide that.
 */
export function toCents(value: number | string): number {
  // String(19.99) is '19.99': the shortest text that reads back as the same double, so the parse below
  // sees the decimals the user typed, not the binary approximation.
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = TWO_DECIMALS.exec(text);
  if (!match) throw new RangeError(`Not an amount with at most 2 decimals: ${String(value)}`);
  const [, sign, whole = '', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount out of range: ${String(value)}`);
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** Whether a number can be stored as given in a 2-decimal column. */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && TWO_DECIMALS.test(String(value));
}

/** The NUMERIC text of integer hundredths: 123450 -> '1234.50'. */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a safe integer: ${cents}`);
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** The JSON number of integer hundredths (the nearest double, which prints with at most 2 decimals). */
export function centsToNumber(cents: number): number {
  return Number(fromCents(cents));
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string): Intl.NumberFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    // 'always' groups 4-digit amounts too: Spanish locales would otherwise print 1234,50.
    formatter = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: 'always',
    });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/**
 * 'US$1,234.50' in en-US and es-MX (the app's two locales, chosen in src/app/lib/locale-format.ts): every
 * amount the portal keeps is in US dollars, and in Mexico a bare '$' means pesos, so the currency is
 * named in both languages (src/shared/format/decisions/0002). The locale gives the separators; 2 decimals.
 * The amount is formatted from its exact decimal text, never through a float multiplication.
 */
export function formatMoney(value: number | string, locale = 'en-US'): string {
  const cents = toCents(value);
  const text = formatterFor(locale).format(fromCents(Math.abs(cents)) as `${number}`);
  return cents < 0 ? `-US$${text}` : `US$${text}`;
}

/** Exactly, by definition of the international pound (1959). */
export const KG_PER_LB = 0.45359237;
/** KG_PER_LB as an integer over 10^8, for exact arithmetic. */
const KG_PER_LB_E8 = 45_359_237n;

/**
 * Metric tonnes of a weight in pounds, rounded half away from zero to 3 decimals (whole kilograms),
 * the unit of purchase orders' availableQuantity.
 */
export function lbsToTonnes(lbs: number | string): number {
  return hundredthsOfLbToTonnes(toCents(lbs));
}

/** Net weight (gross - tare, in pounds) in tonnes, as reserved against a purchase order. */
export function netTonnes(grossLbs: number | string, tareLbs: number | string): number {
  return hundredthsOfLbToTonnes(toCents(grossLbs) - toCents(tareLbs));
}

function hundredthsOfLbToTonnes(hundredths: number): number {
  // kg = hundredths / 100 * 45359237 / 10^8; BigInt because real weights times 45359237 pass 2^53.
  const scaled = BigInt(Math.abs(hundredths)) * KG_PER_LB_E8;
  const divisor = 10n ** 10n;
  const kg = scaled / divisor + (2n * (scaled % divisor) >= divisor ? 1n : 0n);
  const tonnes = Number(kg) / 1000;
  return hundredths < 0 ? -tonnes : tonnes;
}
