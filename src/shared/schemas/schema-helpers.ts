/**
 * Small valibot building blocks the payload schemas share: messages for missing keys, query-string
 * coercion and strict ISO date checks.
 */
import * as v from 'valibot';
import { MSG } from './messages';

/**
 * valibot reports a missing key with the message of the *object* schema, not the field's own, so a
 * field's 'Campo obligatorio' would not show when the key is absent. This message function gives
 * missing keys `missing` and a value that is not an object at all `notObject`.
 */
export function objectMessage(notObject: string, missing: string = MSG.required): v.ErrorMessage<v.ObjectIssue> {
  return (issue) => (issue.expected === 'Object' ? notObject : missing);
}

/**
 * A query-string integer. Query values arrive as text ('12'); browser code may pass numbers. Only plain
 * digit strings are read as numbers, so '1e3', '0x10' or '' fail with `message` instead of meaning 1000,
 * 16 or 0.
 */
export function queryInteger(message: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return v.pipe(
    v.union([v.string(), v.number()], message),
    v.transform((input) => (typeof input === 'number' ? input : /^\s*-?\d+\s*$/.test(input) ? Number(input) : NaN)),
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
}

/**
 * A repeated query key (`carrierId=1&carrierId=2`). The query parser gives a single occurrence as a
 * plain value; it becomes a one-item array.
 */
export function queryArray<TItem extends v.GenericSchema<string | number, unknown>>(item: TItem, message: string) {
  return v.pipe(
    v.union([v.string(), v.number(), v.array(v.union([v.string(), v.number()]))], message),
    v.transform((input) => (Array.isArray(input) ? input : [input])),
    v.array(item, message),
  );
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// valibot's isoTimestamp shape, with the zone required and its colon optional.
const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})[T ]([01]\d|2[0-3])(?::[0-5]\d){2}(?:\.\d{1,9})?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/;

function isCalendarDay(year: string, month: string, day: string): boolean {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  // Date.UTC rolls 2026-02-30 over to March 2; reading the parts back refuses it.
  return date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
}

/** The instant of an ISO 8601 timestamp with seconds and an explicit zone on a real calendar day, else null. */
export function parseIsoInstant(text: string): Date | null {
  const match = ISO_INSTANT.exec(text);
  if (!match) return null;
  const [, year = '', month = '', day = ''] = match;
  if (!isCalendarDay(year, month, day)) return null;
  // Engines differ on ' ' for 'T' and on '+0600'; parse the form every engine reads.
  const ms = Date.parse(text.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(ms) ? null : new Date(ms);
}

export const isIsoInstant = (text: string): boolean => parseIsoInstant(text) !== null;

/** A calendar date 'YYYY-MM-DD' that exists. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  return match !== null && isCalendarDay(match[1] ?? '', match[2] ?? '', match[3] ?? '');
}
