/**
 * How dates, times, money and weights read in each language, for the app's screens and the server's
 * Excel, PDF and mail alike (decisions/0001 and 0002 beside this file say why):
 * - a shown date names its month (`Nov 26` in English, `26 nov` in Mexican Spanish), so no date reads
 *   two ways, and carries its year when that is not the current year (`Nov 26, 2025`, `26 nov 2025`);
 * - a date typed into an input is numeric in the language's order: MM/DD/YYYY or DD/MM/YYYY;
 * - a time that decides something (a pickup slot, an accounting period's end, an offer's expiry, a
 *   link's expiry) names its time zone (`3:15 PM CST`, `3:15 p.m. GMT−6`, kept on one line);
 * - every amount is in US dollars and says so in both languages (`US$2,510.75`): in Mexico a bare `$`
 *   means pesos.
 * Runs in the browser and in Node (plain Intl, no DOM, no dayjs).
 */
import { formatMoney } from '../domain/money';

/** The app's language ('en' | 'es') or an Intl tag of it ('en-US' | 'es-MX'): Spanish is es-MX. */
export type DisplayLanguage = string;

const isSpanish = (lang: DisplayLanguage) => lang.toLowerCase().startsWith('es');
const intlTag = (lang: DisplayLanguage) => (isSpanish(lang) ? 'es-MX' : 'en-US');

export interface DisplayDateOptions {
  /** IANA zone the instant is shown in; the device's (browser) or the process's (server) when absent. */
  timeZone?: string | undefined;
  /** The moment that decides which year is "this year"; defaults to the clock. */
  now?: Date | undefined;
  /** Name the time zone after the time (`3:15 PM CST`): for times that decide something. */
  zone?: boolean | undefined;
  /** Start with the weekday (`Thursday, Nov 26`), as the pickup summary does. */
  weekday?: boolean | undefined;
  /**
   * Always write the year: for documents kept and read later (the e-voucher PDF), where "this year" is
   * when they are read, not when they were written.
   */
  withYear?: boolean | undefined;
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const cache = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(lang: DisplayLanguage, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${intlTag(lang)}|${JSON.stringify(options)}`;
  let found = cache.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(intlTag(lang), options);
    cache.set(key, found);
  }
  return found;
}

const yearIn = (date: Date, timeZone: string | undefined) =>
  dateTimeFormat('en', { year: 'numeric', ...(timeZone ? { timeZone } : {}) }).format(date);

/**
 * A calendar day ('YYYY-MM-DD': invoice, payment and contract dates) is a date without a zone: it is
 * read and shown as that day everywhere (as UTC noon, so no zone moves it to the day before).
 */
function asInstant(value: string | Date): { date: Date; calendar: boolean } {
  if (value instanceof Date) return { date: value, calendar: false };
  const day = CALENDAR_DAY.exec(value);
  if (day) return { date: new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 12)), calendar: true };
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${value}`);
  return { date, calendar: false };
}

