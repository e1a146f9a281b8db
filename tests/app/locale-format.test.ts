import { describe, expect, it } from 'vitest';
import { formatAmount, formatTonnes, formatWeight } from '../../src/app/lib/locale-format';

describe('formatting in es-MX', () => {
  it('should write money (naming US dollars), weights and tonnes as Mexican Spanish does', () => {
    expect(formatAmount(20500.5, 'es-MX')).toBe('US$20,500.50');
    expect(formatAmount(1234, 'es-MX')).toBe('US$1,234.00');
    expect(formatWeight(80000, 'es-MX')).toBe('80,000.00');
    expect(formatTonnes(22.68, 'es-MX')).toBe('22.68');
    expect(formatTonnes(1234.5, 'es-MX')).toBe('1,234.5');
  });
});
