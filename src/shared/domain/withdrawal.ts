/**
 * The withdrawal (pickup) date a carrier sets when accepting a ticket. The accept dialog builds its pickers from `allowedDates`/`allowedTimes` and the server
 * re-checks the submitted instant with `checkWithdrawal`, so both apply the same rule.
 *
 * Times are the carrier's wall-clock times. The device sends JavaScript's `getTimezoneOffset()` (minutes,
 * positive WEST of UTC), so local = UTC - offset. The offset is applied as a fixed number: no time-zone
 * database and no DST rules are consulted, which makes the rule give the same answer in the browser and
 * on a server running in any zone. An accept is evaluated with the offset the device had at that moment.
 *
 * The window: today when today is a weekday, plus the next two business days (Monday to Friday; public
 * holidays are not modelled). On a Friday that is Friday, Monday and Tuesday; on a Saturday or Sunday,
 * Monday and Tuesday. Slots run every 15 minutes from 09:00 to 17:45 and must be at least 30 minutes
 * after now.
 */
import { MSG } from '../schemas/messages';

export const WITHDRAWAL_LEAD_MINUTES = 30;
export const WITHDRAWAL_STEP_MINUTES = 15;
/** First and last selectable slot, in minutes after local midnight (09:00 and 17:45). */
export const WITHDRAWAL_FIRST_SLOT = 9 * 60;
export const WITHDRAWAL_LAST_SLOT = 17 * 60 + 45;
/** Business days after today that the window covers. */
export const WITHDRAWAL_BUSINESS_DAYS_AHEAD = 2;
/** An offline accept is judged at its queued time when replayed within this many hours (DESIGN.md 3). */
export const WITHDRAWAL_QUEUE_GRACE_HOURS = 24;
/** getTimezoneOffset() spans UTC-12 (720) to UTC+14 (-840). */
export const MAX_TIMEZONE_OFFSET_MINUTES = 840;
/**
 * Real offsets as getTimezoneOffset() gives them (UTC minus local, in minutes): from UTC+14 (-840) to
 * UTC-12 (+720). Anything else is an edited request, not a device.
 */
export const TIMEZONE_OFFSET_RANGE = { min: -840, max: 720 } as const;

export const WITHDRAWAL_MESSAGES = {
  required: MSG.required,
  anticipation: 'Minimum 30 minutes anticipation',
  passed: 'The withdrawal time has already passed',
  step: 'Withdrawal time must be on a quarter hour (:00, :15, :30 or :45)',
  weekend: 'Withdrawal date must be a weekday',
  hours: 'Withdrawal time must be between 09:00 and 17:45',
  window: 'Withdrawal date must be today or within the next 2 business days',
} as const;
export type WithdrawalRefusal = keyof typeof WITHDRAWAL_MESSAGES;

export type WithdrawalCheck = { ok: true } | { ok: false; reason: WithdrawalRefusal; message: string };

/** A calendar day on the carrier's clock, 'YYYY-MM-DD'. */
export type LocalDate = string;

