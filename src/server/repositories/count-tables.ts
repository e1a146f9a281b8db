/**
 * The count tables the read model's triggers keep (db/read-model/read-model.sql). A write adds +1/-1
 * rows and never updates one, so concurrent writes never wait on a shared row; reads sum the rows of a
 * key. The fold-counts job folds the rows of each key that has piled up more than one into a single row,
 * so a read sums about one row per key plus the rows written since the last fold. Reads never fold:
 * a GET writes nothing.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/database';

/** Each count table's key columns, and the columns summed per key. */
const COUNT_TABLES = {
  ticket_counts: { keys: ['scope', 'party_id', 'status'], sums: ['n'] },
  ticket_hour_counts: { keys: ['scope', 'party_id', 'status', 'hour'], sums: ['n'] },
  carrier_offer_days: { keys: ['carrier_id', 'day'], sums: ['offers', 'confirmed'] },
  carrier_offer_hours: { keys: ['carrier_id', 'hour'], sums: ['offers', 'confirmed'] },
  ticket_block_counts: { keys: ['scope', 'party_id', 'status', 'block'], sums: ['n'] },
} as const;

/**
 * Folds, in every count table, the rows of each key that has more than one into one row with their sums;
 * answers how many rows went. One statement a table: rows other transactions add meanwhile are not in its
 * snapshot and stay as they are, and a fold running twice at once folds each row once (the second waits
 * on the rows the first deletes, then skips them).
 */
export async function foldCountTables(db: Tx): Promise<{ removed: number }> {
  let removed = 0;
  for (const [table, { keys, sums }] of Object.entries(COUNT_TABLES)) {
    const list = (names: readonly string[]) => sql.raw(names.join(', '));
    const rows = await queryRows<{ n: number }>(
      db,
      sql`with piled as (
          select ${list(keys)} from ${sql.raw(table)} group by ${list(keys)} having count(*) > 1
        ), folded as (
          delete from ${sql.raw(table)} where (${list(keys)}) in (select * from piled)
          returning ${list([...keys, ...sums])}
        ), kept as (
          insert into ${sql.raw(table)} (${list([...keys, ...sums])})
          select ${list(keys)}, ${list(sums.map((column) => `sum(${column})`))} from folded group by ${list(keys)}
          returning 1
        )
        select ((select count(*) from folded) - (select count(*) from kept))::int as n`,
    );
    removed += Number(rows[0]?.n ?? 0);
  }
  return { removed };
}
