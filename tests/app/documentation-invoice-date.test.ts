/**
 * The documentation forms refuse an invoice date after the device's today, although the shared schema
 * (and so the server, which does not know the user's time zone) accepts up to the latest day begun
 * anywhere: a supplier in Chicago at 23:30 cannot date an invoice tomorrow.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_VALUES, validateDocumentation } from '../../src/app/features/documentation/form-values';

afterEach(() => {
  vi.useRealTimers();
});

describe('invoice date on the documentation forms', () => {
  it("should refuse the device's tomorrow on create and on update, and take today", () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 27, 23, 30), toFake: ['Date'] });
    for (const editing of [false, true]) {
      for (const mode of ['TRUCK', 'RAILCAR'] as const) {
        expect(validateDocumentation(mode, editing, { ...EMPTY_VALUES, invoiceDate: '2026-11-28' }).invoiceDate).toBe(
          'Invoice date cannot be in the future',
        );
        expect(
          validateDocumentation(mode, editing, { ...EMPTY_VALUES, invoiceDate: '2026-11-27' }).invoiceDate,
        ).toBeUndefined();
      }
    }
  });
});
