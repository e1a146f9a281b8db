/**
 * Applies read-model.sql, the one source of the database's functions, triggers and views, after the
 * migrations: when the rendered text's hash differs from the one recorded in read_model_source, every
 * function, view and trigger of the public schema is dropped and the file is run, all in one
 * transaction. Nothing defined by an older migration or an older copy of the file outlives it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CUSTOMS_VISIBLE_STATUSES } from '../../../shared/domain/ticket-transitions';

const sourcePath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'read-model.sql');

const quoted = (values: readonly string[]) => values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');

/** The file with its placeholders filled from the TypeScript rules they stand for. */
export function readModelSql(): string {
  return readFileSync(sourcePath, 'utf8').replaceAll(':customs_visible_statuses', quoted(CUSTOMS_VISIBLE_STATUSES));
}

export const readModelHash = (text = readModelSql()) => createHash('sha256').update(text).digest('hex');

/**
 * Drops every function, view and trigger of the public schema (those of extensions excepted): all of
 * them are the read model's.
 */
export const DROP_READ_MODEL = `DO $drop$
DECLARE r record;
BEGIN
  FOR r IN SELECT t.tgname, c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace LOOP
    EXECUTE format('DROP TRIGGER %I ON public.%I', r.tgname, r.relname);
  END LOOP;
  -- By name, with IF EXISTS: dropping a view drops those built on it before the loop reaches them.
  FOR r IN SELECT c.relname FROM pg_class c WHERE c.relkind = 'v' AND c.relnamespace = 'public'::regnamespace LOOP
    EXECUTE format('DROP VIEW IF EXISTS public.%I CASCADE', r.relname);
  END LOOP;
  FOR r IN SELECT p.proname, pg_get_function_identity_arguments(p.oid) AS args FROM pg_proc p
      WHERE p.pronamespace = 'public'::regnamespace
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e') LOOP
    EXECUTE format('DROP FUNCTION IF EXISTS public.%I(%s) CASCADE', r.proname, r.args);
  END LOOP;
END $drop$`;

/** What the applier needs of a connection: one that runs a multi-statement text, and one query. */
export interface SqlRunner {
  exec(text: string): Promise<unknown>;
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Brings the live definitions to the file's, if they are not already; answers whether it did. The caller
 * holds the migrations' lock (PostgreSQL) so that processes starting together apply it once.
 */
export async function applyReadModel(run: SqlRunner, force = false): Promise<boolean> {
  const text = readModelSql();
  const hash = readModelHash(text);
  const { rows } = await run.query('select hash from read_model_source where id = 1');
  if (!force && (rows[0] as { hash: string } | undefined)?.hash === hash) return false;
  await run.exec('BEGIN');
  try {
    await run.exec(DROP_READ_MODEL);
    await run.exec(text);
    await run.query(
      `insert into read_model_source (id, hash, applied_at) values (1, $1, now())
       on conflict (id) do update set hash = excluded.hash, applied_at = excluded.applied_at`,
      [hash],
    );
    await run.exec('COMMIT');
  } catch (error) {
    await run.exec('ROLLBACK');
    throw error;
  }
  return true;
}
