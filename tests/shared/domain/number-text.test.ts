import { describe, expect, it } from 'vitest';
import {
  formNumber,
  hasAtMostDecimals,
  NUMBER_RULES,
  readNumberText,
  type NumberKind,
} from '../../../src/shared/domain/number-text';

const read = (text: string, kind: NumberKind) => readNumberText(text, NUMBER_RULES[kind]);

describe('readNumberText', () => {
  it('should read what a user types for 20,500.50 in a money field as 20500.5', () => {
    for (const typed of [
      '20500.5',
      '20500.50',
      '20,500.50',
      '20,500.5',
      '$20,500.50',
      ' $ 20,500.50 ',
      '20500.5',
      'US$20,500.50',
      'USD 20,500.50',
      'us$20,500.50',
    ]) {
      expect(read(typed, 'money'), typed).toEqual({ ok: true, value: 20500.5 });
    }
  });

  it('should read a weight with its unit and grouping in threes as thousands', () => {
    expect(read('80,000.00 lbs', 'weight')).toEqual({ ok: true, value: 80000 });
    expect(read('1,234,567.8', 'weight')).toEqual({ ok: true, value: 1234567.8 });
  });

  it('should refuse a decimal in a whole-number field instead of dropping the point or the decimals', () => {
    expect(read('2510.75', 'wholeMoney')).toEqual({ ok: false, reason: 'whole' });
    expect(read('2,500.50', 'wholeMoney')).toEqual({ ok: false, reason: 'whole' });
    expect(read('2510.', 'count')).toEqual({ ok: false, reason: 'whole' });
    expect(read('$2,510', 'wholeMoney')).toEqual({ ok: true, value: 2510 });
  });

  it('should refuse more decimals than the field allows instead of rounding', () => {
    expect(read('20500.505', 'money')).toEqual({ ok: false, reason: 'decimals' });
    expect(read('1.234', 'weight')).toEqual({ ok: false, reason: 'decimals' });
    expect(read('29.123456789', 'coordinate')).toEqual({ ok: false, reason: 'decimals' });
    expect(read('-98.12345678', 'coordinate')).toEqual({ ok: true, value: -98.12345678 });
  });

  it('should refuse a leading minus where the field takes no negative number', () => {
    for (const kind of ['money', 'wholeMoney', 'weight', 'count', 'id'] as const) {
      expect(read('-5', kind), kind).toEqual({ ok: false, reason: 'negative' });
    }
    expect(read('-5', 'coordinate')).toEqual({ ok: true, value: -5 });
  });

  it('should refuse letters, misplaced separators and other notations instead of guessing', () => {
    for (const typed of [
      '20.500,50',
      '2500,50',
      '20500,5',
      '1,2,3',
      '20,5000',
      '12a',
      '1.2.3',
      '1e3',
      '0x10',
      '+5',
      '2 500',
      '--5',
      '$',
    ]) {
      expect(read(typed, 'money'), typed).toEqual({ ok: false, reason: 'format' });
    }
    expect(read('1,234', 'id')).toEqual({ ok: false, reason: 'format' });
    expect(read('$5', 'count')).toEqual({ ok: false, reason: 'format' });
  });

  it('should refuse more digits than a number holds exactly', () => {
    expect(read('12345678901234567', 'count')).toEqual({ ok: false, reason: 'tooLarge' });
  });

  it('should read an empty field as no value', () => {
    expect(read('  ', 'money')).toEqual({ ok: true, value: null });
  });
});

describe('formNumber', () => {
  it('should hand a schema the number read, undefined for empty and NaN for unread text', () => {
    expect(formNumber(12.5)).toBe(12.5);
    expect(formNumber(' ')).toBeUndefined();
    expect(formNumber('0x10')).toBeNaN();
    expect(formNumber('1e3')).toBeNaN();
  });
});

describe('hasAtMostDecimals', () => {
  it('should tell the decimals of a number as written', () => {
    expect(hasAtMostDecimals(29.12345678, 8)).toBe(true);
    expect(hasAtMostDecimals(29.123456789, 8)).toBe(false);
    expect(hasAtMostDecimals(1e-7, 8)).toBe(true);
    expect(hasAtMostDecimals(1e-9, 8)).toBe(false);
    expect(hasAtMostDecimals(Number.NaN, 8)).toBe(false);
  });
});
