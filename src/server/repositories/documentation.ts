/**
 * Truck and railcar documentation (one table, `mode` tells them apart), the purchase-order reservation it
 * holds, and the caller's view of tickets in SQL. Every function takes the database
 * or an open transaction; the documentation service runs them in one transaction per request.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TicketStatus } from '../../shared/domain/ticket-status';
import { netTonnes } from '../../shared/domain/money';
import type { DocumentationView, FileRef } from '../../shared/schemas/documentation-view';
import { queryRows, type Tx } from '../db/database';
import { documentFiles, shippingDocuments } from '../db/schema/documents';
import { events } from '../db/schema/system';
import type { EventType } from '../../shared/domain/events';
import type { LockedTicket } from './ticket-writes';
import { viewScope, type Viewer } from './ticket-scope';

export type DocumentMode = 'TRUCK' | 'RAILCAR';
export type DocumentKind = 'salesInvoice' | 'weightCertificate' | 'BL' | 'radioactiveCertificate' | 'photo';

export type { Viewer };

/**
 * The tickets the viewer may see, as a condition on `tickets` (queries here join
 * the table unaliased): the tickets API's scope, live tickets only.
 */
export function ticketScope(viewer: Viewer): SQL {
  return sql`(tickets.deleted_at is null and ${viewScope(viewer)})`;
}

export async function exists(
  db: Tx,
  table: 'destinations' | 'materials' | 'depots' | 'carriers' | 'border_crossings',
  id: number,
): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)} where id = ${id}`,
  );
  return (rows[0]?.n ?? 0) > 0;
}

export interface PurchaseOrderRow {
  id: number;
  documentNumberId: string;
  supplierId: number;
  materialId: number;
  availableQuantity: string;
}

export async function lockPurchaseOrder(db: Tx, id: number): Promise<PurchaseOrderRow | undefined> {
  const rows = await queryRows<PurchaseOrderRow>(
    db,
    sql`
    select id, document_number_id as "documentNumberId", supplier_id as "supplierId", material_id as "materialId",
      available_quantity::text as "availableQuantity"
    from purchase_orders where id = ${id} for update`,
  );
  return rows[0];
}

/** Takes `tonnes` off the order's available quantity if that much is left; false otherwise. */
export async function reserveTonnes(db: Tx, purchaseOrderId: number, tonnes: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    update purchase_orders set available_quantity = available_quantity - ${tonnes}::numeric
    where id = ${purchaseOrderId} and available_quantity >= ${tonnes}::numeric returning id`,
  );
  return rows.length === 1;
}

export async function giveBackTonnes(db: Tx, purchaseOrderId: number, tonnes: string): Promise<void> {
  await db.execute(
    sql`update purchase_orders set available_quantity = available_quantity + ${tonnes}::numeric where id = ${purchaseOrderId}`,
  );
}

export interface DocumentValues {
  destinationId: number;
  invoiceDate: string;
  invoiceNumber: string;
  invoiceAmount: string;
  grossWeight: string;
  tareWeight: string;
  carEquipment: string;
  materialId: number;
  materialDescription: string | null;
  purchaseOrderId: number | null;
  reservedTonnes: string;
  carrierId: number | null;
  depotId: number | null;
  waybill: string | null;
  comments: string | null;
}

export async function insertDocument(
  db: Tx,
  mode: DocumentMode,
  ticketId: number,
  supplierId: number,
  values: DocumentValues,
): Promise<number> {
  const [row] = await db
    .insert(shippingDocuments)
    .values({ mode, ticketId, supplierId, ...values })
    .returning({ id: shippingDocuments.id });
  return row!.id;
}

export async function updateDocument(db: Tx, id: number, values: DocumentValues): Promise<void> {
  await db
    .update(shippingDocuments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(shippingDocuments.id, id));
}

/** Stored row of a documentation with its ticket id, locked for an update. */
export interface StoredDocument extends DocumentValues {
  id: number;
  mode: DocumentMode;
  ticketId: number;
  supplierId: number;
}

