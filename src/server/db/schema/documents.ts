import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  bigint,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts';
import { borderCrossings, carriers, depots, destinations, materials, purchaseOrders, suppliers } from './parties';
import { tickets } from './tickets';

/** A stored file. `key` is the opaque random name in the file store. */
export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey().defaultRandom(),
    key: text().notNull().unique(),
    name: text().notNull(),
    contentType: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_created_idx').on(t.createdAt)],
);

/**
 * Truck and railcar documentation share one table (`mode` tells them apart) so that an invoice number
 * is unique per supplier across both; the API still exposes them as two resources.
 */
export const shippingDocuments = pgTable(
  'shipping_documents',
  {
    id: serial().primaryKey(),
    mode: text().$type<'TRUCK' | 'RAILCAR'>().notNull(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id),
    carrierId: integer().references(() => carriers.id),
    depotId: integer().references(() => depots.id),
    destinationId: integer()
      .notNull()
      .references(() => destinations.id),
    invoiceDate: date().notNull(),
    invoiceNumber: text().notNull(),
    invoiceAmount: numeric({ precision: 14, scale: 2 }).notNull(),
    grossWeight: numeric({ precision: 12, scale: 2 }).notNull(),
    tareWeight: numeric({ precision: 12, scale: 2 }).notNull(),
    carEquipment: text().notNull(),
    materialId: integer()
      .notNull()
      .references(() => materials.id),
    materialDescription: text(),
    purchaseOrderId: integer().references(() => purchaseOrders.id),
    /** Tonnes reserved against the purchase order, so update and cancel can give them back. */
    reservedTonnes: numeric({ precision: 12, scale: 3 }).notNull().default('0'),
    waybill: text(),
    comments: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipping_documents_ticket_uq').on(t.ticketId),
    uniqueIndex('shipping_documents_supplier_invoice_uq').on(t.supplierId, t.invoiceNumber),
    index('shipping_documents_equipment_idx').on(t.carEquipment),
  ],
);

/** Files of a documentation: kind is salesInvoice, weightCertificate, BL, radioactiveCertificate or photo. */
export const documentFiles = pgTable(
  'document_files',
  {
    id: serial().primaryKey(),
    documentId: integer()
      .notNull()
      .references(() => shippingDocuments.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    position: integer().notNull().default(0),
    fileId: uuid()
      .notNull()
      .references(() => files.id),
  },
  (t) => [index('document_files_document_idx').on(t.documentId), index('document_files_file_idx').on(t.fileId)],
);

export const rpas = pgTable('rpas', {
  id: serial().primaryKey(),
  from: timestamp({ withTimezone: true }).notNull(),
  to: timestamp({ withTimezone: true }).notNull(),
  invoiceQty: integer().notNull(),
  createdBy: integer().references(() => users.id),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Provider (TA) invoice: one per ticket. */
export const providerInvoices = pgTable(
  'provider_invoices',
  {
    id: serial().primaryKey(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id),
    number: text().notNull(),
    date: date().notNull(),
    borderCrossingId: integer()
      .notNull()
      .references(() => borderCrossings.id),
    invoiceFileId: uuid().references(() => files.id),
    sapValidationStatus: text().notNull().default('pending'),
    rpaId: integer().references(() => rpas.id),
    paymentNumber: text(),
    paymentDate: date(),
    paymentFileId: uuid().references(() => files.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_invoices_ticket_uq').on(t.ticketId),
    uniqueIndex('provider_invoices_number_uq').on(t.number),
    index('provider_invoices_crossing_idx').on(t.borderCrossingId),
    index('provider_invoices_rpa_idx').on(t.rpaId, t.createdAt),
    // The admin's 'waiting for a payment voucher' count and list start from the few unpaid invoices
    // instead of probing every invoiced ticket of a million.
    index('provider_invoices_unpaid_idx')
      .on(t.ticketId)
      .where(sql`${t.paymentDate} is null`),
  ],
);
