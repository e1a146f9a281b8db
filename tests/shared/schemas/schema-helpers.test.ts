import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  isIsoDate,
  isIsoInstant,
  objectMessage,
  parseIsoInstant,
  queryArray,
  queryInteger,
} from '../../../src/shared/schemas/schema-helpers';

describe('objectMessage', () => {
  const schema = v.object({ name: v.string('Name is text') }, objectMessage('Not an object', 'Missing'));

  it('should give a missing key the missing-key message', () => {
    expect(v.safeParse(schema, {}).issues?.[0]?.message).toBe('Missing');
  });

  it('should give a value that is not an object the object message', () => {
    expect(v.safeParse(schema, 3).issues?.[0]?.message).toBe('Not an object');
  });

  it('should leave a present field its own message', () => {
    expect(v.safeParse(schema, { name: 3 }).issues?.[0]?.message).toBe('Name is text');
  });

  it('should default the missing-key message to Campo obligatorio', () => {
    const required = v.object({ name: v.string() }, objectMessage('Not an object'));
    expect(v.safeParse(required, {}).issues?.[0]?.message).toBe('Campo obligatorio');
  });
});

describe('queryInteger', () => {
  const schema = queryInteger('Bad', 1, 10);

  it.each([
    ['7', 7],
    [' 7 ', 7],
    [7, 7],
  ] as const)('should read %j as %i', (input, expected) => {
    expect(v.parse(schema, input)).toBe(expected);
  });

  it.each(['', '1e1', '0x5', '7.0', '11', '0', true, null])('should refuse %j', (input) => {
    expect(v.safeParse(schema, input).issues?.[0]?.message).toBe('Bad');
  });
});

describe('queryArray', () => {
  const schema = queryArray(queryInteger('Bad', 1), 'Bad list');

  it('should wrap a single value', () => {
    expect(v.parse(schema, '3')).toEqual([3]);
  });

  it('should keep an empty list empty', () => {
    expect(v.parse(schema, [])).toEqual([]);
  });

  it('should refuse an object', () => {
    expect(v.safeParse(schema, { a: 1 }).issues?.[0]?.message).toBe('Bad list');
  });
});

describe('ISO dates', () => {
  it('should parse an instant with an offset to its UTC time', () => {
    expect(parseIsoInstant('2026-11-24T09:00:00-06:00')?.toISOString()).toBe('2026-11-24T15:00:00.000Z');
  });

  it('should parse an offset without a colon', () => {
    expect(parseIsoInstant('2026-11-24T09:00:00+0530')?.toISOString()).toBe('2026-11-24T03:30:00.000Z');
  });

  it.each(['2026-11-24T09:00:00', '2026-11-24T24:00:00Z', '2026-13-01T09:00:00Z', '2026-02-29T09:00:00Z'])(
    'should refuse the instant %j',
    (text) => {
      expect(isIsoInstant(text)).toBe(false);
    },
  );

  it('should accept 29 February in a leap year', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
  });

  it.each(['2026-02-29', '2026-04-31', '2026-1-01', '20261101'])('should refuse the date %j', (text) => {
    expect(isIsoDate(text)).toBe(false);
  });
});
