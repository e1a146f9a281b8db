/**
 * What every paged list of the back office shares: one page of rows in a stable order and the number of
 * rows the same filter matches (the pager's total), fetched side by side; and the ILIKE pattern of a
 * 'contains' text filter.
 */
import type { SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/database';

/** `%text%` for ILIKE, with the pattern characters of the text itself (%, _ and \) taken literally. */
export const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface Paging {
  /** 1-based. */
  page: number;
  limit: number;
}

/**
 * Page `paging` of `query` (a `$dynamic()` select already filtered by `where` and ordered) and the count of
 * `table`'s rows matching `where`.
 */
export async function pageWithTotal<Q extends PgSelect>(
  db: Tx,
  query: Q,
  table: PgTable,
  where: SQL | undefined,
  paging: Paging,
): Promise<{ rows: Q['_']['result']; total: number }> {
  const [rows, total] = await Promise.all([
    query.limit(paging.limit).offset((paging.page - 1) * paging.limit),
    db.$count(table, where),
  ]);
  return { rows, total };
}
