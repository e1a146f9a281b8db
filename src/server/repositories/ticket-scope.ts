/**
 * Who sees which tickets, written once for every ticket read (pages, one ticket, counts): the viewer's
 * scope as a condition on `tickets`, the one scope whose counts are maintained, the keyed views that
 * hold a carrier's and a customs agent's tickets, and whose offers a viewer reads. The same rules in SQL
 * (customs_see, the carrier views) live in db/read-model/read-model.sql; tests check both agree.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../shared/domain/roles';
import { ticketCarrierViews, ticketCustomsViews, tickets, type CountScopeKind } from '../db/schema/tickets';
import type { OfferReader } from './ticket-views';

/** Who is asking: the fields of AuthUser that decide the view. */
export interface Viewer {
  roles: readonly Role[];
  supplierId: number | null;
  carrierId: number | null;
  customsAgentId: number | null;
}

export const isAdmin = (viewer: Viewer) => viewer.roles.includes('ADMIN') || viewer.roles.includes('ADMINRO');
/** A carrier sees only its own offers; the other roles see the whole offer history. */
export const seesOnlyOwnOffers = (viewer: Viewer) =>
  !isAdmin(viewer) && !viewer.roles.includes('SUPPLIER') && !viewer.roles.includes('CUSTOMS');

export const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The tickets of one party's view as a condition on `tickets`: everything, a supplier's tickets, a
 * carrier's or a customs agent's. `party` is the party's id, as a value or a statement's placeholder. A
 * carrier's view is ticket_carrier_views: the tickets it holds an open offer for or carries (`open`), and
 * with `carrierAll` also those it was offered before; a primary-key probe instead of reading offers. An
 * agent's is ticket_customs_views: the live tickets in a status customs see whose provider invoice names
 * one of the agent's crossings (kept by triggers, db/read-model/read-model.sql).
 */
export function partyScope(kind: CountScopeKind, party: SQL, carrierAll = false): SQL {
  if (kind === 'all') return sql`true`;
  if (kind === 'supplier') return sql`${tickets.supplierId} = ${party}`;
  if (kind === 'customs') {
    return sql`exists (select 1 from ${ticketCustomsViews} v where v.customs_agent_id = ${party} and v.ticket_id = ${tickets.id})`;
  }
  return sql`exists (select 1 from ${ticketCarrierViews} v
    where v.carrier_id = ${party} and v.ticket_id = ${tickets.id}${carrierAll ? sql`` : sql` and v.open`})`;
}
/** A statement's party parameter. */
export const partyParameter = sql`${sql.placeholder('party')}::int`;

/**
 * The tickets the viewer may see, as a condition on `tickets`. A user holding several roles sees the
 * union. `carrierAll` widens a carrier's view to tickets it was offered before (its /all page).
 */
export function viewScope(viewer: Viewer, carrierAll = false): SQL {
  if (isAdmin(viewer)) return sql`true`;
  const parts: SQL[] = [];
  if (viewer.roles.includes('SUPPLIER') && viewer.supplierId != null) {
    parts.push(partyScope('supplier', sql`${viewer.supplierId}`));
  }
  if (viewer.roles.includes('CARRIER') && viewer.carrierId != null) {
    parts.push(partyScope('carrier', sql`${viewer.carrierId}`, carrierAll));
  }
  if (viewer.roles.includes('CUSTOMS') && viewer.customsAgentId != null) {
    parts.push(partyScope('customs', sql`${viewer.customsAgentId}`));
  }
  if (parts.length === 0) return sql`false`;
  return sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * The one scope whose counts are maintained (ticket_counts) when the viewer has exactly one: everything
 * for an admin, the supplier's tickets, the carrier's open view, the customs agent's view. A user holding
 * several roles sees a union whose size no maintained count gives: those count.
 */
export type CountScope = { kind: CountScopeKind; id: number };
export function countScope(viewer: Viewer): CountScope | null {
  if (isAdmin(viewer)) return { kind: 'all', id: 0 };
  const scopes: (CountScope | null)[] = [];
  if (viewer.roles.includes('SUPPLIER') && viewer.supplierId != null)
    scopes.push({ kind: 'supplier', id: viewer.supplierId });
  if (viewer.roles.includes('CARRIER') && viewer.carrierId != null)
    scopes.push({ kind: 'carrier', id: viewer.carrierId });
  if (viewer.roles.includes('CUSTOMS') && viewer.customsAgentId != null)
    scopes.push({ kind: 'customs', id: viewer.customsAgentId });
  return scopes.length === 1 ? scopes[0]! : null;
}

/** The carrier whose offers alone a viewer sees in a ticket's history, or null for every offer. */
export const offerReader = (viewer: Viewer): OfferReader => ({
  ownOffersOf: seesOnlyOwnOffers(viewer) ? (viewer.carrierId ?? -1) : null,
});

/**
 * The view rows a carrier's and a customs agent's home lists and day counts are read from: the table,
 * its party, ticket, status and creation-time columns, and the rows that count (a carrier's open ones;
 * written out, not a parameter, so that a plan made once sees it and uses the open rows' indexes).
 */
const KEYED_VIEWS = {
  carrier: {
    table: ticketCarrierViews,
    party: ticketCarrierViews.carrierId,
    ticketId: ticketCarrierViews.ticketId,
    status: ticketCarrierViews.status,
    createdAt: ticketCarrierViews.createdAt,
    counted: sql`${ticketCarrierViews.open}`,
    read: undefined,
  },
  customs: {
    table: ticketCustomsViews,
    party: ticketCustomsViews.customsAgentId,
    ticketId: ticketCustomsViews.ticketId,
    status: ticketCustomsViews.status,
    createdAt: ticketCustomsViews.createdAt,
    counted: undefined,
    read: ticketCustomsViews.read,
  },
} as const;
export const keyedView = (kind: CountScopeKind) =>
  kind === 'carrier' || kind === 'customs' ? KEYED_VIEWS[kind] : null;
