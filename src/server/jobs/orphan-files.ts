/**
 * Removes stored files that no row references an hour after they were written:
 * an upload writes the file first and the rows in one transaction, so a failed request can leave a
 * file behind but never a row without its file.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/database';
import type { FileStore } from '../files/file-store';

export const ORPHAN_FILES_JOB = 'orphan-files';
export const ORPHAN_AGE_MS = 60 * 60 * 1000;

export async function sweepOrphanFiles(db: Db, store: FileStore, now = new Date()): Promise<{ removed: number }> {
  const cutoff = new Date(now.getTime() - ORPHAN_AGE_MS);
  // File rows that nothing points at any more.
  const stale = await queryRows<{ id: string; key: string }>(
    db,
    sql`
    select f.id, f.key from files f
    where f.created_at < ${cutoff.toISOString()}
      and not exists (select 1 from document_files d where d.file_id = f.id)
      and not exists (select 1 from provider_invoices p where p.invoice_file_id = f.id or p.payment_file_id = f.id)
    limit 1000`,
  );
  let removed = 0;
  for (const row of stale) {
    await db.execute(sql`delete from files where id = ${row.id}`);
    await store.remove(row.key);
    removed++;
  }
  // Objects written by a request that never committed its row.
  const known = new Set((await queryRows<{ key: string }>(db, sql`select key from files`)).map((r) => r.key));
  for await (const object of store.list()) {
    if (object.modifiedAt < cutoff && !known.has(object.key)) {
      await store.remove(object.key);
      removed++;
    }
  }
  return { removed };
}
