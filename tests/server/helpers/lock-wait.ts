/**
 * For tests of two transactions at once on PostgreSQL: a statement sent on one connection that should
 * wait for another's lock is seen waiting in pg_stat_activity before the test lets the other commit.
 */
import type pg from 'pg';

/**
 * Polls, through `client`, until some session of its database waits on a lock, for at most `ms`; answers
 * whether one did. A statement that did not wait has already run, and the test's checks after the commits
 * show what it wrote.
 */
export async function untilLockWait(client: pg.Client, ms = 2_000): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}
