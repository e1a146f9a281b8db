import { describe, expect, it } from 'vitest';
import {
  dateInputFormat,
  formatDateTime,
  formatDay,
  formatLbs,
  formatMonth,
  formatTime,
  formatUsd,
  isTimeZone,
  joinTimeParts,
  timeZoneName,
} from '../../../src/shared/format/display-format';

// ICU writes a narrow no-break space before AM/PM; a reader sees a space.
const plain = (text: string) => text.replace(/\s/g, ' ');
const now = new Date('2026-11-27T15:00:00Z');
const mexico = { timeZone: 'America/Mexico_City', now };

describe('dates', () => {
  it('should name the month so a day reads one way: Nov 26 in English, 26 nov in Spanish', () => {
    expect(formatDay('2026-11-26', 'en', { now })).toBe('Nov 26');
    expect(formatDay('2026-11-26', 'es', { now })).toBe('26 nov');
    expect(formatDay('2026-05-11', 'en', { now })).toBe('May 11');
    expect(formatDay('2026-05-11', 'es-MX', { now })).toBe('11 may');
  });

  it('should show the year only when it is not the current one', () => {
    expect(formatDay('2025-11-26', 'en', { now })).toBe('Nov 26, 2025');
    expect(formatDay('2025-11-26', 'es', { now })).toBe('26 nov 2025');
    expect(formatDay('2027-01-04', 'en', { now })).toBe('Jan 4, 2027');
    // A document read in later years always carries it.
    expect(formatDay('2026-11-26', 'es', { now, withYear: true })).toBe('26 nov 2026');
  });

  it('should keep a calendar day on its day in any time zone', () => {
    for (const timeZone of ['America/Tijuana', 'Pacific/Kiritimati', 'UTC'])
      expect(formatDay('2026-01-01', 'en', { now, timeZone }), timeZone).toBe('Jan 1');
  });

  it('should show an instant on the day of the reader time zone', () => {
    // 03:30 UTC on Nov 27 is still Nov 26 in Mexico City.
    expect(formatDay('2026-11-27T03:30:00Z', 'es', mexico)).toBe('26 nov');
    expect(formatDay('2026-11-27T03:30:00Z', 'es', { now, timeZone: 'UTC' })).toBe('27 nov');
  });

  it('should write day and time, with the zone named where a time decides something', () => {
    const pickup = '2026-11-26T21:15:00Z';
    expect(plain(formatDateTime(pickup, 'en', mexico))).toBe('Nov 26, 3:15 PM');
    expect(plain(formatDateTime(pickup, 'es', mexico))).toBe('26 nov, 3:15 p.m.');
    expect(plain(formatDateTime(pickup, 'en', { ...mexico, zone: true }))).toBe('Nov 26, 3:15 PM CST');
    expect(plain(formatDateTime(pickup, 'es', { ...mexico, zone: true }))).toBe('26 nov, 3:15 p.m. GMT−6');
    expect(plain(formatDateTime(pickup, 'en', { ...mexico, zone: true, weekday: true }))).toBe(
      'Thursday, Nov 26, 3:15 PM CST',
    );
    expect(plain(formatDateTime('2025-12-31T18:00:00Z', 'en', mexico))).toBe('Dec 31, 2025, 12:00 PM');
    expect(plain(formatTime(pickup, 'en', { ...mexico, zone: true }))).toBe('3:15 PM CST');
    expect(timeZoneName(new Date(pickup), 'en', 'America/Tijuana')).toBe('PST');
  });

  it('should keep a time with its day period and zone on one line: no breakable space after the date', () => {
    const pickup = '2026-11-27T06:35:00Z';
    for (const lang of ['en', 'es']) {
      const text = formatDateTime(pickup, lang, { ...mexico, zone: true, weekday: true });
      const time = text.slice(text.search(/\d{1,2}:\d{2}/));
      // A browser breaks a line at a plain space only: every space of the time is a no-break one.
      expect(time, lang).not.toMatch(/ /);
      expect(plain(time), lang).toMatch(/^12:35 (AM|a\.m\.) (CST|GMT−6)$/);
      expect(formatTime(pickup, lang, mexico), lang).not.toMatch(/ /);
    }
    // Chromium's ICU writes plain spaces where Node's writes narrow no-break ones: the same parts as
    // Chromium gives them come out unbreakable too.
    const chromium: Intl.DateTimeFormatPart[] = [
      { type: 'month', value: 'Nov' },
      { type: 'literal', value: ' ' },
      { type: 'day', value: '27' },
      { type: 'literal', value: ', ' },
      { type: 'hour', value: '12' },
      { type: 'literal', value: ':' },
      { type: 'minute', value: '35' },
      { type: 'literal', value: ' ' },
      { type: 'dayPeriod', value: 'AM' },
      { type: 'literal', value: ' ' },
      { type: 'timeZoneName', value: 'GMT-6' },
    ];
    expect(joinTimeParts(chromium)).toBe('Nov 27, 12:35\u00a0AM\u00a0GMT\u22126');
  });

  it('should write a month with its year, never as MMM-YY that reads as a day', () => {
    expect(formatMonth('2026-11-01', 'en')).toBe('Nov 2026');
    expect(formatMonth('2026-11-01', 'es')).toBe('nov 2026');
  });

  it('should type dates in the language order: MM/DD/YYYY in English, DD/MM/YYYY in Spanish', () => {
    expect(dateInputFormat('en')).toBe('MM/DD/YYYY');
    expect(dateInputFormat('en-US')).toBe('MM/DD/YYYY');
    expect(dateInputFormat('es')).toBe('DD/MM/YYYY');
    expect(dateInputFormat('es-MX')).toBe('DD/MM/YYYY');
  });

  it('should refuse a text that is not a date instead of printing Invalid Date', () => {
    expect(() => formatDay('26/11/2026', 'en')).toThrow(RangeError);
  });

  it('should know a time zone name from a made-up one', () => {
    expect(isTimeZone('America/Mexico_City')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('amounts and weights', () => {
  it('should name US dollars in both languages, since a bare $ means pesos in Mexico', () => {
    expect(formatUsd(2510.75, 'en')).toBe('US$2,510.75');
    expect(formatUsd('2510.75', 'es')).toBe('US$2,510.75');
    expect(formatUsd(-1234, 'es-MX')).toBe('-US$1,234.00');
  });

  it('should write pounds with their unit and two decimals', () => {
    expect(formatLbs(80000, 'en')).toBe('80,000.00 lbs');
    expect(formatLbs('1234.5', 'es')).toBe('1,234.50 lbs');
  });
});
