import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
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
    /** The net weight (lbs) the destination's scale recorded on arrival; null until it is entered. */
    destinationNetWeight: numeric({ precision: 12, scale: 2 }),
    createdBy: integer().references(() => users.id),
    /** Soft delete: the row stays for audit. */
    deletedAt: timestamp({ withTimezone: true }),
    deleteReason: text(),
  },
  (t) => [
    index('tickets_status_idx').on(t.status, t.createdAt),
    index('tickets_supplier_idx').on(t.supplierId, t.status),
    // A supplier's list walks its tickets newest first and stops at the page: no sort of its whole history.
    index('tickets_supplier_id_idx').on(t.supplierId, t.id),
    index('tickets_carrier_idx').on(t.carrierId, t.status),
    index('tickets_destination_idx').on(t.destinationId),
    index('tickets_origin_idx').on(t.originDepotId),
    index('tickets_created_idx').on(t.createdAt),
    // The admin's lists walk live tickets by id and keep those of the asked statuses: from this index
    // alone (no table row read per ticket skipped), so page 1000 costs a short index read.
    index('tickets_live_id_status_idx')
      .on(t.id, t.status)
      .where(sql`${t.deletedAt} is null`),
    // Status counts split by age count the live tickets of the last day per status from this index alone.
    index('tickets_live_created_status_idx')
      .on(t.createdAt, t.status)
      .where(sql`${t.deletedAt} is null`),
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
    // The service level reads each carrier's offers of the last 30 days whatever their status.
    index('ticket_assignments_carrier_created_idx').on(t.carrierId, t.createdAt),
    // The service level counts the offers of the days its windows cut through one by one.
    index('ticket_assignments_created_idx').on(t.createdAt),
  ],
);

/**
 * Which carriers see each live ticket, kept by triggers on tickets and ticket_assignments
 * (db/read-model/read-model.sql) in the same transaction as the write: a carrier sees a ticket it holds an open offer for or
 * carries (status past PENDING) — `open` — and on its /all page also one it was offered before. Keyed by
 * carrier so an index walks a carrier's tickets newest first instead of testing every ticket.
 */
export const ticketCarrierViews = pgTable(
  'ticket_carrier_views',
  {
    carrierId: integer().notNull(),
    ticketId: integer().notNull(),
    /** The ticket's status, copied so a status filter is answered from this index. */
    status: text().notNull(),
    open: boolean().notNull(),
    /** The ticket's creation time, copied so a carrier's tickets of the last day are read from this index. */
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.carrierId, t.ticketId] }),
    index('ticket_carrier_views_status_idx').on(t.carrierId, t.status, t.ticketId),
    index('ticket_carrier_views_ticket_idx').on(t.ticketId),
    index('ticket_carrier_views_open_created_idx')
      .on(t.carrierId, t.createdAt)
      .where(sql`open`),
    // A carrier's home pages read its open rows alone, from the index: walked newest first (the status
    // tested on the entry), or by status (a handful of PENDING rows among thousands carried).
    index('ticket_carrier_views_open_id_idx')
      .on(t.carrierId, t.ticketId, t.status)
      .where(sql`open`),
    index('ticket_carrier_views_open_status_idx')
      .on(t.carrierId, t.status, t.ticketId)
      .where(sql`open`),
  ],
);

/**
 * The tickets a customs agent reviews, one row per ticket: a live ticket in a status customs see
 * (TA_INVOICED, MX_TRANSIT, DELIVERED) whose provider invoice names a border crossing of that agent. Kept
 * by triggers (db/read-model/read-model.sql) on tickets, provider_invoices and border_crossings in the writing
 * transaction, so an agent's home list is walked from its own index and its counts are maintained like a
 * carrier's, instead of testing every ticket's invoice: most tickets reach customs, so at a million
 * tickets counting an agent's view read hundreds of thousands of them on every request.
 */
export const ticketCustomsViews = pgTable(
  'ticket_customs_views',
  {
    customsAgentId: integer().notNull(),
    ticketId: integer().notNull(),
    /** The ticket's status, copied so a status filter is answered from this index. */
    status: text().notNull(),
    /** The ticket's creation time, copied so an agent's tickets of the last day are read from this index. */
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** The ticket's customs read flag, copied (db/read-model/read-model.sql) so an agent's unread tickets are read and
     * counted from their own small index instead of testing every ticket of the agent. */
    read: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.customsAgentId, t.ticketId] }),
    // The unread rows alone: the customs home's "unread documentation" page and its count.
    index('ticket_customs_views_unread_idx')
      .on(t.customsAgentId, t.status, t.ticketId)
      .where(sql`not read`),
    index('ticket_customs_views_ticket_idx').on(t.ticketId),
    // Walked newest first with the status tested on the entry, or read by status.
    index('ticket_customs_views_id_idx').on(t.customsAgentId, t.ticketId, t.status),
    index('ticket_customs_views_status_idx').on(t.customsAgentId, t.status, t.ticketId),
    index('ticket_customs_views_created_idx').on(t.customsAgentId, t.createdAt),
  ],
);

/** The scopes whose counts are maintained: everyone's ('all', party 0), a supplier's, a carrier's open
 * view, a customs agent's view. */
export type CountScopeKind = 'all' | 'supplier' | 'carrier' | 'customs';
/**
 * ticket_counts also keeps, per customs agent and status, the tickets the agent has not read yet, and
 * per status the live tickets whose provider invoice awaits its payment ('unpaid', party 0).
 */
