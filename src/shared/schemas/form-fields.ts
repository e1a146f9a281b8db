/**
 * Fields of payloads that forms build from their inputs (documentation, provider invoices): each takes a
 * JSON value or the text a form input holds, and says the field's own message when it is missing or
 * wrong. Texts are read as JSON strings, or numbers as the digits they show (a form may send a numeric
 * invoice number as a number); lists, objects and booleans are refused instead of being turned into
 * '1,2', '[object Object]' or 'true'. A number given as text is read only in its plain form.
 */
import * as v from 'valibot';
import { hasAtMostTwoDecimals } from '../domain/money';
import { INT4_MAX, isIsoDate } from './schema-helpers';

export const FIELD_MSG = {
  twoDecimals: 'At most 2 decimals are allowed',
  tooLarge: 'The number is too large',
  tooLong: 'The text is too long',
} as const;

/** Anything but absent, null or blank text. */
export const present = (x: unknown) => x !== undefined && x !== null && !(typeof x === 'string' && x.trim() === '');
const isText = (x: unknown) => typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x));

// A text is read only when it is a plain decimal ('20500.50'): Number() would also take '0x5014' as 20500
// or '2.05e4', and a grouped or decimal-comma text has no single meaning; those are refused, not guessed.
const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;
const toNumber = (x: unknown) =>
  typeof x === 'number' ? x : typeof x === 'string' && PLAIN_DECIMAL.test(x.trim()) ? Number(x.trim()) : Number.NaN;

const positiveChecks = (positive: string) =>
  [
    v.transform(toNumber),
    v.check((n: number) => Number.isFinite(n) && n > 0, positive),
    v.check(hasAtMostTwoDecimals, FIELD_MSG.twoDecimals),
    v.check((n: number) => n < 1e10, FIELD_MSG.tooLarge),
  ] as const;

/** A required positive amount or weight with at most 2 decimals. */
export const positiveDecimal = (required: string, positive: string) =>
  v.pipe(v.optional(v.unknown(), null), v.check(present, required), ...positiveChecks(positive));

/** The same, where an absent field keeps the stored value. */
export const optionalPositiveDecimal = (positive: string) =>
  v.optional(v.pipe(v.unknown(), ...positiveChecks(positive)));

const isId = (n: number) => Number.isInteger(n) && n > 0 && n <= INT4_MAX;

/** A required row id: a positive integer the database can hold, as a number or a numeric text. */
export const requiredId = (required: string) =>
  v.pipe(v.optional(v.unknown(), null), v.check(present, required), v.transform(toNumber), v.check(isId, required));

/** A row id that may be left out or blank (read as null). */
export const optionalId = (message: string) =>
  v.pipe(
    v.optional(v.nullable(v.unknown()), null),
    v.transform((x) => (present(x) ? toNumber(x) : null)),
    v.check((n) => n === null || isId(n), message),
  );

const isoDate = (format: string) =>
  [
    v.check((x: unknown) => typeof x === 'string' && isIsoDate(x.trim()), format),
    v.transform((x: unknown) => String(x).trim()),
  ] as const;

/** A required calendar date `YYYY-MM-DD`. */
export const requiredDate = (required: string, format: string) =>
  v.pipe(v.optional(v.unknown(), null), v.check(present, required), ...isoDate(format));

/** A calendar date where an absent field keeps the stored value. */
export const optionalDate = (format: string) => v.optional(v.pipe(v.unknown(), ...isoDate(format)));

/** A required text of at most `max` characters, trimmed. */
export const requiredText = (required: string, max = 100) =>
  v.pipe(
    v.optional(v.unknown(), null),
    v.check(present, required),
    v.check(isText, required),
    v.transform((x) => String(x).trim()),
    v.maxLength(max, FIELD_MSG.tooLong),
  );

/** A text of at most `max` characters that may be left out or blank (read as null). */
export const optionalText = (max: number) =>
  v.pipe(
    v.optional(v.nullable(v.unknown()), null),
    v.check((x) => !present(x) || isText(x), FIELD_MSG.tooLong),
    v.transform((x) => (present(x) ? String(x).trim() : null)),
    v.check((x) => x === null || x.length <= max, FIELD_MSG.tooLong),
  );

/** A required text that must match `pattern` (at most 30 characters), trimmed. */
export const patternText = (required: string, format: string, pattern: RegExp) =>
  v.pipe(
    v.optional(v.unknown(), null),
    v.check(present, required),
    v.check(isText, format),
    v.transform((x) => String(x).trim()),
    v.regex(pattern, format),
    v.maxLength(30, format),
  );

/** The same, where an absent field keeps the stored value. */
export const optionalPatternText = (format: string, pattern: RegExp) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.check(isText, format),
      v.transform((x) => String(x).trim()),
      v.regex(pattern, format),
      v.maxLength(30, format),
    ),
  );
