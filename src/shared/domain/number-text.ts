/**
 * How the portal reads a number a person typed or pasted: the one parser behind every amount, weight,
 * price, count, id and coordinate field (src/app/components/number-field.tsx) and the rules the
 * server's schemas check the same fields by. Decisions: ./decisions/0001-typed-numbers.md.
 *
 * A text is read exactly or refused with the reason, never repaired: no character is dropped, no
 * decimal rounded, no grouping guessed. `2510.75` in a whole-number field is refused, not read as
 * 251075 or 2510; `2,500.50` there is refused, not read as 2500. Both app languages (en-US and es-MX,
 * DESIGN.md section 8) write `20,500.50`, so one grammar serves both; the separators are a parameter
 * so that a third language would only pass its own.
 */

/** What a field accepts. Ranges (minimum, maximum) stay in the payload schemas, which say them. */
export interface NumberRule {
  /** Decimals allowed after the point: 0 for a whole number. */
  decimals: number;
  /** Whether a leading minus is allowed. */
  negative: boolean;
  /** Whether thousands may be grouped (`1,250`). Ids and coordinates are never written grouped. */
  grouping: boolean;
  /** The unit the field writes around the number, accepted when typed: `$2,500` or `80,000 lbs`. */
  unit?: 'money' | 'weight';
}

/** The rule of each kind of numeric field in the app and its payloads. */
export const NUMBER_RULES = {
  /** Money with cents: invoice amounts, a new contract's price. */
  money: { decimals: 2, negative: false, grouping: true, unit: 'money' },
  /** Money in whole dollars: an edited contract's price (spec section 5). */
  wholeMoney: { decimals: 0, negative: false, grouping: true, unit: 'money' },
  /** Pounds with 2 decimals: gross and tare weights, vehicle capacity. */
  weight: { decimals: 2, negative: false, grouping: true, unit: 'weight' },
  /** A whole count or setting: tickets to create, a category, hours, days. */
  count: { decimals: 0, negative: false, grouping: true },
  /** A record id (RPA, trip): digits as the screens print them, never grouped. */
  id: { decimals: 0, negative: false, grouping: false },
  /** Latitude or longitude in degrees: signed, up to 8 decimals (about 1 mm), never grouped. */
  coordinate: { decimals: 8, negative: true, grouping: false },
} as const satisfies Record<string, NumberRule>;

export type NumberKind = keyof typeof NUMBER_RULES;

export interface Separators {
  group: string;
  decimal: string;
}

/** en-US and es-MX alike (DESIGN.md section 8). */
export const APP_SEPARATORS: Separators = { group: ',', decimal: '.' };

/**
 * Why a text was refused: `format` (letters, a misplaced separator, anything with no single reading),
 * `negative` (a minus where the rule has none), `whole` (a decimal point in a whole-number field),
 * `decimals` (more decimals than the rule allows), `tooLarge` (more digits than a number holds exactly).
 */
export type NumberRefusal = 'format' | 'negative' | 'whole' | 'decimals' | 'tooLarge';

export type NumberTextReading = { ok: true; value: number | null } | { ok: false; reason: NumberRefusal };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The number a text says under `rule`, `null` for an empty text, or why it cannot be read.
 * Accepted: digits with an optional decimal part (`2500.5`), grouping in threes where the rule groups
 * (`2,500.50`), the field's own unit (`US$2,500.50`, `USD 2,500.50`, `$2,500.50`, `80,000 lbs`), blanks around it. Everything else is
 * refused, including `2500,50`, `2.500,50`, `1,2,3`, `1e3`, `0x10`, `+5` and blanks inside the digits.
 */
export function readNumberText(
  text: string,
  rule: NumberRule,
  separators: Separators = APP_SEPARATORS,
): NumberTextReading {
  let body = text.trim();
  if (body === '') return { ok: true, value: null };
  let sign = '';
  if (body.startsWith('-')) {
    sign = '-';
    body = body.slice(1).trimStart();
  }
  // Money is written naming its currency (US$2,500.50, src/shared/format/decisions/0002); a user may type
  // it that way, as USD, or with a bare $.
  if (rule.unit === 'money') body = body.replace(/^(?:US\$|USD|\$)\s*/i, '');
  if (rule.unit === 'weight') body = body.replace(/\s*lbs?$/i, '');
  const g = escape(separators.group);
  const d = escape(separators.decimal);
  const whole = rule.grouping ? `\\d{1,3}(?:${g}\\d{3})+|\\d+` : '\\d+';
  const match = new RegExp(`^(${whole})(?:(${d})(\\d*))?$`).exec(body);
  if (!match) return { ok: false, reason: 'format' };
  const [, digits = '', point, fraction = ''] = match;
  if (sign && !rule.negative) return { ok: false, reason: 'negative' };
  if (point !== undefined && rule.decimals === 0) return { ok: false, reason: 'whole' };
  if (fraction.length > rule.decimals) return { ok: false, reason: 'decimals' };
  const plain = `${digits.split(separators.group).join('')}${fraction ? `.${fraction}` : ''}`;
  // Beyond 15 significant digits a double no longer holds the typed number exactly (and every field's
  // maximum is far below that).
  if (plain.replace(/^0+(?=\d)/, '').replace('.', '').length > 15) return { ok: false, reason: 'tooLarge' };
  const value = Number(plain);
  return { ok: true, value: sign && value !== 0 ? -value : value };
}

/**
 * The number a form hands its schema for a field's value: the number read, `undefined` for an empty
 * field (the schema's required message), NaN for text the field could not read. Never `Number(text)`,
 * which would read `0x10` as 16, `1e3` as 1000 and `' '` as 0.
 */
export const formNumber = (value: number | string): number | undefined =>
  typeof value === 'number' ? value : value.trim() === '' ? undefined : Number.NaN;

/** Whether a number has at most `decimals` decimals as written (`2510.75` has 2; `1e-7` has 7). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  return Number.isFinite(value) && Number(value.toFixed(decimals)) === value;
}
