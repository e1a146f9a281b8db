/**
 * One contract, two stores: the local folder and an S3-compatible bucket (a real s3rver on loopback).
 * Each runs the same tests through the app's own store, the orphan sweep included.
 */
import { createHash, randomBytes } from 'node:crypto';
import { stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStoreConfig } from '../../src/server/config';
import { FileTooLargeError } from '../../src/server/files/file-store';
import type { LocalFileStore } from '../../src/server/files/local-file-store';
import { ORPHAN_AGE_MS, sweepOrphanFiles } from '../../src/server/jobs/orphan-files';
import { startS3Server, type S3Server } from '../fixtures/s3-server';
import { createTestApp, type TestApp } from './helpers/test-app';

const MiB = 1024 * 1024;

/** `size` pseudo-random bytes in 64 KiB chunks, made as they are read; `sha256` is known once read. */
function generated(size: number): { stream: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  let digest = '';
  async function* chunks() {
    for (let left = size; left > 0; left -= 64 * 1024) {
      const chunk = randomBytes(Math.min(left, 64 * 1024));
      hash.update(chunk);
      yield chunk;
    }
    digest = hash.digest('hex');
  }
  return { stream: Readable.from(chunks(), { objectMode: false }), sha256: () => digest };
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

interface StoreKind {
  name: string;
  start(): Promise<{
    config?: FileStoreConfig;
    age(t: TestApp, key: string, ms: number): Promise<void>;
    pendingUploads(): string[];
    stop(): Promise<void>;
  }>;
}

const kinds: StoreKind[] = [
  {
    name: 'the local folder',
    start: async () => ({
      age: async (t, key, ms) => {
        const when = new Date(Date.now() - ms);
        await utimes(path.join((t.app.files as LocalFileStore).root, key), when, when);
      },
      pendingUploads: () => [],
      stop: async () => undefined,
    }),
  },
  {
    name: 'an S3 bucket (s3rver)',
    start: async () => {
      const s3: S3Server = await startS3Server();
      return {
        config: s3.config('portal/files/'),
        age: (_t, key, ms) => s3.age(`portal/files/${key}`, ms),
        pendingUploads: () => s3.pendingUploads(),
        stop: () => s3.stop(),
      };
    },
  },
];

describe.each(kinds)('file store in $name', (kind) => {
  let t: TestApp;
  let store: Awaited<ReturnType<StoreKind['start']>>;
  beforeAll(async () => {
    store = await kind.start();
    t = await createTestApp({ seed: false, config: store.config ? { fileStore: store.config } : {} });
  });
  afterAll(async () => {
    await t?.close();
    await store?.stop();
  });

  const keys = async () => {
    const found: string[] = [];
    for await (const object of t.app.files.list()) found.push(object.key);
    return found.sort();
  };

  it('should stream a file in, measure it, keep its first bytes and give the same bytes back', async () => {
    const stored = await t.app.files.put(Readable.from([Buffer.from('%PDF-1.4\n'), Buffer.from('rest')]), 100);
    expect(stored.size).toBe(13);
    expect(stored.head.subarray(0, 5).toString()).toBe('%PDF-');
    expect(stored.sha256).toBe(createHash('sha256').update('%PDF-1.4\nrest').digest('hex'));
    expect(await t.app.files.exists(stored.key)).toBe(true);
    expect(await keys()).toContain(stored.key);
    const back: Buffer[] = [];
    for await (const chunk of t.app.files.read(stored.key)) back.push(chunk as Buffer);
    expect(Buffer.concat(back).toString()).toBe('%PDF-1.4\nrest');
  });

  it.runIf(kind.name === 'the local folder')(
    'should keep a stored file readable by the portal alone (600, in folders of 700)',
    async () => {
      const root = (t.app.files as LocalFileStore).root;
      const stored = await t.app.files.put(Readable.from([Buffer.from('%PDF-1.4\n')]), 100);
      const file = path.join(root, stored.key);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      for (let folder = path.dirname(file); folder.startsWith(root); folder = path.dirname(folder)) {
        expect({ folder, mode: (await stat(folder)).mode & 0o777 }).toEqual({ folder, mode: 0o700 });
        if (folder === root) break;
      }
    },
  );

  it('should store a file larger than one upload part and read the same bytes back', async () => {
    const source = generated(11 * MiB);
    const stored = await t.app.files.put(source.stream, 12 * MiB);
    expect(stored.size).toBe(11 * MiB);
    expect(stored.sha256).toBe(source.sha256());
    expect(await sha256Of(t.app.files.read(stored.key))).toBe(source.sha256());
    expect(store.pendingUploads()).toEqual([]);
  });

  it('should refuse a small file past the limit and leave nothing behind', async () => {
    const before = await keys();
    await expect(t.app.files.put(Readable.from([Buffer.alloc(101)]), 100)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await keys()).toEqual(before);
  });

  it('should refuse a file that passes the limit after several upload parts, with no object or part left', async () => {
    const before = await keys();
    await expect(t.app.files.put(generated(13 * MiB).stream, 12 * MiB)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await keys()).toEqual(before);
    expect(store.pendingUploads()).toEqual([]);
  });

  it('should remove an object and say it no longer exists', async () => {
    const stored = await t.app.files.put(Readable.from([Buffer.from('to remove')]), 100);
    const opened = await t.app.files.open(stored.key);
    const bytes: Buffer[] = [];
    for await (const chunk of opened!) bytes.push(chunk as Buffer);
    expect(Buffer.concat(bytes).toString()).toBe('to remove');
    await t.app.files.remove(stored.key);
    expect(await t.app.files.exists(stored.key)).toBe(false);
    expect(await t.app.files.open(stored.key)).toBeNull();
    expect(await keys()).not.toContain(stored.key);
    // Removing it again is not an error.
    await t.app.files.remove(stored.key);
  });

  it('should let the orphan sweep remove unreferenced files older than an hour and keep young ones', async () => {
    const old = await t.app.files.put(Readable.from([Buffer.from('old orphan')]), 100);
    const young = await t.app.files.put(Readable.from([Buffer.from('young orphan')]), 100);
    await store.age(t, old.key, ORPHAN_AGE_MS + 60_000);
    // A files row nobody references, written two hours ago.
    const rowed = await t.app.files.put(Readable.from([Buffer.from('row without owner')]), 100);
    await t.database.db.execute(
      sql`insert into files (key, name, content_type, size, sha256, created_at) values (${rowed.key}, 'x.pdf', 'application/pdf', ${rowed.size}, ${rowed.sha256}, now() - interval '2 hours')`,
    );
    await store.age(t, rowed.key, 2 * ORPHAN_AGE_MS);
    // A file with a young row is kept however old the object looks.
    const kept = await t.app.files.put(Readable.from([Buffer.from('row of now')]), 100);
    await t.database.db.execute(
      sql`insert into files (key, name, content_type, size, sha256) values (${kept.key}, 'y.pdf', 'application/pdf', ${kept.size}, ${kept.sha256})`,
    );
    await store.age(t, kept.key, 2 * ORPHAN_AGE_MS);

    const { removed } = await sweepOrphanFiles(t.app.db, t.app.files);
    expect(await t.app.files.exists(old.key)).toBe(false);
    expect(await t.app.files.exists(rowed.key)).toBe(false);
    expect(await t.app.files.exists(young.key)).toBe(true);
    expect(await t.app.files.exists(kept.key)).toBe(true);
    expect(removed).toBe(2);
    const rows = (await t.database.db.execute(
      sql`select count(*)::int as n from files where key = ${rowed.key}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(0);
  });
});