export type TicketCountScope = CountScopeKind | 'customs_unread' | 'unpaid';

/**
 * Live tickets per status and scope ('all' with party 0, 'supplier', 'carrier' for a carrier's open
 * view, 'customs' for an agent's view), kept by the same triggers. Rows are added (+1/-1), never
 * updated, so concurrent transitions do not wait on or deadlock over a shared counter row; a scope's rows
 * are summed on read and folded into one row per status when they pile up.
 */
export const ticketCounts = pgTable(
  'ticket_counts',
  {
    scope: text().$type<TicketCountScope>().notNull(),
    partyId: integer().notNull(),
    status: text().notNull(),
    n: integer().notNull(),
  },
  (t) => [index('ticket_counts_scope_idx').on(t.scope, t.partyId, t.status)],
);

/**
 * Live tickets per scope, status and UTC hour of creation, kept by triggers beside ticket_counts
 * (db/read-model/read-model.sql). The tickets of the last 24 hours of a scope are these rows for the whole hours plus
 * the tickets of the one hour the window starts inside, so that split costs about as much whatever the
 * number of tickets a day brings. Rows are added (+1/-1) and folded on read, as in ticket_counts.
 */
export const ticketHourCounts = pgTable(
  'ticket_hour_counts',
  {
    scope: text().$type<CountScopeKind>().notNull(),
    partyId: integer().notNull(),
    status: text().notNull(),
    hour: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    n: integer().notNull(),
  },
  // Every column in the key: the rows of a window are read from the index alone.
  (t) => [index('ticket_hour_counts_scope_idx').on(t.scope, t.partyId, t.hour, t.status, t.n)],
);

/**
 * Live tickets per scope, status and block of 1024 ticket ids (`id / 1024`), kept by triggers beside
 * ticket_counts (db/read-model/read-model.sql). A deep page of a list in id order starts at the block its offset falls
 * in, found by summing these rows from the first block, so page 1000 reads a few dozen rows here and at
 * most a block of tickets instead of walking the 20,000 before it. Rows are added (+1/-1) and folded on
 * read, as in ticket_counts.
 */
export const ticketBlockCounts = pgTable(
  'ticket_block_counts',
  {
    scope: text().$type<CountScopeKind>().notNull(),
    partyId: integer().notNull(),
    status: text().notNull(),
    block: integer().notNull(),
    n: integer().notNull(),
  },
  // Every column in the key: a scope's blocks are read in order from the index alone.
  (t) => [index('ticket_block_counts_scope_idx').on(t.scope, t.partyId, t.block, t.status, t.n)],
);

/**
 * Offers made to each carrier per UTC day of their creation and how many of them stand confirmed, kept by
 * a trigger on ticket_assignments (db/read-model/read-model.sql) in the same transaction as the offer's write, so the
 * service level sums about thirty rows per carrier instead of reading a month of offers. Like
 * ticket_counts, rows are added (+1/-1), never updated, and folded on read once they pile up.
 */
export const carrierOfferDays = pgTable(
  'carrier_offer_days',
  {
    carrierId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    offers: integer().notNull(),
    confirmed: integer().notNull(),
  },
  // Every column in the key: a month's rows are read from the index alone.
  (t) => [index('carrier_offer_days_day_idx').on(t.day, t.carrierId, t.offers, t.confirmed)],
);

/**
 * The offers of carrier_offer_days per UTC hour instead of day (db/read-model/read-model.sql): the service level's
 * windows start and end inside a day, and the whole hours of those cut days are read here, so only the
 * offers of the hours a window starts or ends inside are counted one by one.
 */
export const carrierOfferHours = pgTable(
  'carrier_offer_hours',
  {
    carrierId: integer().notNull(),
    hour: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    offers: integer().notNull(),
    confirmed: integer().notNull(),
  },
  // Every column in the key: the rows of a window are read from the index alone.
  (t) => [index('carrier_offer_hours_hour_idx').on(t.hour, t.carrierId, t.offers, t.confirmed)],
);

/**
 * The part of each ticket's view (TicketView) that is the ticket's own, as JSON text, written by
 * triggers (db/read-model/read-model.sql) in the same transaction as any write to the ticket, its
 * documentation summary or provider invoice. A page of views joins these rows with the parties' objects
 * (party_views) and the offers, instead of building each ticket's JSON from its rows. A row of another
 * `version` than ticket_view_version() is not read (read-model/README.md).
 */
export const ticketViewParts = pgTable('ticket_view_parts', {
  ticketId: integer()
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  /** The ticket_view_version() the row was computed by; 1 is the format before the parties were joined. */
  version: smallint().notNull().default(1),
  /** The parties the view names, joined with party_views when it is read. */
  supplierId: integer(),
  /** The ticket's carrier, which decides whether a carrier reading it sees `carrier`. */
  carrierId: integer(),
  originDepotId: integer(),
  destinationId: integer(),
  /** The members `"id"` to `"status"` of the view's JSON object, without braces. */
  head: text().notNull(),
  /** The members `"withdrawalDate"` to `"rpa"`, without braces. */
  tail: text().notNull(),
});

/**
 * Each supplier's, carrier's, yard's ('depot') and destination's object as the ticket views show it,
 * kept by triggers on those tables: a rename writes its one row, and every view that names the party
 * shows it from then on.
 */
export const partyViews = pgTable(
  'party_views',
  {
    kind: text().notNull(),
    id: integer().notNull(),
    json: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);
