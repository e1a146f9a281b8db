/**
 * Accounting batches (RPA) and the provider invoices they hold. The open period is not a row: it runs
 * from the last batch's end plus one second (or the first start) to now and holds every provider
 * invoice not yet in a batch.
 */
import { sql, type SQL } from 'drizzle-orm';
import { RPA_FIRST_START } from '../../shared/schemas/rpa';
import { queryRows, type Tx } from '../db/database';

const iso = (column: SQL) => sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface RpaRow {
  id: number;
  from: string;
  to: string;
  invoiceQty: number;
}

export interface OpenPeriod {
  from: string;
  invoiceQty: number;
}

/** Serialises RPA creation across processes: held until the transaction ends. */
export async function lockRpaCreation(db: Tx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('rpa:create'))`);
}

export async function findOpenPeriod(db: Tx): Promise<OpenPeriod> {
  const rows = await queryRows<{ from: string | null; invoiceQty: number }>(
    db,
    sql`
    select (select ${iso(sql`max("to") + interval '1 second'`)} from rpas) as "from",
      (select count(*)::int from provider_invoices where rpa_id is null) as "invoiceQty"`,
  );
  return { from: rows[0]?.from ?? RPA_FIRST_START, invoiceQty: rows[0]?.invoiceQty ?? 0 };
}

export interface RpaFilter {
  rpaId?: number | undefined;
  /** YYYY-MM-DD: batches whose period touches that UTC day. */
  date?: string | undefined;
  offset: number;
  limit: number;
}

function rpaConditions(f: RpaFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.rpaId !== undefined) parts.push(sql`id = ${f.rpaId}`);
  if (f.date) {
    parts.push(
      sql`"from" < (${f.date}::date + 1)::timestamp at time zone 'UTC' and "to" >= ${f.date}::date::timestamp at time zone 'UTC'`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** Closed batches, newest first. */
export async function listRpas(db: Tx, f: RpaFilter): Promise<{ rows: RpaRow[]; count: number }> {
  const where = rpaConditions(f);
  const rows = await queryRows<RpaRow>(
    db,
    sql`
    select id, ${iso(sql`"from"`)} as "from", ${iso(sql`"to"`)} as "to", invoice_qty as "invoiceQty"
    from rpas where ${where} order by id desc limit ${f.limit} offset ${f.offset}`,
  );
  const counted = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from rpas where ${where}`);
  return { rows, count: counted[0]?.n ?? 0 };
}

export async function findRpa(db: Tx, id: number): Promise<RpaRow | undefined> {
  const rows = await queryRows<RpaRow>(
    db,
    sql`
    select id, ${iso(sql`"from"`)} as "from", ${iso(sql`"to"`)} as "to", invoice_qty as "invoiceQty" from rpas where id = ${id}`,
  );
  return rows[0];
}

/**
 * Closes the open period at `to` (the database clock, whole seconds, never before `from`) with every
 * provider invoice not yet in a batch; answers the new batch.
 */
export async function insertRpaWithInvoices(db: Tx, from: string, userId: number): Promise<RpaRow> {
  const [rpa] = await queryRows<{ id: number }>(
    db,
    sql`
    insert into rpas ("from", "to", invoice_qty, created_by)
    values (${from}::timestamptz, greatest(date_trunc('second', now()), ${from}::timestamptz), 0, ${userId})
    returning id`,
  );
  const id = rpa!.id;
  const attached = await queryRows<{ n: number }>(
    db,
    sql`
    with moved as (update provider_invoices set rpa_id = ${id}, updated_at = now() where rpa_id is null returning 1)
    select count(*)::int as n from moved`,
  );
  await db.execute(sql`update rpas set invoice_qty = ${attached[0]?.n ?? 0} where id = ${id}`);
  return (await findRpa(db, id))!;
}

