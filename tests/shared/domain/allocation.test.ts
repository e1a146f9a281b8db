import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hasActiveContract,
  pickCarrier,
  rankCarriers,
  type CarrierCandidate,
} from '../../../src/shared/domain/allocation';

const TODAY = '2026-11-23';
const running = { from: '2026-01-01', to: '2026-12-31' };

function carrier(id: number, overrides: Partial<CarrierCandidate> = {}): CarrierCandidate {
  return {
    id,
    category: 1,
    enabledForAlgorithm: true,
    contracts: [running],
    openOffers: 0,
    serviceLevel30d: 0.5,
    alreadyOffered: false,
    mode: 'TRUCK',
    ...overrides,
  };
}

const ids = (list: readonly CarrierCandidate[]) => list.map((c) => c.id);

describe('pickCarrier: eligibility', () => {
  it('should return null when there are no candidates', () => {
    expect(pickCarrier([], TODAY)).toBeNull();
  });

  it('should return null when no candidate is eligible', () => {
    expect(pickCarrier([carrier(1, { enabledForAlgorithm: false }), carrier(2, { alreadyOffered: true })], TODAY)).toBe(
      null,
    );
  });

  it('should skip a carrier disabled for the algorithm', () => {
    expect(pickCarrier([carrier(1, { enabledForAlgorithm: false }), carrier(2)], TODAY)?.id).toBe(2);
  });

  it('should skip a carrier already offered this ticket', () => {
    expect(pickCarrier([carrier(1, { alreadyOffered: true }), carrier(2)], TODAY)?.id).toBe(2);
  });

  it('should skip a carrier whose contract ended yesterday', () => {
    const ended = carrier(1, { contracts: [{ from: '2026-01-01', to: '2026-11-22' }] });
    expect(pickCarrier([ended, carrier(2)], TODAY)?.id).toBe(2);
  });

  it('should skip a carrier whose contract starts tomorrow', () => {
    const future = carrier(1, { contracts: [{ from: '2026-11-24', to: '2027-11-24' }] });
    expect(pickCarrier([future, carrier(2)], TODAY)?.id).toBe(2);
  });

  it('should skip a carrier without contracts', () => {
    expect(pickCarrier([carrier(1, { contracts: [] }), carrier(2)], TODAY)?.id).toBe(2);
  });

  it('should take a carrier whose contract ends today', () => {
    expect(pickCarrier([carrier(1, { contracts: [{ from: '2026-01-01', to: TODAY }] })], TODAY)?.id).toBe(1);
  });

  it('should take a carrier whose contract starts today', () => {
    expect(pickCarrier([carrier(1, { contracts: [{ from: TODAY, to: '2027-01-01' }] })], TODAY)?.id).toBe(1);
  });

  it('should take a carrier with an ended contract and a running one', () => {
    const renewed = carrier(1, { contracts: [{ from: '2025-01-01', to: '2025-12-31' }, running] });
    expect(pickCarrier([renewed], TODAY)?.id).toBe(1);
  });

  it('should keep only carriers of the requested mode', () => {
    expect(pickCarrier([carrier(1), carrier(2, { mode: 'RAILCAR' })], TODAY, 'RAILCAR')?.id).toBe(2);
  });

  it('should consider every mode when none is requested', () => {
    expect(ids(rankCarriers([carrier(2, { mode: 'RAILCAR' }), carrier(1)], TODAY))).toEqual([1, 2]);
  });
});

