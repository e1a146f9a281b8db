/**
 * Named statements for the requests every screen makes (authentication, the home lists, their counts, a
 * ticket's view), prepared once per connection and planned once.
 *
 * PostgreSQL re-plans a named statement on every execution while it judges a plan made for the actual
 * values cheaper than one made for any value. For the ticket views that planning costs about twice the
 * execution (0.7 ms against 0.3 ms at a million tickets), on every request. The statements that go
 * through `prepared` have plans that do not depend on their values (a party's id, a page offset, a set
 * of statuses walked along the same index), so on PostgreSQL they run on a pool of their own whose
 * connections keep one generic plan per statement (plan_cache_mode=force_generic_plan) and run it
 * without parallel workers (a parallel plan for an unknown LIMIT only adds processes on a busy server).
 * Every other query keeps PostgreSQL's per-value planning on the main pool: a search for a text or a
 * date range does need its values to be planned well.
 *
 * In a transaction the statement is prepared on the transaction's own connection, planned as usual;
 * the embedded PGlite (one connection) plans as usual too.
 */
import type { Db, Tx } from './database';

const plannedOnceHandles = new WeakMap<object, Db>();

/** Routes the statements `prepared` builds on `db` to `plannedOnce` (the generic-plan pool). */
export function planOnceOn(db: Db, plannedOnce: Db): void {
  plannedOnceHandles.set(db, plannedOnce);
}

const statementsByHandle = new WeakMap<object, Map<string, unknown>>();

/**
 * The statement called `name`, built once per database handle by `build` on the handle it will run on
 * (drizzle then skips rebuilding its SQL; pg parses it once per connection). `plan`: 'once' runs it on
 * the generic-plan pool; 'per-value' keeps it on `db`, for a statement whose best plan depends on a
 * value (a home page read by status: a handful of PENDING tickets or thousands of DELIVERED ones).
 */
export function prepared<T>(db: Tx, name: string, build: (db: Tx) => T, plan: 'once' | 'per-value' = 'once'): T {
  const handle: Tx = (plan === 'once' ? plannedOnceHandles.get(db) : undefined) ?? db;
  let byName = statementsByHandle.get(handle);
  if (!byName) {
    byName = new Map();
    statementsByHandle.set(handle, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(handle);
    byName.set(name, statement);
  }
  return statement;
}
