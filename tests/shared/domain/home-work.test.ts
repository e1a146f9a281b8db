import { describe, expect, it } from 'vitest';
import {
  ADMIN_WORK_TILES,
  hoursAndMinutes,
  minutesLeft,
  offerExpiresAt,
  pickupDay,
} from '../../../src/shared/domain/home-work';

const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute);

describe('offer time left', () => {
  it('should move an offer on ALLOCATION_FREQUENCY hours after it was made, and never at 0', () => {
    expect(offerExpiresAt(at(11, 9, 10), 3)).toEqual(at(11, 12, 10));
    expect(offerExpiresAt(at(11, 9, 10), 0)).toBeNull();
  });

  it('should count whole minutes down, never below 0', () => {
    expect(minutesLeft(at(11, 12, 10), new Date(at(11, 10).getTime() + 30_000))).toBe(129);
    expect(minutesLeft(at(11, 12, 10), at(11, 10))).toBe(130);
    expect(minutesLeft(at(11, 12, 10), at(11, 13))).toBe(0);
    expect(hoursAndMinutes(130)).toEqual({ hours: 2, minutes: 10 });
  });
});

describe('pickup day', () => {
  const now = at(11, 10);
  it("should place a pickup on the carrier's local day", () => {
    expect(pickupDay(at(11, 0), now)).toBe('today');
    expect(pickupDay(at(11, 23, 59), now)).toBe('today');
    expect(pickupDay(at(12, 0), now)).toBe('tomorrow');
    expect(pickupDay(at(13, 0), now)).toBe('later');
    expect(pickupDay(at(10, 23, 59), now)).toBe('overdue');
  });
});

describe('admin work tiles', () => {
  it('should send documentation to its invoice and invoices without a voucher where one may be added', () => {
    expect(ADMIN_WORK_TILES).toEqual([
      { key: 'awaiting-invoice', statuses: ['SUPPLIER_INVOICED'], unpaid: false },
      { key: 'awaiting-payment', statuses: ['TA_INVOICED', 'MX_TRANSIT', 'DELIVERED'], unpaid: true },
    ]);
  });
});