/** `Nov 26` / `26 nov`, with the year when it is not the current one: `Nov 26, 2025` / `26 nov 2025`. */
export function formatDay(value: string | Date, lang: DisplayLanguage, options: DisplayDateOptions = {}): string {
  const { date, calendar } = asInstant(value);
  const timeZone = calendar ? 'UTC' : options.timeZone;
  const otherYear =
    options.withYear === true || yearIn(date, timeZone) !== yearIn(options.now ?? new Date(), options.timeZone);
  return dateTimeFormat(lang, {
    ...(options.weekday ? { weekday: 'long' } : {}),
    month: 'short',
    day: 'numeric',
    ...(otherYear ? { year: 'numeric' } : {}),
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** A month: `Nov 2026` / `nov 2026` (a purchase order's delivery month; never `Nov-26`, read as a day). */
export function formatMonth(value: string | Date, lang: DisplayLanguage): string {
  const { date, calendar } = asInstant(value);
  return dateTimeFormat(lang, { month: 'short', year: 'numeric', ...(calendar ? { timeZone: 'UTC' } : {}) }).format(
    date,
  );
}

/** `3:15 PM` / `3:15 p.m.`, with the zone when asked: `3:15 PM CST` / `3:15 p.m. GMT-6`. */
export function formatTime(value: string | Date, lang: DisplayLanguage, options: DisplayDateOptions = {}): string {
  const { date } = asInstant(value);
  return withZone(
    dateTimeFormat(lang, {
      hour: 'numeric',
      minute: '2-digit',
      ...(options.zone ? { timeZoneName: 'short' } : {}),
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    }),
    date,
  );
}

const TIME_PARTS = new Set<string>(['hour', 'minute', 'dayPeriod']);

/**
 * The formatted text with its time kept on one line: no-break spaces after the time's parts (`12:35 AM
 * UTC` had broken before `AM` in a phone card: Chromium's ICU writes a plain space there) and a minus
 * sign in an offset (`GMT−6`), since a narrow column otherwise broke `GMT-6` after the hyphen.
 */
function withZone(format: Intl.DateTimeFormat, date: Date): string {
  return joinTimeParts(format.formatToParts(date));
}

/** Joins Intl's parts as withZone says (exported for its test: engines differ in the spaces they write). */
export function joinTimeParts(parts: readonly Intl.DateTimeFormatPart[]): string {
  return parts
    .map((part, index) => {
      if (part.type === 'timeZoneName') return part.value.replace('-', '\u2212');
      if (part.type === 'dayPeriod') return part.value.replace(/\s/g, '\u00a0');
      if (part.type === 'literal' && TIME_PARTS.has(parts[index - 1]?.type ?? '')) {
        return part.value.replace(/\s/g, '\u00a0');
      }
      return part.value;
    })
    .join('');
}

/** `Nov 26, 3:15 PM` / `26 nov, 3:15 p.m.`; the year and the zone as formatDay and formatTime say. */
export function formatDateTime(value: string | Date, lang: DisplayLanguage, options: DisplayDateOptions = {}): string {
  const { date } = asInstant(value);
  const otherYear =
    options.withYear === true || yearIn(date, options.timeZone) !== yearIn(options.now ?? new Date(), options.timeZone);
  return withZone(
    dateTimeFormat(lang, {
      ...(options.weekday ? { weekday: 'long' } : {}),
      month: 'short',
      day: 'numeric',
      ...(otherYear ? { year: 'numeric' } : {}),
      hour: 'numeric',
      minute: '2-digit',
      ...(options.zone ? { timeZoneName: 'short' } : {}),
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    }),
    date,
  );
}

/** Whether a text names a time zone this runtime knows (IANA, e.g. `America/Mexico_City`, or `UTC`). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

/** The short name of the time zone at an instant: `CST`, `GMT−6` (es-MX, with a minus sign), `UTC`. */
export function timeZoneName(at: Date, lang: DisplayLanguage, timeZone?: string): string {
  const parts = dateTimeFormat(lang, { timeZoneName: 'short', ...(timeZone ? { timeZone } : {}) }).formatToParts(at);
  return (parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone ?? '').replace('-', '\u2212');
}

/** The numeric order a date is typed in (dayjs tokens, as Mantine's date inputs take them). */
export const dateInputFormat = (lang: DisplayLanguage): 'MM/DD/YYYY' | 'DD/MM/YYYY' =>
  isSpanish(lang) ? 'DD/MM/YYYY' : 'MM/DD/YYYY';

/** The portal keeps every amount in US dollars (decisions/0002). */
export const CURRENCY = 'USD';

/** `US$2,510.75` in both languages (es-MX groups like en-US); negative `-US$2,510.75`. */
export const formatUsd = (value: number | string, lang: DisplayLanguage): string => formatMoney(value, intlTag(lang));

const weightFormats = new Map<string, Intl.NumberFormat>();

/** `80,000.00 lbs`: a weight in pounds with 2 decimals and its unit. */
export function formatLbs(value: number | string, lang: DisplayLanguage): string {
  const tag = intlTag(lang);
  let found = weightFormats.get(tag);
  if (!found) {
    found = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' });
    weightFormats.set(tag, found);
  }
  return `${found.format(Number(value))} lbs`;
}

/**
 * Excel number formats for the same readings: amounts are number cells that show `US$2,510.75`
 * (so a sum still works), dates are date cells that show `Nov 26, 2026` (the workbook's headers are the
 * ERP's English ones, so its dates follow English order with the month named, never 11/26 vs 26/11).
 */
export const EXCEL_FORMATS = {
  usd: '"US$"#,##0.00;-"US$"#,##0.00',
  lbs: '#,##0.00',
  day: 'mmm d, yyyy',
} as const;

/** A calendar day 'YYYY-MM-DD' as the Date an Excel date cell holds (exceljs writes Dates as UTC). */
export function excelDay(day: string): Date {
  const match = CALENDAR_DAY.exec(day.slice(0, 10));
  if (!match) throw new RangeError(`Not a calendar day: ${day}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}
