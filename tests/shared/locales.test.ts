import { describe, expect, it } from 'vitest';
import { localeOfLanguage } from '../../src/shared/domain/locales';

describe('localeOfLanguage', () => {
  it('should take any Spanish tag for Spanish and everything else for English', () => {
    expect(localeOfLanguage('es-MX')).toBe('es');
    expect(localeOfLanguage('ES')).toBe('es');
    expect(localeOfLanguage(' es-419,en;q=0.8')).toBe('es');
    expect(localeOfLanguage('en-US,es;q=0.9')).toBe('en');
    expect(localeOfLanguage('fr-CA')).toBe('en');
    expect(localeOfLanguage('')).toBe('en');
    expect(localeOfLanguage(undefined)).toBe('en');
  });
});
