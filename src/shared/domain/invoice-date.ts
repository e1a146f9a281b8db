/**
 * A supplier's invoice date is the day the invoice was issued, so it is never after today (see
 * src/shared/schemas/decisions/0001-invoice-date-not-in-the-future.md). Whose today: the form uses the
 * device's calendar day; the server, which does not know the supplier's time zone, accepts up to the
 * calendar day of the easternmost time zone (UTC+14), the latest day that has begun anywhere, so that
 * no user's own today is ever refused.
 */
const EASTERNMOST_OFFSET_MS = 14 * 3_600_000;

/** `YYYY-MM-DD` of the latest calendar day that has begun anywhere on Earth at `now`. */
export function latestCalendarDay(now: Date = new Date()): string {
  return new Date(now.getTime() + EASTERNMOST_OFFSET_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` of `now` on this device's calendar. */
export function localCalendarDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether a `YYYY-MM-DD` date is after `today` (both ISO calendar dates, which compare as text). */
export const isAfterDay = (date: string, today: string): boolean => date > today;
