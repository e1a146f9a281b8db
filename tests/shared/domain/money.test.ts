import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToNumber,
  formatMoney,
  fromCents,
  hasAtMostTwoDecimals,
  lbsToTonnes,
  netTonnes,
  toCents,
} from '../../../src/shared/domain/money';

describe('toCents', () => {
  it.each([
    ['1234.56', 123456],
    ['1234.5', 123450],
    ['12', 1200],
    [' 7.05 ', 705],
    ['-0.05', -5],
    ['0', 0],
  ] as const)('should read %j as %i cents', (text, cents) => {
    expect(toCents(text)).toBe(cents);
  });

  it.each([
    [19.99, 1999],
    [1.1, 110],
    [0.1, 10],
    [4.35, 435],
    [1234567.89, 123456789],
    [-2.5, -250],
  ])('should read the number %d as %i cents without float drift', (value, cents) => {
    expect(toCents(value)).toBe(cents);
  });

  it('should read -0.00 as zero, not negative zero', () => {
    expect(Object.is(toCents('-0.00'), 0)).toBe(true);
  });

  it.each(['1.005', 'abc', '', '1,234.50', '1e3', '.5', '12.'])('should refuse %j', (text) => {
    expect(() => toCents(text)).toThrow(RangeError);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 1e21, 0.1 + 0.2])('should refuse the number %d', (value) => {
    expect(() => toCents(value)).toThrow(RangeError);
  });

  it('should refuse an amount whose cents pass the safe integer range', () => {
    expect(() => toCents('90071992547409.93')).toThrow(RangeError);
  });

  it('should add amounts exactly in cents', () => {
    expect(fromCents(toCents(0.1) + toCents(0.2))).toBe('0.30');
  });
});

describe('hasAtMostTwoDecimals', () => {
  it.each([
    [0.1, true],
    [12, true],
    [19.99, true],
    [1.005, false],
    [0.1 + 0.2, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('should tell whether %d has at most 2 decimals (%s)', (value, expected) => {
    expect(hasAtMostTwoDecimals(value)).toBe(expected);
  });
});

describe('fromCents', () => {
  it.each([
    [123456, '1234.56'],
    [5, '0.05'],
    [-5, '-0.05'],
    [100, '1.00'],
    [0, '0.00'],
  ])('should write %i cents as %j', (cents, text) => {
    expect(fromCents(cents)).toBe(text);
  });

  it('should refuse fractional cents', () => {
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });

  it('should round-trip every amount with 2 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
        expect(toCents(centsToNumber(cents))).toBe(cents);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('should prefix $ and group thousands in English', () => {
    expect(formatMoney(1234567.5)).toBe('US$1,234,567.50');
  });

  it('should always show 2 decimals', () => {
    expect(formatMoney('0.1')).toBe('US$0.10');
  });

  it('should show zero as $0.00', () => {
    expect(formatMoney(0)).toBe('US$0.00');
  });

  it('should put the minus sign before the $', () => {
    expect(formatMoney(-1234)).toBe('-US$1,234.00');
  });

  it('should use Mexican Spanish separators', () => {
    expect(formatMoney(1234.5, 'es-MX')).toBe('US$1,234.50');
  });

  it('should group a 4-digit amount in Spanish too', () => {
    expect(formatMoney(1234.5, 'es')).toBe('US$1.234,50');
  });

  it('should format amounts beyond float precision of their cents exactly', () => {
    expect(formatMoney('9007199254740.99')).toBe('US$9,007,199,254,740.99');
  });

  it('should refuse an amount with 3 decimals', () => {
    expect(() => formatMoney(1.005)).toThrow(RangeError);
  });
});

describe('lbsToTonnes', () => {
  it.each([
    [1000, 0.454],
    [50000, 22.68],
    ['44092.45', 20],
    [2204.62, 1],
    [1, 0],
    [0, 0],
  ])('should convert %j lbs to %d t', (lbs, tonnes) => {
    expect(lbsToTonnes(lbs)).toBe(tonnes);
  });

  it('should round half a kilogram up', () => {
    // 50,000,000 lbs is exactly 22,679,618.5 kg.
    expect(lbsToTonnes(50_000_000)).toBe(22679.619);
  });

  it('should round just under half a kilogram down', () => {
    // 1.1 lbs is 0.498951607 kg.
    expect(lbsToTonnes(1.1)).toBe(0);
  });

  it('should round just over half a kilogram up', () => {
    // 1.11 lbs is 0.5034875307 kg.
    expect(lbsToTonnes(1.11)).toBe(0.001);
  });

  it('should convert negative weights symmetrically', () => {
    expect(lbsToTonnes(-1000)).toBe(-0.454);
  });

  it('should refuse weights with more than 2 decimals', () => {
    expect(() => lbsToTonnes('10.125')).toThrow(RangeError);
  });
});

describe('netTonnes', () => {
  it('should convert gross minus tare', () => {
    expect(netTonnes(80000, 30000)).toBe(22.68);
  });

  it('should subtract in hundredths of a pound', () => {
    // 0.3 - 0.1 in floats is 0.19999999999999998 lbs; in hundredths it is exactly 20.
    expect(netTonnes('80000.30', '30000.10')).toBe(lbsToTonnes('50000.20'));
  });
});
