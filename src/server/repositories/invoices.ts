/** Provider (TA) invoices: one per ticket, with its file, the ERP validation, its RPA and the payment voucher. */
import { eq, sql } from 'drizzle-orm';
import type { SapValidationStatus } from '../../shared/schemas/invoice';
import { queryRows, type Tx } from '../db/database';
import { providerInvoices } from '../db/schema/documents';
import { ticketScope, type Viewer } from './documentation';
import type { FileRef, InvoiceView } from '../../shared/schemas/documentation-view';

export type { InvoiceView };

interface InvoiceRow {
  id: number;
  ticketId: number;
  number: string;
  date: string;
  borderCrossingId: number;
  crossingDescription: string;
  agentId: number | null;
  agentTradeName: string | null;
  invoiceKey: string | null;
  invoiceName: string | null;
  sapValidationStatus: SapValidationStatus;
  rpaId: number | null;
  paymentNumber: string | null;
  paymentDate: string | null;
  paymentKey: string | null;
  paymentName: string | null;
  createAt: string;
}

const fileRef = (key: string | null, name: string | null): FileRef | null => (key && name ? { key, name } : null);

/** Provider invoices within the viewer's view, by ticket or by id. */
export async function findInvoiceViews(
  db: Tx,
  viewer: Viewer,
  by: { ticketId: number } | { id: number },
): Promise<InvoiceView[]> {
  const where = 'ticketId' in by ? sql`pi.ticket_id = ${by.ticketId}` : sql`pi.id = ${by.id}`;
  const rows = await queryRows<InvoiceRow>(
    db,
    sql`
    select pi.id, pi.ticket_id as "ticketId", pi.number, pi.date::text as date, pi.border_crossing_id as "borderCrossingId",
      bc.description as "crossingDescription", ca.id as "agentId", ca.trade_name as "agentTradeName",
      fi.key as "invoiceKey", fi.name as "invoiceName", pi.sap_validation_status as "sapValidationStatus", pi.rpa_id as "rpaId",
      pi.payment_number as "paymentNumber", pi.payment_date::text as "paymentDate", fp.key as "paymentKey", fp.name as "paymentName",
      to_char(pi.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createAt"
    from provider_invoices pi
      join tickets on tickets.id = pi.ticket_id
      join border_crossings bc on bc.id = pi.border_crossing_id
      left join customs_agents ca on ca.id = bc.customs_agent_id
      left join files fi on fi.id = pi.invoice_file_id
      left join files fp on fp.id = pi.payment_file_id
    where ${where} and ${ticketScope(viewer)}
    order by pi.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    ticketId: r.ticketId,
    number: r.number,
    date: r.date,
    borderCrossingId: r.borderCrossingId,
    borderCrossing: {
      id: r.borderCrossingId,
      description: r.crossingDescription,
      customsAgent: r.agentId !== null ? { id: r.agentId, tradeName: r.agentTradeName ?? '' } : null,
    },
    invoiceFile: fileRef(r.invoiceKey, r.invoiceName),
    sapValidationStatus: r.sapValidationStatus,
    rpaId: r.rpaId,
    rpa: r.rpaId !== null ? { id: r.rpaId } : null,
    paymentNumber: r.paymentNumber,
    paymentDate: r.paymentDate,
    paymentFile: fileRef(r.paymentKey, r.paymentName),
    createAt: r.createAt,
  }));
}

export interface StoredInvoice {
  id: number;
  ticketId: number;
  number: string;
  date: string;
  borderCrossingId: number;
  rpaId: number | null;
  invoiceFileId: string | null;
}

export async function lockInvoice(db: Tx, id: number, lock = true): Promise<StoredInvoice | undefined> {
  const rows = await queryRows<StoredInvoice>(
    db,
    sql`
    select id, ticket_id as "ticketId", number, date::text as date, border_crossing_id as "borderCrossingId", rpa_id as "rpaId",
      invoice_file_id as "invoiceFileId"
    from provider_invoices where id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  return rows[0];
}

export async function insertInvoice(
  db: Tx,
  values: { ticketId: number; number: string; date: string; borderCrossingId: number; invoiceFileId: string },
): Promise<number> {
  const [row] = await db.insert(providerInvoices).values(values).returning({ id: providerInvoices.id });
  return row!.id;
}

export async function updateInvoice(
  db: Tx,
  id: number,
  values: Partial<{
    number: string;
    date: string;
    borderCrossingId: number;
    invoiceFileId: string;
    sapValidationStatus: SapValidationStatus;
    paymentNumber: string;
    paymentDate: string;
    paymentFileId: string;
  }>,
): Promise<void> {
  await db
    .update(providerInvoices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(providerInvoices.id, id));
}

/** The new border crossing's agent has not read the ticket yet. */
export async function markCustomsUnread(db: Tx, ticketId: number): Promise<void> {
  await db.execute(sql`update tickets set customs_read = false, updated_at = now() where id = ${ticketId}`);
}
