import { afterEach, describe, expect, it } from 'vitest';
import {
  allowedDates,
  allowedTimes,
  checkWithdrawal,
  earliestSlot,
  withdrawalReferenceTime,
} from '../../../src/shared/domain/withdrawal';

/** Central Mexico, UTC-6, as getTimezoneOffset() reports it. */
const CST = 360;

/** The instant of a wall-clock time 'YYYY-MM-DDTHH:mm[:ss]' at `offset` (local = UTC - offset). */
function at(local: string, offset = CST): Date {
  return new Date(Date.parse(`${local}Z`) + offset * 60_000);
}

// November 2026: Monday 23, Tuesday 24, Wednesday 25, Thursday 26, Friday 27, Saturday 28, Sunday 29, Monday 30.
const mondayMorning = at('2026-11-23T10:00');

const refusal = (message: string) => ({ ok: false, message });

describe('checkWithdrawal: anticipation', () => {
  it('should accept a time exactly 30 minutes ahead', () => {
    expect(checkWithdrawal(at('2026-11-23T10:30'), mondayMorning, CST)).toEqual({ ok: true });
  });

  it('should refuse a time 29 minutes ahead', () => {
    expect(checkWithdrawal(at('2026-11-23T10:29'), at('2026-11-23T10:00'), CST)).toMatchObject(
      refusal('Minimum 30 minutes anticipation'),
    );
  });

  it('should refuse a slot 29 minutes and 30 seconds ahead', () => {
    expect(checkWithdrawal(at('2026-11-23T10:30'), at('2026-11-23T10:00:30'), CST)).toMatchObject({
      reason: 'anticipation',
    });
  });

  it('should refuse a date in the past with the anticipation message', () => {
    expect(checkWithdrawal(at('2026-11-20T10:00'), mondayMorning, CST)).toMatchObject(
      refusal('Minimum 30 minutes anticipation'),
    );
  });
});

describe('checkWithdrawal: required', () => {
  it('should refuse a missing date as a required field', () => {
    expect(checkWithdrawal(null, mondayMorning, CST)).toEqual({
      ok: false,
      reason: 'required',
      message: 'Campo obligatorio',
    });
  });

  it('should refuse an invalid date as a required field', () => {
    expect(checkWithdrawal(new Date('not a date'), mondayMorning, CST)).toMatchObject(refusal('Campo obligatorio'));
  });

  it('should throw on a timezone offset beyond 14 hours', () => {
    expect(() => checkWithdrawal(at('2026-11-24T10:00'), mondayMorning, 900)).toThrow(RangeError);
  });

  it('should throw on a timezone offset that is not whole minutes', () => {
    expect(() => checkWithdrawal(at('2026-11-24T10:00'), mondayMorning, 90.5)).toThrow(RangeError);
  });
});

describe('checkWithdrawal: hours and steps', () => {
  it('should refuse 08:45', () => {
    expect(checkWithdrawal(at('2026-11-24T08:45'), mondayMorning, CST)).toMatchObject(
      refusal('Withdrawal time must be between 09:00 and 17:45'),
    );
  });

  it('should accept 09:00', () => {
    expect(checkWithdrawal(at('2026-11-24T09:00'), mondayMorning, CST)).toEqual({ ok: true });
  });

  it('should accept 17:45', () => {
    expect(checkWithdrawal(at('2026-11-24T17:45'), mondayMorning, CST)).toEqual({ ok: true });
  });

  it('should refuse 18:00', () => {
    expect(checkWithdrawal(at('2026-11-24T18:00'), mondayMorning, CST)).toMatchObject({ reason: 'hours' });
  });

  it('should refuse 17:50 as off the 15-minute step', () => {
    expect(checkWithdrawal(at('2026-11-24T17:50'), mondayMorning, CST)).toMatchObject(
      refusal('Withdrawal time must be on a quarter hour (:00, :15, :30 or :45)'),
    );
  });

  it('should refuse a quarter hour with seconds', () => {
    expect(checkWithdrawal(at('2026-11-24T10:15:30'), mondayMorning, CST)).toMatchObject({ reason: 'step' });
  });
});