describe('rankCarriers: order', () => {
  it('should put the lower category first', () => {
    expect(ids(rankCarriers([carrier(1, { category: 2 }), carrier(2, { category: 1 })], TODAY))).toEqual([2, 1]);
  });

  it('should prefer the lower category over fewer open offers', () => {
    const list = [carrier(1, { category: 2, openOffers: 0 }), carrier(2, { category: 1, openOffers: 9 })];
    expect(ids(rankCarriers(list, TODAY))).toEqual([2, 1]);
  });

  it('should break a category tie by fewest open offers', () => {
    expect(ids(rankCarriers([carrier(1, { openOffers: 3 }), carrier(2, { openOffers: 1 })], TODAY))).toEqual([2, 1]);
  });

  it('should prefer fewer open offers over a better service level', () => {
    const list = [carrier(1, { openOffers: 2, serviceLevel30d: 1 }), carrier(2, { openOffers: 1, serviceLevel30d: 0 })];
    expect(ids(rankCarriers(list, TODAY))).toEqual([2, 1]);
  });

  it('should break an open-offer tie by the better service level', () => {
    const list = [carrier(1, { serviceLevel30d: 0.4 }), carrier(2, { serviceLevel30d: 0.9 })];
    expect(ids(rankCarriers(list, TODAY))).toEqual([2, 1]);
  });

  it('should rank a carrier without service level like one at 0', () => {
    const list = [
      carrier(3, { serviceLevel30d: null }),
      carrier(2, { serviceLevel30d: 0.1 }),
      carrier(1, { serviceLevel30d: 0 }),
    ];
    expect(ids(rankCarriers(list, TODAY))).toEqual([2, 1, 3]);
  });

  it('should break a full tie by the lower id', () => {
    expect(ids(rankCarriers([carrier(9), carrier(4), carrier(7)], TODAY))).toEqual([4, 7, 9]);
  });

  it('should apply all keys together', () => {
    const list = [
      carrier(1, { category: 2 }),
      carrier(2, { openOffers: 1, serviceLevel30d: 1 }),
      carrier(3, { openOffers: 0, serviceLevel30d: 0.2 }),
      carrier(4, { openOffers: 0, serviceLevel30d: 0.8 }),
      carrier(5, { openOffers: 0, serviceLevel30d: 0.8 }),
      carrier(6, { alreadyOffered: true }),
    ];
    expect(ids(rankCarriers(list, TODAY))).toEqual([4, 5, 3, 2, 1]);
  });

  it('should not reorder the array it is given', () => {
    const list = [carrier(2), carrier(1)];
    rankCarriers(list, TODAY);
    expect(ids(list)).toEqual([2, 1]);
  });

  it('should return the candidates with their extra fields', () => {
    const [first] = rankCarriers([{ ...carrier(1), businessName: 'Fletes del Norte' }], TODAY);
    expect(first?.businessName).toBe('Fletes del Norte');
  });

  it('should pick the first of the ranking', () => {
    const list = [carrier(1, { category: 3 }), carrier(2, { category: 2 }), carrier(3, { category: 2, openOffers: 1 })];
    expect(pickCarrier(list, TODAY)?.id).toBe(2);
  });
});

describe('rankCarriers: properties', () => {
  const candidateArb = fc.record({
    id: fc.integer({ min: 1, max: 50 }),
    category: fc.integer({ min: 1, max: 3 }),
    enabledForAlgorithm: fc.boolean(),
    contracts: fc.array(
      fc.constantFrom({ from: '2026-01-01', to: '2026-11-22' }, running, { from: '2026-11-24', to: '2027-01-01' }),
      { maxLength: 2 },
    ),
    openOffers: fc.integer({ min: 0, max: 3 }),
    serviceLevel30d: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
    alreadyOffered: fc.boolean(),
    mode: fc.constantFrom('TRUCK' as const, 'RAILCAR' as const),
  });

  it('should give the same order whatever order the candidates come in', () => {
    fc.assert(
      fc.property(fc.uniqueArray(candidateArb, { selector: (c) => c.id }), (list) => {
        expect(ids(rankCarriers([...list].reverse(), TODAY))).toEqual(ids(rankCarriers(list, TODAY)));
      }),
    );
  });

  it('should return exactly the eligible carriers', () => {
    fc.assert(
      fc.property(fc.array(candidateArb), (list) => {
        const expected = list.filter(
          (c) => c.enabledForAlgorithm && !c.alreadyOffered && c.contracts.some((k) => k === running),
        );
        expect(rankCarriers(list, TODAY)).toHaveLength(expected.length);
      }),
    );
  });
});

describe('hasActiveContract', () => {
  it('should compare calendar days across a month end', () => {
    expect(hasActiveContract([{ from: '2026-10-01', to: '2026-10-31' }], '2026-11-01')).toBe(false);
  });
});
