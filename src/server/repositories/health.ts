import { sql } from 'drizzle-orm';
import type { Tx } from '../db/database';

/** Answers once the database takes queries (after the migrations ran). */
export async function pingDatabase(db: Tx): Promise<void> {
  await db.execute(sql`select 1`);
}
