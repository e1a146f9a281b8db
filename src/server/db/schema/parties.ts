import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const customsAgents = pgTable('customs_agents', {
  id: serial().primaryKey(),
  businessName: text().notNull(),
  tradeName: text().notNull(),
});

export const borderCrossings = pgTable(
  'border_crossings',
  {
    id: serial().primaryKey(),
    description: text().notNull(),
    customsAgentId: integer().references(() => customsAgents.id),
  },
  (t) => [index('border_crossings_agent_idx').on(t.customsAgentId)],
);

export const suppliers = pgTable('suppliers', {
  id: serial().primaryKey(),
  sapId: text(),
  businessName: text().notNull(),
  tradeName: text(),
  city: text(),
  cellphone: text(),
  /** Supplier options edited through PUT /suppliers/{id}; the spec does not show their fields. */
  options: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A supplier's yard (origin) or a destination depot; location is a point (latitude, longitude). */
export const depots = pgTable(
  'depots',
  {
    id: serial().primaryKey(),
    supplierId: integer().references(() => suppliers.id),
    name: text().notNull(),
    city: text().notNull(),
    address: text().notNull(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    description: text(),
    borderCrossingId: integer().references(() => borderCrossings.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('depots_supplier_idx').on(t.supplierId),
    // One yard per supplier, city and address, whatever the case or surrounding blanks.
    uniqueIndex('depots_supplier_city_address_uq').on(
      t.supplierId,
      sql`lower(trim(${t.city}))`,
      sql`lower(trim(${t.address}))`,
    ),
  ],
);

export const destinations = pgTable('destinations', {
  id: serial().primaryKey(),
  name: text().notNull(),
});

export const carriers = pgTable('carriers', {
  id: serial().primaryKey(),
  businessName: text().notNull(),
  mode: text().$type<'TRUCK' | 'RAILCAR'>().notNull(),
  category: integer().notNull().default(1),
  enabledForAlgorithm: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const contracts = pgTable(
  'contracts',
  {
    id: serial().primaryKey(),
    carrierId: integer()
      .notNull()
      .references(() => carriers.id),
    description: text().notNull(),
    price: numeric({ precision: 14, scale: 2 }).notNull(),
    from: date().notNull(),
    to: date().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contracts_carrier_idx').on(t.carrierId, t.from, t.to)],
);

export const materials = pgTable('materials', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  description: text().notNull(),
});

/** Purchase orders come from the ERP (SAP) by import; quantities in metric tonnes. */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial().primaryKey(),
    documentNumberId: text().notNull().unique(),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id),
    materialId: integer()
      .notNull()
      .references(() => materials.id),
    earlyDeliveryDate: date().notNull(),
    quantity: numeric({ precision: 12, scale: 3 }).notNull(),
    availableQuantity: numeric({ precision: 12, scale: 3 }).notNull(),
  },
  (t) => [index('purchase_orders_supplier_material_idx').on(t.supplierId, t.materialId)],
);
