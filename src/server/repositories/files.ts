/**
 * Stored-file rows and the lookup behind PUT /download: a file is found only through the ticket that
 * owns it (its documentation or its provider invoice) and only when that ticket is in the caller's view.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/database';
import { files } from '../db/schema/documents';
import { ticketScope, type Viewer } from './documentation';

export interface NewFileRow {
  key: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** Inserts file rows and returns their ids in the same order. */
export async function insertFileRows(db: Tx, rows: readonly NewFileRow[], userId: number | null): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(files)
    .values(rows.map((r) => ({ ...r, createdBy: userId })))
    .returning({ id: files.id, key: files.key });
  const byKey = new Map(inserted.map((r) => [r.key, r.id]));
  return rows.map((r) => byKey.get(r.key)!);
}

export interface DownloadableFile {
  key: string;
  name: string;
  contentType: string;
  size: number;
  ticketId: number;
  /** salesInvoice, weightCertificate, BL, radioactiveCertificate, photo, invoice or payment. */
  kind: string;
  /** 1-based position among the photos; 0 otherwise. */
  position: number;
  /** Upload day, UTC, YYYY-MM-DD. */
  day: string;
}

/** The file with this key if the viewer can see the ticket owning it. */
export async function findDownloadableFile(db: Tx, viewer: Viewer, key: string): Promise<DownloadableFile | undefined> {
  const rows = await queryRows<DownloadableFile>(
    db,
    sql`
    with owners as (
      select df.file_id, d.ticket_id, df.kind, df.position from document_files df
        join shipping_documents d on d.id = df.document_id
      union all
      select pi.invoice_file_id, pi.ticket_id, 'invoice', 0 from provider_invoices pi where pi.invoice_file_id is not null
      union all
      select pi.payment_file_id, pi.ticket_id, 'payment', 0 from provider_invoices pi where pi.payment_file_id is not null
    )
    select f.key, f.name, f.content_type as "contentType", f.size::float8 as size, o.ticket_id as "ticketId",
      o.kind, o.position, to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD') as day
    from files f
      join owners o on o.file_id = f.id
      join tickets on tickets.id = o.ticket_id
    where f.key = ${key} and ${ticketScope(viewer)}
    limit 1`,
  );
  const row = rows[0];
  return row ? { ...row, size: Number(row.size) } : undefined;
}