/** One row of the ERP export: a provider invoice of the batch with its ticket's documentation. */
export interface RpaExportRow {
  invoiceId: number;
  ticketId: number;
  supplierSapId: string | null;
  supplierName: string;
  carrierName: string | null;
  carrierMode: string | null;
  materialCode: string | null;
  materialDescription: string | null;
  purchaseOrder: string | null;
  grossWeight: string | null;
  tareWeight: string | null;
  netWeight: string | null;
  supplierInvoiceNumber: string | null;
  supplierInvoiceDate: string | null;
  supplierInvoiceAmount: string | null;
  invoiceNumber: string;
  invoiceDate: string;
  sapValidationStatus: string;
  borderCrossing: string;
  customsAgent: string | null;
  destination: string | null;
  paymentNumber: string | null;
  paymentDate: string | null;
}

/** A page of the batch's invoices after `afterId` (keyset paging keeps every page as cheap as the first). */
export async function exportRowsAfter(db: Tx, rpaId: number, afterId: number, limit: number): Promise<RpaExportRow[]> {
  return queryRows<RpaExportRow>(
    db,
    sql`
    select pi.id as "invoiceId", pi.ticket_id as "ticketId", s.sap_id as "supplierSapId", s.business_name as "supplierName",
      c.business_name as "carrierName", c.mode as "carrierMode", m.code as "materialCode",
      coalesce(sd.material_description, m.description) as "materialDescription", po.document_number_id as "purchaseOrder",
      sd.gross_weight::text as "grossWeight", sd.tare_weight::text as "tareWeight",
      (sd.gross_weight - sd.tare_weight)::text as "netWeight",
      sd.invoice_number as "supplierInvoiceNumber", sd.invoice_date::text as "supplierInvoiceDate",
      sd.invoice_amount::text as "supplierInvoiceAmount",
      pi.number as "invoiceNumber", pi.date::text as "invoiceDate", pi.sap_validation_status as "sapValidationStatus",
      bc.description as "borderCrossing", ca.trade_name as "customsAgent", d.name as destination,
      pi.payment_number as "paymentNumber", pi.payment_date::text as "paymentDate"
    from provider_invoices pi
      join tickets t on t.id = pi.ticket_id
      join suppliers s on s.id = t.supplier_id
      left join carriers c on c.id = t.carrier_id
      left join shipping_documents sd on sd.ticket_id = t.id
      left join materials m on m.id = sd.material_id
      left join purchase_orders po on po.id = sd.purchase_order_id
      left join destinations d on d.id = coalesce(sd.destination_id, t.destination_id)
      join border_crossings bc on bc.id = pi.border_crossing_id
      left join customs_agents ca on ca.id = bc.customs_agent_id
    where pi.rpa_id = ${rpaId} and pi.id > ${afterId}
    order by pi.id
    limit ${limit}`,
  );
}

/** A provider-invoice PDF of the batch, as the zip names and reads it. */
export interface RpaInvoiceFile {
  invoiceId: number;
  ticketId: number;
  key: string;
  name: string;
  contentType: string;
  size: number;
  day: string;
}

export async function invoiceFilesAfter(
  db: Tx,
  rpaId: number,
  afterId: number,
  limit: number,
): Promise<RpaInvoiceFile[]> {
  const rows = await queryRows<RpaInvoiceFile>(
    db,
    sql`
    select pi.id as "invoiceId", pi.ticket_id as "ticketId", f.key, f.name, f.content_type as "contentType",
      f.size::float8 as size, to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD') as day
    from provider_invoices pi join files f on f.id = pi.invoice_file_id
    where pi.rpa_id = ${rpaId} and pi.id > ${afterId}
    order by pi.id
    limit ${limit}`,
  );
  return rows.map((r) => ({ ...r, size: Number(r.size) }));
}

/** Sum of the batch's invoice file sizes and their count (the zip's size hint). */
export async function invoiceFilesTotal(db: Tx, rpaId: number): Promise<{ files: number; bytes: number }> {
  const rows = await queryRows<{ files: number; bytes: number }>(
    db,
    sql`
    select count(*)::int as files, coalesce(sum(f.size), 0)::float8 as bytes
    from provider_invoices pi join files f on f.id = pi.invoice_file_id where pi.rpa_id = ${rpaId}`,
  );
  return { files: rows[0]?.files ?? 0, bytes: Number(rows[0]?.bytes ?? 0) };
}
