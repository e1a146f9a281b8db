/**
 * The database's functions, triggers and views are those of db/read-model/read-model.sql and nothing
 * else, on a database that went through every migration (whose older ones still define their own
 * copies): the names match both ways, every function's body is the file's, and applying the file again
 * changes no definition. Later migrations define none. The customs rule rendered into the SQL agrees
 * with the TypeScript one for every status.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';
import { applyReadModel, readModelSql } from '../../src/server/db/read-model/read-model';
import { TICKET_STATUSES } from '../../src/shared/domain/ticket-status';
import { CUSTOMS_VISIBLE_STATUSES } from '../../src/shared/domain/ticket-transitions';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

/** Every function, view and trigger of the public schema, each with its full definition. */
const liveDefinitions = async () => {
  const functions = await rows<{ name: string; def: string; body: string }>(sql`
    select p.proname as name, pg_get_functiondef(p.oid) as def, p.prosrc as body from pg_proc p
    where p.pronamespace = 'public'::regnamespace order by 1`);
  const views = await rows<{ name: string; def: string }>(sql`
    select c.relname as name, pg_get_viewdef(c.oid) as def from pg_class c
    where c.relkind = 'v' and c.relnamespace = 'public'::regnamespace order by 1`);
  const triggers = await rows<{ name: string; def: string }>(sql`
    select t.tgname || ' on ' || c.relname as name, pg_get_triggerdef(t.oid) as def from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    where not t.tgisinternal and c.relnamespace = 'public'::regnamespace order by 1`);
  return { functions, views, triggers };
};

/** The names the file defines. */
const declared = (text: string) => ({
  functions: [...text.matchAll(/^CREATE FUNCTION (\w+)/gm)].map((m) => m[1]!).sort(),
  views: [...text.matchAll(/^CREATE VIEW (\w+)/gm)].map((m) => m[1]!).sort(),
  triggers: [...text.matchAll(/^CREATE TRIGGER (\w+)\s[\s\S]*?\sON (\w+)/gm)].map((m) => `${m[1]} on ${m[2]}`).sort(),
});

describe('the read model has one source', () => {
  it('should hold exactly the functions, views and triggers read-model.sql defines', async () => {
    const live = await liveDefinitions();
    const file = declared(readModelSql());
    expect(file.functions.length).toBeGreaterThan(20);
    expect(live.functions.map((f) => f.name).sort()).toEqual(file.functions);
    expect(live.views.map((v) => v.name).sort()).toEqual(file.views);
    expect(live.triggers.map((tr) => tr.name).sort()).toEqual(file.triggers);
  });

  it("should run every function with the file's body", async () => {
    const text = readModelSql();
    for (const f of (await liveDefinitions()).functions) {
      expect(text.includes(f.body), `${f.name}'s live body is not the file's`).toBe(true);
    }
  });

  it('should change no definition when the file is applied again', async () => {
    const before = await liveDefinitions();
    const raw = t.database.raw;
    expect(await applyReadModel({ exec: (text) => raw.exec(text), query: (text, v) => raw.query(text, v) })).toBe(
      false,
    );
    expect(await applyReadModel({ exec: (text) => raw.exec(text), query: (text, v) => raw.query(text, v) }, true)).toBe(
      true,
    );
    expect(await liveDefinitions()).toEqual(before);
  });

  it('should leave functions, triggers and views out of the migrations after the file took them over', () => {
    const folder = path.resolve('src/server/db/migrations');
    const later = readdirSync(folder).filter((name) => name.endsWith('.sql') && Number(name.slice(0, 4)) >= 16);
    expect(later.length).toBeGreaterThan(0);
    for (const name of later) {
      expect(readFileSync(path.join(folder, name), 'utf8'), name).not.toMatch(
        /create\s+(or\s+replace\s+)?(function|trigger|view)\b/i,
      );
    }
  });

  it('should let customs see a ticket in exactly the statuses the TypeScript rule names', async () => {
    for (const status of TICKET_STATUSES) {
      const [row] = await rows<{ sees: boolean }>(sql`select customs_see(${status}, null) as sees`);
      expect(row!.sees, status).toBe(CUSTOMS_VISIBLE_STATUSES.includes(status));
      const [deleted] = await rows<{ sees: boolean }>(sql`select customs_see(${status}, now()) as sees`);
      expect(deleted!.sees, `${status} deleted`).toBe(false);
    }
  });
});