describe('checkWithdrawal: business days', () => {
  it('should refuse a Saturday', () => {
    expect(checkWithdrawal(at('2026-11-28T10:00'), at('2026-11-27T10:00'), CST)).toMatchObject(
      refusal('Withdrawal date must be a weekday'),
    );
  });

  it('should refuse a Sunday', () => {
    expect(checkWithdrawal(at('2026-11-29T10:00'), at('2026-11-27T10:00'), CST)).toMatchObject({ reason: 'weekend' });
  });

  it('should accept the second business day after today', () => {
    expect(checkWithdrawal(at('2026-11-25T17:45'), mondayMorning, CST)).toEqual({ ok: true });
  });

  it('should refuse the third business day after today', () => {
    expect(checkWithdrawal(at('2026-11-26T09:00'), mondayMorning, CST)).toMatchObject(
      refusal('Withdrawal date must be today or within the next 2 business days'),
    );
  });

  it('should accept Monday and Tuesday from a Friday', () => {
    const friday = at('2026-11-27T10:00');
    expect([
      checkWithdrawal(at('2026-11-30T09:00'), friday, CST).ok,
      checkWithdrawal(at('2026-12-01T17:45'), friday, CST).ok,
    ]).toEqual([true, true]);
  });

  it('should refuse Wednesday from a Friday', () => {
    expect(checkWithdrawal(at('2026-12-02T09:00'), at('2026-11-27T10:00'), CST)).toMatchObject({ reason: 'window' });
  });

  it('should refuse Wednesday from a Sunday', () => {
    expect(checkWithdrawal(at('2026-12-02T09:00'), at('2026-11-29T10:00'), CST)).toMatchObject({ reason: 'window' });
  });
});

describe('checkWithdrawal: time zones', () => {
  const utcNow = new Date('2026-11-23T12:00:00Z');

  it('should read 15:00 UTC as 09:00 at offset 360', () => {
    expect(checkWithdrawal(new Date('2026-11-24T15:00:00Z'), utcNow, 360)).toEqual({ ok: true });
  });

  it('should read 14:45 UTC as 08:45 at offset 360', () => {
    expect(checkWithdrawal(new Date('2026-11-24T14:45:00Z'), utcNow, 360)).toMatchObject({ reason: 'hours' });
  });

  it('should read 14:45 UTC as 09:45 at offset 300', () => {
    expect(checkWithdrawal(new Date('2026-11-24T14:45:00Z'), utcNow, 300)).toEqual({ ok: true });
  });

  it('should read 17:00 UTC as 18:00 at offset -60', () => {
    expect(checkWithdrawal(new Date('2026-11-24T17:00:00Z'), utcNow, -60)).toMatchObject({ reason: 'hours' });
  });

  it('should read 16:45 UTC as 17:45 at offset -60', () => {
    expect(checkWithdrawal(new Date('2026-11-24T16:45:00Z'), utcNow, -60)).toEqual({ ok: true });
  });

  it('should take today from the local date when UTC is already tomorrow', () => {
    // Thursday 20:00 in Mexico is Friday 02:00 UTC: the window is Thu, Fri, Mon, so Tuesday is out.
    expect(checkWithdrawal(at('2026-12-01T09:00'), at('2026-11-26T20:00'), 360)).toMatchObject({ reason: 'window' });
  });

  it('should take today from the local date when UTC is still yesterday', () => {
    // Monday 00:30 in Central Europe is Sunday 23:30 UTC: the window is Mon, Tue, Wed.
    expect(checkWithdrawal(at('2026-11-25T09:00', -60), at('2026-11-23T00:30', -60), -60)).toEqual({ ok: true });
  });

  it('should check the quarter hour on the local clock at a half-hour offset', () => {
    // India (UTC+5:30): 09:00 local is 03:30 UTC.
    expect(checkWithdrawal(new Date('2026-11-24T03:30:00Z'), utcNow, -330)).toEqual({ ok: true });
  });
});

describe('checkWithdrawal: fixed offsets, no DST', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it('should keep 09:00 at 15:00 UTC across the US daylight-saving change', () => {
    // 2026-03-08 starts US daylight saving; the device offset sent with the accept is what counts.
    const slot = allowedTimes('2026-03-09', at('2026-03-06T10:00'), 360)[0];
    expect(slot?.instant.toISOString()).toBe('2026-03-09T15:00:00.000Z');
  });

  it('should give the same answer whatever the time zone of the process', () => {
    process.env.TZ = 'Pacific/Kiritimati';
    const far = checkWithdrawal(at('2026-11-24T09:00'), mondayMorning, CST);
    process.env.TZ = 'America/Chicago';
    const near = checkWithdrawal(at('2026-11-24T09:00'), mondayMorning, CST);
    expect([far, near]).toEqual([{ ok: true }, { ok: true }]);
  });
});

describe('checkWithdrawal: offline replay', () => {
  const queuedAt = at('2026-11-23T10:00');
  const now = at('2026-11-23T12:00');

  it('should judge the anticipation at the queued time', () => {
    expect(checkWithdrawal(at('2026-11-23T12:15'), now, CST, queuedAt)).toEqual({ ok: true });
  });

  it('should still refuse a time that passed while the accept was queued', () => {
    expect(checkWithdrawal(at('2026-11-23T11:00'), now, CST, queuedAt)).toMatchObject(
      refusal('The withdrawal time has already passed'),
    );
  });

  it('should judge the window at the queued time', () => {
    // Queued on Thursday (window Thu, Fri, Mon), replayed on Friday: Tuesday stays out.
    const result = checkWithdrawal(at('2026-12-01T10:00'), at('2026-11-27T10:00'), CST, at('2026-11-26T16:00'));
    expect(result).toMatchObject({ reason: 'window' });
  });

  it('should ignore a queued time older than 24 hours', () => {
    expect(withdrawalReferenceTime(now, at('2026-11-22T11:59'))).toBe(now);
  });

  it('should use a queued time exactly 24 hours old', () => {
    const dayOld = at('2026-11-22T12:00');
    expect(withdrawalReferenceTime(now, dayOld)).toBe(dayOld);
  });

  it('should ignore a queued time in the future', () => {
    expect(withdrawalReferenceTime(now, at('2026-11-23T12:01'))).toBe(now);
  });

  it('should ignore an invalid queued time', () => {
    expect(withdrawalReferenceTime(now, new Date('nope'))).toBe(now);
  });
});

