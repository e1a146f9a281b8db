/**
 * Writes and paged lists of the back office's master data (SQL only): carrier options, supplier
 * options, depots and configuration properties.
 */
import { and, asc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { contains, pageWithTotal } from './paging';
import { borderCrossings, carriers, depots, destinations, suppliers } from '../db/schema/parties';
import { configurationProperties } from '../db/schema/system';
import type { CarrierView } from '../../shared/schemas/carrier';
import type { ConfigurationView } from '../../shared/schemas/configuration';
import type { DepotFilterQuery, DepotView } from '../../shared/schemas/depot';
import {
  readSupplierOptions,
  type SupplierFilterQuery,
  type SupplierOptions,
  type SupplierView,
} from '../../shared/schemas/supplier';

// ---- carriers ----

const carrierColumns = {
  id: carriers.id,
  businessName: carriers.businessName,
  mode: carriers.mode,
  category: carriers.category,
  enabledForAlgorithm: carriers.enabledForAlgorithm,
};

export async function findCarrier(db: Tx, id: number, lock = false): Promise<CarrierView | null> {
  const query = db.select(carrierColumns).from(carriers).where(eq(carriers.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateCarrierOptions(
  db: Tx,
  id: number,
  values: { category: number; enabledForAlgorithm: boolean },
) {
  const [row] = await db.update(carriers).set(values).where(eq(carriers.id, id)).returning(carrierColumns);
  return row!;
}

// ---- suppliers ----

const supplierColumns = {
  id: suppliers.id,
  sapId: suppliers.sapId,
  businessName: suppliers.businessName,
  tradeName: suppliers.tradeName,
  city: suppliers.city,
  cellphone: suppliers.cellphone,
  createAt: suppliers.createdAt,
  options: suppliers.options,
};

type SupplierRow = Omit<SupplierView, 'createAt' | 'options'> & { createAt: Date; options: Record<string, unknown> };

const supplierView = (r: SupplierRow): SupplierView => ({
  ...r,
  createAt: r.createAt.toISOString(),
  options: readSupplierOptions(r.options),
});

export async function pageSuppliers(db: Tx, q: SupplierFilterQuery) {
  const conditions: SQL[] = [];
  if (q.businessName) conditions.push(ilike(suppliers.businessName, contains(q.businessName)));
  if (q.sapId) conditions.push(ilike(suppliers.sapId, contains(q.sapId)));
  const where = and(...conditions);
  const query = db.select(supplierColumns).from(suppliers).where(where).orderBy(asc(suppliers.id)).$dynamic();
  const { rows, total } = await pageWithTotal(db, query, suppliers, where, q);
  return { suppliers: rows.map(supplierView), count: total };
}

export async function findSupplier(db: Tx, id: number, lock = false): Promise<SupplierView | null> {
  const query = db.select(supplierColumns).from(suppliers).where(eq(suppliers.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ? supplierView(row) : null;
}

export async function updateSupplierOptions(db: Tx, id: number, options: SupplierOptions): Promise<SupplierView> {
  const [row] = await db
    .update(suppliers)
    .set({ options: { ...options } })
    .where(eq(suppliers.id, id))
    .returning(supplierColumns);
  return supplierView(row!);
}

/** The supplier's options as stored (defaults for keys never set); null for an unknown supplier. */
export async function supplierOptions(db: Tx, id: number): Promise<SupplierOptions | null> {
  const [row] = await db.select({ options: suppliers.options }).from(suppliers).where(eq(suppliers.id, id));
  return row ? readSupplierOptions(row.options) : null;
}

export async function destinationExists(db: Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: destinations.id }).from(destinations).where(eq(destinations.id, id));
  return !!row;
}

// ---- depots ----

const depotColumns = {
  id: depots.id,
  supplierId: depots.supplierId,
  supplierName: suppliers.businessName,
  name: depots.name,
  city: depots.city,
  address: depots.address,
  latitude: depots.latitude,
  longitude: depots.longitude,
  description: depots.description,
  borderCrossingId: depots.borderCrossingId,
  borderCrossingDescription: borderCrossings.description,
};

interface DepotRow {
  id: number;
  supplierId: number | null;
  supplierName: string | null;
  name: string;
  city: string;
  address: string;
  latitude: number;
  longitude: number;
  description: string | null;
  borderCrossingId: number | null;
  borderCrossingDescription: string | null;
}

const depotView = (r: DepotRow): DepotView => ({
  id: r.id,
  supplierId: r.supplierId,
  supplier: r.supplierId === null ? null : { id: r.supplierId, businessName: r.supplierName ?? '' },
  name: r.name,
  city: r.city,
  address: r.address,
  location: { type: 'Point', coordinates: [r.longitude, r.latitude] },
  description: r.description,
  borderCrossingId: r.borderCrossingId,
  borderCrossing:
    r.borderCrossingId === null ? null : { id: r.borderCrossingId, description: r.borderCrossingDescription ?? '' },
});

function depotSelect(db: Tx) {
  return db
    .select(depotColumns)
    .from(depots)
    .leftJoin(suppliers, eq(suppliers.id, depots.supplierId))
    .leftJoin(borderCrossings, eq(borderCrossings.id, depots.borderCrossingId));
}

export async function pageDepots(db: Tx, q: DepotFilterQuery) {
  const conditions: SQL[] = [];
  if (q.supplierId !== undefined) conditions.push(eq(depots.supplierId, q.supplierId));
  if (q.city) conditions.push(ilike(depots.city, contains(q.city)));
  const where = and(...conditions);
  const query = depotSelect(db).where(where).orderBy(asc(depots.id)).$dynamic();
  const { rows, total } = await pageWithTotal(db, query, depots, where, q);
  return { depots: rows.map(depotView), count: total };
}

export async function insertDepot(
  db: Tx,
  values: {
    supplierId: number;
    name: string;
    city: string;
    address: string;
    latitude: number;
    longitude: number;
    description: string | null;
    borderCrossingId: number;
  },
): Promise<DepotView> {
  const [row] = await db.insert(depots).values(values).returning({ id: depots.id });
  const [view] = await depotSelect(db).where(eq(depots.id, row!.id));
  return depotView(view!);
}

export async function supplierExists(db: Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, id));
  return !!row;
}

export async function borderCrossingExists(db: Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: borderCrossings.id }).from(borderCrossings).where(eq(borderCrossings.id, id));
  return !!row;
}

// ---- configuration properties ----

export async function findConfiguration(db: Tx, id: number, lock = false): Promise<ConfigurationView | null> {
  const query = db
    .select({ id: configurationProperties.id, key: configurationProperties.key, value: configurationProperties.value })
    .from(configurationProperties)
    .where(eq(configurationProperties.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateConfigurationValue(db: Tx, id: number, value: string): Promise<ConfigurationView> {
  const [row] = await db
    .update(configurationProperties)
    .set({ value })
    .where(eq(configurationProperties.id, id))
    .returning({
      id: configurationProperties.id,
      key: configurationProperties.key,
      value: configurationProperties.value,
    });
  return row!;
}
