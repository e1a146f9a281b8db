import { describe, expect, it } from 'vitest';
import { formatAmount, formatTonnes, formatWeight, readNumber } from '../../src/app/lib/locale-format';

describe('readNumber', () => {
  it.each(['en-US', 'es-MX'] as const)('should read what a user types for 20,500.50 in %s as 20500.5', (locale) => {
    for (const typed of [
      '20500.5',
      '20500.50',
      '20,500.50',
      '20,500.5',
      '$20,500.50',
      ' $ 20 500.50 ',
      '20500,5',
      '20500,50',
      '20,500.50 lbs',
    ]) {
      expect(readNumber(typed, locale), typed).toEqual({ ok: true, value: 20500.5 });
    }
  });

  it('should read grouping in threes as thousands, not as decimals', () => {
    expect(readNumber('20,500', 'es-MX')).toEqual({ ok: true, value: 20500 });
    expect(readNumber('1,234,567.8', 'es-MX')).toEqual({ ok: true, value: 1234567.8 });
  });

  it('should refuse text with no single meaning and more than 2 decimals instead of guessing', () => {
    for (const typed of ['20.500,50', '1,2,3', '20,5000', '12a', '1.2.3']) {
      expect(readNumber(typed, 'es-MX'), typed).toEqual({ ok: false, reason: 'format' });
    }
    expect(readNumber('20500.505', 'es-MX')).toEqual({ ok: false, reason: 'decimals' });
    expect(readNumber('1.234', 'es-MX')).toEqual({ ok: false, reason: 'decimals' });
  });

  it('should read an empty field as no value', () => {
    expect(readNumber('  ', 'es-MX')).toEqual({ ok: true, value: null });
  });
});

describe('formatting in es-MX', () => {
  it('should write money, weights and tonnes as Mexican Spanish does', () => {
    expect(formatAmount(20500.5, 'es-MX')).toBe('$20,500.50');
    expect(formatAmount(1234, 'es-MX')).toBe('$1,234.00');
    expect(formatWeight(80000, 'es-MX')).toBe('80,000.00');
    expect(formatTonnes(22.68, 'es-MX')).toBe('22.68');
    expect(formatTonnes(1234.5, 'es-MX')).toBe('1,234.5');
  });
});
