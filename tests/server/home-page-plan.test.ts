import { describe, expect, it } from 'vitest';
import { homePagePlan } from '../../src/server/repositories/ticket-pages';

describe('how a home page is read', () => {
  it('should walk the scope when the requested statuses are most of it, at any page', () => {
    // A carrier's home list: every open status, 50 a page, 80,000 tickets.
    expect(homePagePlan(80_000, 80_000, 0, 50)).toBe('walk');
    // An admin's page 1000: there is no shorter way than the walk.
    expect(homePagePlan(1_000_000, 1_000_000, 19_980, 20)).toBe('walk');
  });

  it('should read by status when the requested ones are few among many', () => {
    // 20 PENDING and CONFIRMED tickets among 8,000: a walk could read all 8,000 to fill 25 rows.
    expect(homePagePlan(20, 8_000, 0, 25)).toBe('by-value');
    // Nothing to find: the status index answers at once, a walk would read the whole scope.
    expect(homePagePlan(0, 8_000, 0, 25)).toBe('by-value');
  });

  it('should walk a short scope whatever the statuses', () => {
    expect(homePagePlan(3, 40, 0, 10)).toBe('walk');
  });
});
