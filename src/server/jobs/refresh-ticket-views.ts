/**
 * Rewrites, in the background, the stored ticket views a change of their definition left behind: every
 * ticket whose ticket_view_parts row is missing or of another version than ticket_view_version()
 * (db/read-model/read-model.sql). Until then lists compute those tickets' parts from their rows, so a
 * new field on the view needs no rewrite of every ticket before the server starts. Sent once at every
 * start; it walks the tickets by id, BATCH at a time, each batch its own short transaction, so ticket
 * writes meanwhile wait for at most one batch. With nothing to rewrite it reads each batch's ids and
 * versions only (about 2 s at a million tickets).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/database';

export const REFRESH_TICKET_VIEWS_JOB = 'refresh-ticket-views';
const BATCH = 500;

/** Walks every ticket; answers how many batches it looked at. */
export async function refreshTicketViews(db: Tx, batch = BATCH): Promise<{ batches: number }> {
  let after = 0;
  let batches = 0;
  for (;;) {
    const [row] = await queryRows<{ last: number | null }>(
      db,
      sql`select refresh_stale_ticket_view_parts(${after}::int, ${batch}::int) as last`,
    );
    if (row?.last == null) return { batches };
    after = Number(row.last);
    batches++;
  }
}