/** The stored documentation; `lock` takes its row lock (after the ticket's, as the cancel does). */
export async function lockDocument(db: Tx, id: number, lock = true): Promise<StoredDocument | undefined> {
  const rows = await queryRows<StoredDocument>(
    db,
    sql`
    select id, mode, ticket_id as "ticketId", supplier_id as "supplierId", destination_id as "destinationId",
      invoice_date::text as "invoiceDate", invoice_number as "invoiceNumber", invoice_amount::text as "invoiceAmount",
      gross_weight::text as "grossWeight", tare_weight::text as "tareWeight", car_equipment as "carEquipment",
      material_id as "materialId", material_description as "materialDescription", purchase_order_id as "purchaseOrderId",
      reserved_tonnes::text as "reservedTonnes", carrier_id as "carrierId", depot_id as "depotId", waybill, comments
    from shipping_documents where id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  return rows[0];
}

export interface NewDocumentFile {
  kind: DocumentKind;
  position: number;
  fileId: string;
}

/** Attaches files; the kinds given replace the document's earlier files of those kinds. */
export async function replaceDocumentFiles(
  db: Tx,
  documentId: number,
  entries: readonly NewDocumentFile[],
): Promise<void> {
  if (entries.length === 0) return;
  const kinds = [...new Set(entries.map((e) => e.kind))];
  // The replaced files lose their last reference; the orphan sweep removes them after an hour.
  await db
    .delete(documentFiles)
    .where(and(eq(documentFiles.documentId, documentId), inArray(documentFiles.kind, kinds)));
  await db.insert(documentFiles).values(entries.map((e) => ({ documentId, ...e })));
}

export type NotificationType = Extract<EventType, 'Truck loaded' | 'Ticket invoiced' | 'Changed Customs Agent'>;

/** A notification in the transactional outbox (push message). */
export async function writeNotification(
  db: Tx,
  type: NotificationType,
  ticket: Pick<LockedTicket, 'id' | 'supplierName' | 'carrierName'>,
  title: string,
  actorId: number,
): Promise<void> {
  await db.insert(events).values({
    type,
    ticketId: ticket.id,
    payload: {
      title,
      ticketNumber: ticket.id,
      supplierName: ticket.supplierName,
      carrierName: ticket.carrierName,
      actorId,
    },
  });
}

/** A unique-key clash of PostgreSQL (code 23505), through drizzle's wrapper; returns the constraint. */
export function uniqueViolation(error: unknown): string | null {
  for (
    let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : 'unique';
    e = e.cause as typeof e;
  }
  return null;
}

export type { DocumentationView, FileRef };

type ViewRow = Omit<
  DocumentationView,
  | 'invoiceAmount'
  | 'grossWeight'
  | 'tareWeight'
  | 'netTonnes'
  | 'reservedTonnes'
  | 'material'
  | 'purchaseOrder'
  | 'destination'
  | 'ticket'
  | 'salesInvoice'
  | 'weightCertificate'
  | 'BL'
  | 'radioactiveCertificate'
  | 'photos'
> & {
  invoiceAmount: string;
  grossWeight: string;
  tareWeight: string;
  reservedTonnes: string;
  materialCode: string;
  materialName: string;
  poNumber: string | null;
  poAvailable: string | null;
  destinationName: string;
  status: string;
};

/** A documentation as the API answers it, found by its ticket or its id, within the viewer's view. */
export async function findDocumentationView(
  db: Tx,
  viewer: Viewer,
  by: { ticketId: number } | { id: number },
  mode: DocumentMode,
): Promise<DocumentationView | undefined> {
  const where = 'ticketId' in by ? sql`d.ticket_id = ${by.ticketId}` : sql`d.id = ${by.id}`;
  const rows = await queryRows<ViewRow>(
    db,
    sql`
    select d.id, d.ticket_id as "ticketId", d.mode,
      to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createAt",
      to_char(d.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt",
      d.invoice_date::text as "invoiceDate", d.invoice_number as "invoiceNumber", d.invoice_amount::text as "invoiceAmount",
      d.gross_weight::text as "grossWeight", d.tare_weight::text as "tareWeight", d.reserved_tonnes::text as "reservedTonnes",
      d.car_equipment as "carEquipment", d.material_id as "materialId", m.code as "materialCode", m.description as "materialName",
      d.material_description as "materialDescription", d.purchase_order_id as "purchaseOrderId",
      po.document_number_id as "poNumber", po.available_quantity::text as "poAvailable",
      d.destination_id as "destinationId", dest.name as "destinationName", d.carrier_id as "carrierId", d.depot_id as "depotId",
      d.waybill, d.comments, tickets.status
    from shipping_documents d
      join tickets on tickets.id = d.ticket_id
      join materials m on m.id = d.material_id
      join destinations dest on dest.id = d.destination_id
      left join purchase_orders po on po.id = d.purchase_order_id
    where ${where} and d.mode = ${mode} and ${ticketScope(viewer)}`,
  );
  const row = rows[0];
  if (!row) return undefined;
  const fileRows = await queryRows<{ kind: DocumentKind; key: string; name: string }>(
    db,
    sql`
    select df.kind, f.key, f.name from document_files df join files f on f.id = df.file_id
    where df.document_id = ${row.id} order by df.kind, df.position, df.id`,
  );
  const list = (kind: DocumentKind) => fileRows.filter((f) => f.kind === kind).map(({ key, name }) => ({ key, name }));
  const gross = Number(row.grossWeight);
  const tare = Number(row.tareWeight);
  return {
    id: row.id,
    ticketId: row.ticketId,
    mode: row.mode,
    createAt: row.createAt,
    updatedAt: row.updatedAt,
    invoiceDate: row.invoiceDate,
    invoiceNumber: row.invoiceNumber,
    invoiceAmount: Number(row.invoiceAmount),
    grossWeight: gross,
    tareWeight: tare,
    netTonnes: netTonnes(gross, tare),
    reservedTonnes: Number(row.reservedTonnes),
    carEquipment: row.carEquipment,
    materialId: row.materialId,
    material: { id: row.materialId, code: row.materialCode, description: row.materialName },
    materialDescription: row.materialDescription,
    purchaseOrderId: row.purchaseOrderId,
    purchaseOrder:
      row.purchaseOrderId !== null && row.poNumber !== null
        ? { id: row.purchaseOrderId, documentNumberId: row.poNumber, availableQuantity: Number(row.poAvailable) }
        : null,
    destinationId: row.destinationId,
    destination: { id: row.destinationId, name: row.destinationName },
    carrierId: row.carrierId,
    depotId: row.depotId,
    waybill: row.waybill,
    comments: row.comments,
    ticket: { id: row.ticketId, status: { name: row.status as TicketStatus } },
    salesInvoice: list('salesInvoice'),
    weightCertificate: list('weightCertificate'),
    BL: list('BL'),
    radioactiveCertificate: list('radioactiveCertificate'),
    photos: list('photo'),
  };
}

/** Whether the ticket exists within the viewer's view. */
export async function ticketVisible(db: Tx, viewer: Viewer, ticketId: number): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from tickets where tickets.id = ${ticketId} and ${ticketScope(viewer)}`,
  );
  return (rows[0]?.n ?? 0) > 0;
}
