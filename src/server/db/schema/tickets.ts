import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { carriers, depots, destinations, suppliers } from './parties';

export const tickets = pgTable(
  'tickets',
  {
    id: serial().primaryKey(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    status: text().notNull().default('PENDING'),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id),
    /** The carrier currently offered or carrying the ticket; null while no carrier is eligible. */
    carrierId: integer().references(() => carriers.id),
    originDepotId: integer()
      .notNull()
      .references(() => depots.id),
    destinationId: integer().references(() => destinations.id),
    withdrawalDate: timestamp({ withTimezone: true }),
    /** JavaScript getTimezoneOffset() of the accepting carrier's device (minutes, positive west). */
    withdrawalTimezone: integer(),
    comments: text(),
    customsRead: boolean().notNull().default(false),
    createdBy: integer().references(() => users.id),
    /** Soft delete: the row stays for audit. */
    deletedAt: timestamp({ withTimezone: true }),
    deleteReason: text(),
  },
  (t) => [
    index('tickets_status_idx').on(t.status, t.createdAt),
    index('tickets_supplier_idx').on(t.supplierId, t.status),
    index('tickets_carrier_idx').on(t.carrierId, t.status),
    index('tickets_destination_idx').on(t.destinationId),
    index('tickets_origin_idx').on(t.originDepotId),
    index('tickets_created_idx').on(t.createdAt),
  ],
);

/** One offer of a ticket to one carrier (allocation). */
export const ticketAssignments = pgTable(
  'ticket_assignments',
  {
    id: serial().primaryKey(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id),
    carrierId: integer()
      .notNull()
      .references(() => carriers.id),
    status: text().notNull().default('PENDING'),
    reason: text(),
    manual: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('ticket_assignments_ticket_idx').on(t.ticketId),
    index('ticket_assignments_carrier_idx').on(t.carrierId, t.status, t.createdAt),
  ],
);
