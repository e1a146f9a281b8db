import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/database';
import { usePostgres } from './helpers/test-app';

describe.runIf(usePostgres)('LISTEN on PostgreSQL', () => {
  it('should keep receiving notifications after its connection is killed', async () => {
    const database = await openDatabase({ url: process.env.DATABASE_URL! });
    const received: string[] = [];
    const stop = await database.raw.listen('portal_listen_test', (payload) => received.push(payload));
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`select pg_notify('portal_listen_test', 'before')`);
      await expect.poll(() => received).toContain('before');
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN "portal_listen_test"%' and pid <> pg_backend_pid()`,
      );
      // Notify until the replacement connection listens again.
      await expect
        .poll(
          async () => {
            await admin.query(`select pg_notify('portal_listen_test', 'after')`);
            return received.includes('after');
          },
          { interval: 300 },
        )
        .toBe(true);
    } finally {
      await stop();
      await admin.end();
      await database.close();
    }
  });
});
