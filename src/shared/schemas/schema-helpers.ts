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
 * The largest value of the database's integer columns (int4). Ids and counts beyond it can name no row
 * and cannot even be bound to a query, so schemas refuse them as bad input.
 */
export const INT4_MAX = 2_147_483_647;

/** A row id in a JSON body: a JSON number that is a positive integer the database can hold (no text). */
export function bodyId(message: string) {
  return v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(INT4_MAX, message));
}

/**
 * A query-string integer. Query values arrive as text ('12'); browser code may pass numbers. Only plain
 * digit strings are read as numbers, so '1e3', '0x10' or '' fail with `message` instead of meaning 1000,
 * 16 or 0.
 */
export function queryInteger(message: string, min: number, max = INT4_MAX) {
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
  // The database's calendar has no year 0 (and JavaScript reads years below 100 as 19xx).
  if (Number(year) < 1) return false;
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
  if (Number.isNaN(ms)) return null;
  // The zone may move the instant out of the years 0001-9999 the database and ISO text can hold.
  const instant = new Date(ms);
  const utcYear = instant.getUTCFullYear();
  return utcYear >= 1 && utcYear <= 9999 ? instant : null;
}

export const isIsoInstant = (text: string): boolean => parseIsoInstant(text) !== null;

/** A calendar date 'YYYY-MM-DD' that exists, in the years 0001-9999. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  return match !== null && isCalendarDay(match[1] ?? '', match[2] ?? '', match[3] ?? '');
}

// Building blocks of the answers' schemas (what the server writes, checked in its tests).

/** An instant in an answer: ISO 8601 with an explicit zone. */
export const AnswerInstant = v.pipe(v.string(), v.check(isIsoInstant, 'an ISO 8601 instant with its zone'));
/** An instant as the server writes it from a Date: UTC with milliseconds (Date.toISOString). */
export const AnswerUtcInstant = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/));
/** A calendar day in an answer: YYYY-MM-DD. */
export const AnswerDay = v.pipe(v.string(), v.check(isIsoDate, 'a YYYY-MM-DD day'));
/** A row id in an answer. */
export const AnswerId = v.pipe(v.number(), v.integer(), v.minValue(1));
/** A count in an answer. */
export const AnswerCount = v.pipe(v.number(), v.integer(), v.minValue(0));
/** `{ ok: true }`, what a write with nothing else to say answers. */
export const OkAnswer = v.strictObject({ ok: v.literal(true) });
