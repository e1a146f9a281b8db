/**
 * Opens the database: PostgreSQL through `pg` when a URL is given, otherwise the embedded PGlite
 * (on disk under DATA_DIR/db, or in memory for tests). Both run the same drizzle migrations.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { planOnceOn } from './prepared';
import { applyReadModel } from './read-model/read-model';
import { TransactionStatementsClient } from './statement-names';
import { schema, type Schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a repository method accepts: the database or an open transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** A raw SQL runner shared by pg-boss and LISTEN/NOTIFY, whatever the driver. */
export interface RawSql {
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
  exec(text: string): Promise<void>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

export interface Database {
  db: Db;
  raw: RawSql;
  kind: 'postgres' | 'pglite';
  /** PostgreSQL's connection pools as they stand (the embedded database has one connection, no pool). */
  pools?: () => PoolState[];
  close(): Promise<void>;
}

export interface PoolState {
  name: string;
  /** Connections open, of which `idle` wait for work; `waiting`: queries waiting for a connection. */
  total: number;
  idle: number;
  waiting: number;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite's folder, or 'memory' for a database that lives only in this process. */
  dataDir?: string | 'memory';
  /** An in-memory PGlite starts as a copy of this dumped data folder (tests copy one migrated, seeded database). */
  loadDataDir?: Blob | undefined;
}

/**
 * Any number of processes may start at once on a fresh database (a deploy of several, `npm run
 * db:migrate` beside a running one): the migrations run under a session advisory lock, so one process
 * applies them while the others wait and then find nothing left to do. Without it, two processes
 * creating the same tables at once failed with duplicate keys in pg_type.
 */
const MIGRATION_LOCK = 7_283_310_401;

export async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, options: '-c jit=off' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client, casing: 'snake_case' }), { migrationsFolder });
    await applyReadModel({ exec: (text) => client.query(text), query: (text, values) => client.query(text, values) });
  } finally {
    // Closing the session releases the lock too; unlocking first lets the next process in at once.
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.url) {
    // JIT compilation off for this workload: its short indexed queries never repay the compile time
    // (PostgreSQL's cost estimate for a count over a large scope would otherwise spend 100+ ms on it).
    // Its transactions' statements are named, so each connection plans them once (db/statement-names.ts).
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      options: '-c jit=off',
      Client: TransactionStatementsClient,
    });
    // The statements of every request (authentication, home lists, counts, a ticket) keep one plan per
    // connection of their own pool, planned without their values and run without parallel workers
    // (db/prepared.ts says why).
    const plannedOncePool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      options: '-c jit=off -c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0',
    });
    // An idle connection dropped by the server (restart, admin kill) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', () => undefined);
    plannedOncePool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    await migratePostgres(opts.url);
    planOnceOn(
      db as unknown as Db,
      drizzlePg({ client: plannedOncePool, schema, casing: 'snake_case' }) as unknown as Db,
    );
    const listeners: pg.PoolClient[] = [];
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      raw: {
        query: (text, values) => pool.query(text, values as unknown[]),
        exec: async (text) => {
          await pool.query(text);
        },
        listen: async (channel, onPayload) => {
          // A dedicated connection per channel; when it drops (server restart, network), it is
          // replaced and LISTEN issued again, with a growing pause between attempts.
          let client: pg.PoolClient | undefined;
          let stopped = false;
          const attach = async (): Promise<void> => {
            const next = await pool.connect();
            next.on('notification', (msg) => {
              if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
            });
            next.on('error', () => {
              listeners.splice(listeners.indexOf(next), 1);
              next.release(true);
              if (!stopped) void reattach(250);
            });
            await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
            client = next;
            listeners.push(next);
          };
          const reattach = async (delay: number): Promise<void> => {
            await new Promise((r) => setTimeout(r, delay));
            if (stopped) return;
            await attach().catch(() => reattach(Math.min(delay * 2, 10_000)));
          };
          await attach();
          return async () => {
            stopped = true;
            if (!client) return;
            const current = client;
            await current.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
            const index = listeners.indexOf(current);
            if (index >= 0) {
              listeners.splice(index, 1);
              current.release();
            }
          };
        },
      },
      pools: () =>
        [
          ['main', pool],
          ['planned-once', plannedOncePool],
        ].map(([name, p]) => ({
          name: name as string,
          total: (p as pg.Pool).totalCount,
          idle: (p as pg.Pool).idleCount,
          waiting: (p as pg.Pool).waitingCount,
        })),
      close: async () => {
        for (const c of listeners.splice(0)) c.release(true);
        await Promise.all([pool.end(), plannedOncePool.end()]);
      },
    };
  }

  let client: PGlite;
  if (!opts.dataDir || opts.dataDir === 'memory') {
    client = await PGlite.create(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  } else {
    mkdirSync(opts.dataDir, { recursive: true });
    client = await PGlite.create(path.join(opts.dataDir, 'db'));
  }
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  await applyReadModel({ exec: (text) => client.exec(text), query: (text, values) => client.query(text, values) });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    raw: {
      // pg-boss sends multi-statement texts without parameters: those go through exec.
      query: async (text, values) => {
        if (!values || values.length === 0) {
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        return client.query(text, values);
      },
      exec: async (text) => {
        await client.exec(text);
      },
      listen: async (channel, onPayload) => {
        const unsub = await client.listen(channel, onPayload);
        return async () => unsub();
      },
    },
    close: () => client.close(),
  };
}

/** Runs raw SQL and returns its rows; both drivers answer `{rows}`. */
export async function queryRows<T>(db: Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
