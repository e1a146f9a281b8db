/**
 * The statements of a write transaction reach PostgreSQL as named statements (db/statement-names.ts):
 * each connection parses and plans a text once and runs it again by name. Read from the server itself
 * (pg_prepared_statements of the connection). PostgreSQL only: the embedded database has no pool.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Database } from '../../src/server/db/database';
import { users } from '../../src/server/db/schema/accounts';
import { StatementNamer, TransactionStatementsClient } from '../../src/server/db/statement-names';
import { createPostgresDatabase, usePostgres } from './helpers/test-app';

interface Prepared {
  name: string;
  statement: string;
  generic_plans: number;
  custom_plans: number;
}

const preparedOn = async (client: pg.ClientBase, like: string) =>
  (
    await client.query<Prepared>(
      'select name, statement, generic_plans::int, custom_plans::int from pg_prepared_statements where statement like $1',
      [like],
    )
  ).rows;

describe('statement names', () => {
  it('should give a text the same name every time and another text another name', () => {
    const namer = new StatementNamer(10);
    const a = namer.name('select $1::int');
    expect(a).toMatch(/^tx_/);
    expect(namer.name('select $1::int')).toBe(a);
    expect(namer.name('select $1::int + 1')).not.toBe(a);
    // PostgreSQL keeps 63 bytes of a name.
    expect(a!.length).toBeLessThanOrEqual(63);
  });

  it('should name no more than its bound of texts, and still the ones it named', () => {
    const namer = new StatementNamer(2);
    const first = namer.name('select 1 where $1');
    expect(namer.name('select 2 where $1')).toBeDefined();
    expect(namer.name('select 3 where $1')).toBeUndefined();
    expect(namer.name('select 1 where $1')).toBe(first);
  });
});

describe.runIf(usePostgres)('named statements on PostgreSQL', () => {
  let fresh: { url: string; drop: () => Promise<void> };
  let client: TransactionStatementsClient;
  beforeAll(async () => {
    fresh = await createPostgresDatabase('template0');
    client = new TransactionStatementsClient({ connectionString: fresh.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await fresh?.drop();
  });

  it("should name a transaction's statements with parameters, and parse and plan each once", async () => {
    for (let i = 0; i < 7; i++) {
      await client.query('begin');
      const { rows } = await client.query<{ n: number }>({ text: 'select $1::int * 2 as n /* in a transaction */' }, [
        i,
      ]);
      expect(rows[0]!.n).toBe(i * 2);
      await client.query('commit');
    }
    const [named, ...more] = await preparedOn(client, '%in a transaction%');
    expect(more).toEqual([]);
    expect(named!.name).toMatch(/^tx_/);
    // Seven runs of one statement: PostgreSQL planned it for its values five times, then once for all.
    expect(named!.custom_plans + named!.generic_plans).toBe(7);
    expect(named!.generic_plans).toBeGreaterThan(0);
  });

  it('should leave statements outside a transaction, and ones without parameters, unnamed', async () => {
    await client.query({ text: 'select $1::int as n /* outside */' }, [1]);
    await client.query('begin');
    await client.query({ text: 'select 1 as n /* no parameters */' });
    await client.query('rollback');
    await client.query({ text: 'select $1::int as n /* after the rollback */' }, [1]);
    expect(await preparedOn(client, '%outside%')).toEqual([]);
    expect(await preparedOn(client, '%no parameters%')).toEqual([]);
    expect(await preparedOn(client, '%after the rollback%')).toEqual([]);
  });

  it('should still be inside the transaction after a rollback to a savepoint', async () => {
    await client.query('begin');
    await client.query('savepoint s1');
    await client.query('rollback to savepoint s1');
    await client.query({ text: 'select $1::int as n /* after the savepoint */' }, [1]);
    await client.query('commit');
    expect(await preparedOn(client, '%after the savepoint%')).toHaveLength(1);
  });

  it("should name the statements of the portal's own transactions", async () => {
    let database: Database | undefined;
    try {
      database = await openDatabase({ url: fresh.url });
      const db = database.db;
      const seen = await db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.username, 'nobody'));
        return queryRows<{ statement: string }>(
          tx,
          sql`select statement from pg_prepared_statements where statement like ${'%from "users"%'} and name like 'tx_%'`,
        );
      });
      expect(seen.map((row) => row.statement)).toEqual([expect.stringContaining('where "users"."username" = $1')]);
    } finally {
      await database?.close();
    }
  });
});
