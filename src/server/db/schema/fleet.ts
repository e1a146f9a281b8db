import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { carriers } from './parties';

/** A carrier's equipment register; an equipment id is unique per carrier whatever its case. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: serial().primaryKey(),
    carrierId: integer()
      .notNull()
      .references(() => carriers.id),
    equipmentId: text().notNull(),
    plate: text(),
    description: text(),
    capacityLbs: numeric({ precision: 12, scale: 2 }).notNull(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vehicles_carrier_equipment_uq').on(t.carrierId, sql`upper(${t.equipmentId})`),
    index('vehicles_carrier_idx').on(t.carrierId, t.id),
  ],
);
