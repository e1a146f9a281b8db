/**
 * Which carrier a ticket is offered to next. The allocation job reads
 * the candidates in one query and asks this function; the admin's manual-assignment picker uses the same
 * order to suggest carriers.
 *
 * Eligible: enabled for the algorithm, a contract active today (from <= today <= to, both inclusive, as
 * calendar days) and not offered this ticket before (whatever became of that offer). When a mode is given
 * only carriers of that mode are eligible.
 *
 * Order: category ascending (1 first), then fewest open offers (spreads the work), then best 30-day
 * service level, then id ascending so the order is total and the same on every server process.
 * A carrier without a 30-day service level (no offers in 30 days) counts as 0: the rate is "confirmed
 * over offered", and no evidence of confirming is ranked like no confirmation. Such a carrier usually
 * still wins on the previous key, since a carrier with no recent offers has no open ones either.
 */
import type { CarrierMode } from './roles';

/** A calendar day, 'YYYY-MM-DD'; strings of this form compare in date order. */
export type CalendarDate = string;

export interface ContractPeriod {
  readonly from: CalendarDate;
  readonly to: CalendarDate;
}

export interface CarrierCandidate {
  readonly id: number;
  /** 1 is the preferred category. */
  readonly category: number;
  readonly enabledForAlgorithm: boolean;
  readonly contracts: readonly ContractPeriod[];
  /** Offers to this carrier, on any ticket, still waiting for an answer. */
  readonly openOffers: number;
  /** Confirmed over offered in the last 30 days, 0..1; null when nothing was offered. */
  readonly serviceLevel30d: number | null;
  /** Whether this ticket was already offered to this carrier. */
  readonly alreadyOffered: boolean;
  readonly mode: CarrierMode;
}

export function hasActiveContract(contracts: readonly ContractPeriod[], today: CalendarDate): boolean {
  return contracts.some((contract) => contract.from <= today && today <= contract.to);
}

export function isEligible(candidate: CarrierCandidate, today: CalendarDate, mode?: CarrierMode): boolean {
  return (
    candidate.enabledForAlgorithm &&
    !candidate.alreadyOffered &&
    (mode === undefined || candidate.mode === mode) &&
    hasActiveContract(candidate.contracts, today)
  );
}

function compareCandidates(a: CarrierCandidate, b: CarrierCandidate): number {
  return (
    a.category - b.category ||
    a.openOffers - b.openOffers ||
    (b.serviceLevel30d ?? 0) - (a.serviceLevel30d ?? 0) ||
    a.id - b.id
  );
}

/** The eligible carriers, best first. Does not change `candidates`. */
export function rankCarriers<C extends CarrierCandidate>(
  candidates: readonly C[],
  today: CalendarDate,
  mode?: CarrierMode,
): C[] {
  return candidates.filter((candidate) => isEligible(candidate, today, mode)).sort(compareCandidates);
}

/** The carrier to offer the ticket to, or null when none is eligible (the ticket waits unassigned). */
export function pickCarrier<C extends CarrierCandidate>(
  candidates: readonly C[],
  today: CalendarDate,
  mode?: CarrierMode,
): C | null {
  return rankCarriers(candidates, today, mode)[0] ?? null;
}
