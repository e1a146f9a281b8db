/**
 * Read-only master data the ticket filters and forms need. Scoped to the caller where visibility rules apply: a
 * supplier sees only its own supplier and yards; a customs agent's "own" border crossings are those of
 * its agent.
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { pageWithTotal } from './paging';
import { borderCrossings, carriers, customsAgents, depots, destinations, suppliers } from '../db/schema/parties';
import { configurationProperties } from '../db/schema/system';
import type { Viewer } from './ticket-scope';

const isAdmin = (viewer: Viewer) => viewer.roles.includes('ADMIN') || viewer.roles.includes('ADMINRO');
/** A user who is a supplier and nothing wider sees only its own supplier's rows. */
const supplierOnly = (viewer: Viewer) => !isAdmin(viewer) && viewer.roles.includes('SUPPLIER');

export async function listDestinations(db: Tx) {
  return db.select({ id: destinations.id, name: destinations.name }).from(destinations).orderBy(asc(destinations.id));
}

const carrierColumns = {
  id: carriers.id,
  businessName: carriers.businessName,
  mode: carriers.mode,
  category: carriers.category,
  enabledForAlgorithm: carriers.enabledForAlgorithm,
};

export async function listCarriers(db: Tx, filter: { modes?: readonly ('TRUCK' | 'RAILCAR')[] } = {}) {
  const where = filter.modes?.length ? inArray(carriers.mode, [...filter.modes]) : undefined;
  return db.select(carrierColumns).from(carriers).where(where).orderBy(asc(carriers.id));
}

export async function pageCarriers(
  db: Tx,
  filter: { modes?: readonly ('TRUCK' | 'RAILCAR')[]; page: number; limit: number },
) {
  const where = filter.modes?.length ? inArray(carriers.mode, [...filter.modes]) : undefined;
  const query = db.select(carrierColumns).from(carriers).where(where).orderBy(asc(carriers.id)).$dynamic();
  const { rows, total } = await pageWithTotal(db, query, carriers, where, filter);
  return { carriers: rows, count: total };
}

/**
 * Suppliers. Carriers and customs agents get names and cities only: a supplier's phone number and its
 * ERP id serve the admins (and the supplier itself), nobody who merely moves or clears its loads.
 */
export async function listSuppliers(db: Tx, viewer: Viewer) {
  const where = supplierOnly(viewer) ? eq(suppliers.id, viewer.supplierId ?? -1) : undefined;
  const base = {
    id: suppliers.id,
    businessName: suppliers.businessName,
    tradeName: suppliers.tradeName,
    city: suppliers.city,
    createAt: suppliers.createdAt,
  };
  if (!isAdmin(viewer) && !viewer.roles.includes('SUPPLIER')) {
    return db.select(base).from(suppliers).where(where).orderBy(asc(suppliers.id));
  }
  return db
    .select({ ...base, sapId: suppliers.sapId, cellphone: suppliers.cellphone })
    .from(suppliers)
    .where(where)
    .orderBy(asc(suppliers.id));
}

/**
 * Yards. `mine`: the caller's own (a supplier's yards, a customs agent's crossings' yards, all for the
 * others); otherwise every yard, except that a supplier still sees only its own.
 */
export async function listDepots(db: Tx, viewer: Viewer, mine: boolean) {
  const conditions: SQL[] = [];
  if (supplierOnly(viewer)) conditions.push(eq(depots.supplierId, viewer.supplierId ?? -1));
  else if (mine && !isAdmin(viewer) && viewer.roles.includes('CUSTOMS')) {
    conditions.push(eq(borderCrossings.customsAgentId, viewer.customsAgentId ?? -1));
  }
  const rows = await db
    .select({
      id: depots.id,
      supplierId: depots.supplierId,
      name: depots.name,
      city: depots.city,
      address: depots.address,
      latitude: depots.latitude,
      longitude: depots.longitude,
      description: depots.description,
      borderCrossingId: depots.borderCrossingId,
    })
    .from(depots)
    .leftJoin(borderCrossings, eq(borderCrossings.id, depots.borderCrossingId))
    .where(and(...conditions))
    .orderBy(asc(depots.id));
  return rows.map(({ latitude, longitude, ...depot }) => ({
    ...depot,
    location: { type: 'Point' as const, coordinates: [longitude, latitude] as [number, number] },
  }));
}

/** Border crossings; `mine` limits a customs agent to its own. */
export async function listBorderCrossings(db: Tx, viewer: Viewer, mine: boolean) {
  const onlyAgent = mine && !isAdmin(viewer) && viewer.roles.includes('CUSTOMS');
  const rows = await db
    .select({
      id: borderCrossings.id,
      description: borderCrossings.description,
      agentId: customsAgents.id,
      tradeName: customsAgents.tradeName,
      businessName: customsAgents.businessName,
    })
    .from(borderCrossings)
    .leftJoin(customsAgents, eq(customsAgents.id, borderCrossings.customsAgentId))
    .where(onlyAgent ? eq(borderCrossings.customsAgentId, viewer.customsAgentId ?? -1) : undefined)
    .orderBy(asc(borderCrossings.id));
  return rows.map((r) => ({
    id: r.id,
    description: r.description,
    customsAgent: r.agentId === null ? null : { id: r.agentId, tradeName: r.tradeName, businessName: r.businessName },
  }));
}

export async function listConfigurations(db: Tx) {
  return db
    .select({ id: configurationProperties.id, key: configurationProperties.key, value: configurationProperties.value })
    .from(configurationProperties)
    .orderBy(asc(configurationProperties.id));
}

/** A numeric configuration property, or `fallback` when it is missing or not a number. */
export async function configurationNumber(db: Tx, key: string, fallback: number): Promise<number> {
  const [row] = await db
    .select({ value: configurationProperties.value })
    .from(configurationProperties)
    .where(eq(configurationProperties.key, key));
  const value = row ? Number(row.value) : Number.NaN;
  return Number.isFinite(value) ? value : fallback;
}