export interface WithdrawalSlot {
  /** Local wall-clock time, 'HH:mm'. */
  time: string;
  /** The UTC instant to send as withdrawalDate. */
  instant: Date;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Days since 1970-01-01 on the local clock, and the milliseconds into that day. */
function localParts(instant: Date, offset: number): { day: number; msOfDay: number } {
  const localMs = instant.getTime() - offset * MINUTE_MS;
  const day = Math.floor(localMs / DAY_MS);
  return { day, msOfDay: localMs - day * DAY_MS };
}

/** 1970-01-01 was a Thursday; 0 = Sunday as in Date#getDay. */
const weekdayOf = (day: number): number => (((day + 4) % 7) + 7) % 7;
const isBusinessDay = (day: number): boolean => weekdayOf(day) !== 0 && weekdayOf(day) !== 6;

const toLocalDate = (day: number): LocalDate => new Date(day * DAY_MS).toISOString().slice(0, 10);

function fromLocalDate(date: LocalDate): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const ms = Date.parse(`${date}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over to March; compare back to refuse it.
  return Number.isNaN(ms) || toLocalDate(ms / DAY_MS) !== date ? null : ms / DAY_MS;
}

function assertOffset(offset: number): void {
  if (!Number.isInteger(offset) || offset < TIMEZONE_OFFSET_RANGE.min || offset > TIMEZONE_OFFSET_RANGE.max) {
    throw new RangeError(`Invalid timezone offset ${offset}: expected whole minutes within -840..720`);
  }
}

/** Local days of the window: today if a business day, then the next two business days. */
function windowDays(now: Date, offset: number): number[] {
  const today = localParts(now, offset).day;
  const days = isBusinessDay(today) ? [today] : [];
  for (let day = today + 1, ahead = 0; ahead < WITHDRAWAL_BUSINESS_DAYS_AHEAD; day += 1) {
    if (isBusinessDay(day)) {
      days.push(day);
      ahead += 1;
    }
  }
  return days;
}

/**
 * The time the rule is judged at. An accept made offline is replayed later with `X-Queued-At`; it is
 * judged at that time if it is neither in the future (a wrong clock) nor older than 24 hours.
 */
export function withdrawalReferenceTime(now: Date, queuedAt?: Date | null): Date {
  if (!queuedAt || Number.isNaN(queuedAt.getTime())) return now;
  const age = now.getTime() - queuedAt.getTime();
  return age >= 0 && age <= WITHDRAWAL_QUEUE_GRACE_HOURS * 60 * MINUTE_MS ? queuedAt : now;
}

const refuse = (reason: WithdrawalRefusal): WithdrawalCheck => ({
  ok: false,
  reason,
  message: WITHDRAWAL_MESSAGES[reason],
});

/**
 * Checks a withdrawal instant. `queuedAt` is the queued time of an offline accept: the rule is judged at
 * that time (see withdrawalReferenceTime) and the instant must still lie in the future of `now`.
 */
export function checkWithdrawal(
  date: Date | null | undefined,
  now: Date,
  timezoneOffsetMinutes: number,
  queuedAt?: Date | null,
): WithdrawalCheck {
  assertOffset(timezoneOffsetMinutes);
  if (!date || Number.isNaN(date.getTime())) return refuse('required');
  const reference = withdrawalReferenceTime(now, queuedAt);
  if (date.getTime() - reference.getTime() < WITHDRAWAL_LEAD_MINUTES * MINUTE_MS) return refuse('anticipation');
  if (date.getTime() <= now.getTime()) return refuse('passed');

  const { day, msOfDay } = localParts(date, timezoneOffsetMinutes);
  if (msOfDay % (WITHDRAWAL_STEP_MINUTES * MINUTE_MS) !== 0) return refuse('step');
  if (!isBusinessDay(day)) return refuse('weekend');
  const minuteOfDay = msOfDay / MINUTE_MS;
  if (minuteOfDay < WITHDRAWAL_FIRST_SLOT || minuteOfDay > WITHDRAWAL_LAST_SLOT) return refuse('hours');
  if (!windowDays(reference, timezoneOffsetMinutes).includes(day)) return refuse('window');
  return { ok: true };
}

function slotsOf(day: number, now: Date, offset: number): WithdrawalSlot[] {
  const slots: WithdrawalSlot[] = [];
  for (let minute = WITHDRAWAL_FIRST_SLOT; minute <= WITHDRAWAL_LAST_SLOT; minute += WITHDRAWAL_STEP_MINUTES) {
    const instant = new Date((day * 24 * 60 + minute + offset) * MINUTE_MS);
    if (!checkWithdrawal(instant, now, offset).ok) continue;
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    slots.push({ time, instant });
  }
  return slots;
}

/** The slots of a local day the dialog may offer, earliest first; none outside the window. */
export function allowedTimes(day: LocalDate, now: Date, timezoneOffsetMinutes: number): WithdrawalSlot[] {
  assertOffset(timezoneOffsetMinutes);
  const dayNumber = fromLocalDate(day);
  return dayNumber === null ? [] : slotsOf(dayNumber, now, timezoneOffsetMinutes);
}

/** The local days of the window that still have at least one slot (today drops out after 17:15). */
export function allowedDates(now: Date, timezoneOffsetMinutes: number): LocalDate[] {
  assertOffset(timezoneOffsetMinutes);
  return windowDays(now, timezoneOffsetMinutes)
    .filter((day) => slotsOf(day, now, timezoneOffsetMinutes).length > 0)
    .map(toLocalDate);
}

/** The first slot the carrier can choose: the dialog's default value. */
export function earliestSlot(now: Date, timezoneOffsetMinutes: number): WithdrawalSlot {
  assertOffset(timezoneOffsetMinutes);
  for (const day of windowDays(now, timezoneOffsetMinutes)) {
    const first = slotsOf(day, now, timezoneOffsetMinutes)[0];
    if (first) return first;
  }
  // The two business days after today are always wholly open, so the loop always returns.
  throw new Error('No withdrawal slot in the window');
}
