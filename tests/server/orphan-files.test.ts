import { Readable } from 'node:stream';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ORPHAN_AGE_MS, sweepOrphanFiles } from '../../src/server/jobs/orphan-files';
import { FileTooLargeError } from '../../src/server/plugins/file-store';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const age = async (key: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  await utimes(path.join(t.app.files.root, key), when, when);
};

describe('file store and the orphan-file sweep', () => {
  it('should stream a file in, measure it and keep its first bytes', async () => {
    const stored = await t.app.files.put(Readable.from([Buffer.from('%PDF-1.4\n'), Buffer.from('rest')]), 100);
    expect(stored.size).toBe(13);
    expect(stored.head.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await t.app.files.exists(stored.key)).toBe(true);
  });

  it('should refuse a file past the limit and leave nothing behind', async () => {
    const before: string[] = [];
    for await (const o of t.app.files.list()) before.push(o.key);
    await expect(t.app.files.put(Readable.from([Buffer.alloc(101)]), 100)).rejects.toBeInstanceOf(FileTooLargeError);
    const after: string[] = [];
    for await (const o of t.app.files.list()) after.push(o.key);
    expect(after.sort()).toEqual(before.sort());
  });

  it('should remove unreferenced files older than an hour and keep young ones', async () => {
    const old = await t.app.files.put(Readable.from([Buffer.from('old orphan')]), 100);
    const young = await t.app.files.put(Readable.from([Buffer.from('young orphan')]), 100);
    await age(old.key, ORPHAN_AGE_MS + 60_000);
    // A files row nobody references, written two hours ago.
    const rowed = await t.app.files.put(Readable.from([Buffer.from('row without owner')]), 100);
    await t.database.db.execute(
      sql`insert into files (key, name, content_type, size, sha256, created_at) values (${rowed.key}, 'x.pdf', 'application/pdf', ${rowed.size}, ${rowed.sha256}, now() - interval '2 hours')`,
    );
    await age(rowed.key, 2 * ORPHAN_AGE_MS);

    const { removed } = await sweepOrphanFiles(t.app.db, t.app.files);
    expect(removed).toBe(2);
    expect(await t.app.files.exists(old.key)).toBe(false);
    expect(await t.app.files.exists(rowed.key)).toBe(false);
    expect(await t.app.files.exists(young.key)).toBe(true);
    const rows = (await t.database.db.execute(
      sql`select count(*)::int as n from files where key = ${rowed.key}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(0);
  });
});