describe('allowedDates', () => {
  it('should offer today and the next two days on a Monday morning', () => {
    expect(allowedDates(mondayMorning, CST)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
  });

  it('should offer Friday, Monday and Tuesday on a Friday morning', () => {
    expect(allowedDates(at('2026-11-27T10:00'), CST)).toEqual(['2026-11-27', '2026-11-30', '2026-12-01']);
  });

  it('should offer Monday and Tuesday on a Saturday', () => {
    expect(allowedDates(at('2026-11-28T10:00'), CST)).toEqual(['2026-11-30', '2026-12-01']);
  });

  it('should offer Monday and Tuesday on a Sunday', () => {
    expect(allowedDates(at('2026-11-29T23:59'), CST)).toEqual(['2026-11-30', '2026-12-01']);
  });

  it('should keep today at 17:15 while 17:45 is still 30 minutes away', () => {
    expect(allowedDates(at('2026-11-23T17:15'), CST)[0]).toBe('2026-11-23');
  });

  it('should drop today after 17:15', () => {
    expect(allowedDates(at('2026-11-23T17:16'), CST)).toEqual(['2026-11-24', '2026-11-25']);
  });
});

describe('allowedTimes', () => {
  it('should offer 36 quarter-hour slots from 09:00 to 17:45 on a future day', () => {
    const slots = allowedTimes('2026-11-24', mondayMorning, CST);
    expect([slots.length, slots[0]?.time, slots.at(-1)?.time]).toEqual([36, '09:00', '17:45']);
  });

  it('should give each slot its UTC instant', () => {
    expect(allowedTimes('2026-11-24', mondayMorning, CST)[0]?.instant.toISOString()).toBe('2026-11-24T15:00:00.000Z');
  });

  it('should start today at the first quarter hour 30 minutes from now', () => {
    expect(allowedTimes('2026-11-23', at('2026-11-23T10:05'), CST)[0]?.time).toBe('10:45');
  });

  it('should start today exactly 30 minutes from now on a quarter hour', () => {
    expect(allowedTimes('2026-11-23', at('2026-11-23T10:00'), CST)[0]?.time).toBe('10:30');
  });

  it('should offer all slots of today before 08:30', () => {
    expect(allowedTimes('2026-11-23', at('2026-11-23T08:30'), CST)[0]?.time).toBe('09:00');
  });

  it('should offer nothing on a Saturday', () => {
    expect(allowedTimes('2026-11-28', at('2026-11-27T10:00'), CST)).toEqual([]);
  });

  it('should offer nothing beyond the window', () => {
    expect(allowedTimes('2026-11-26', mondayMorning, CST)).toEqual([]);
  });

  it('should offer nothing for an impossible date', () => {
    expect(allowedTimes('2026-02-30', at('2026-02-27T10:00'), CST)).toEqual([]);
  });

  it('should offer nothing for a malformed date', () => {
    expect(allowedTimes('24/11/2026', mondayMorning, CST)).toEqual([]);
  });

  it('should offer only slots that checkWithdrawal accepts', () => {
    const now = at('2026-11-23T13:07');
    const slots = allowedDates(now, CST).flatMap((day) => allowedTimes(day, now, CST));
    expect(slots.every((slot) => checkWithdrawal(slot.instant, now, CST).ok)).toBe(true);
    expect(slots.length).toBe(17 + 36 + 36);
  });
});

describe('earliestSlot', () => {
  it('should be the next quarter hour 30 minutes away during business hours', () => {
    expect(earliestSlot(at('2026-11-23T10:05'), CST).instant).toEqual(at('2026-11-23T10:45'));
  });

  it('should be Monday 09:00 late on a Friday', () => {
    expect(earliestSlot(at('2026-11-27T17:30'), CST)).toEqual({ time: '09:00', instant: at('2026-11-30T09:00') });
  });

  it('should be Monday 09:00 on a Saturday', () => {
    expect(earliestSlot(at('2026-11-28T10:00'), CST).instant).toEqual(at('2026-11-30T09:00'));
  });

  it('should be 09:00 today early in the morning', () => {
    expect(earliestSlot(at('2026-11-24T06:00', -60), -60).instant).toEqual(at('2026-11-24T09:00', -60));
  });
});
