/**
 * The file store: a local folder (DATA_DIR/files by default). Objects are named by opaque random keys and
 * written by streaming, never held whole in memory.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fp from 'fastify-plugin';
import type { Config } from '../config';

export interface StoredObject {
  key: string;
  size: number;
  sha256: string;
  /** The first bytes, for magic-byte checks. */
  head: Buffer;
}

export class FileTooLargeError extends Error {}

export class LocalFileStore {
  constructor(readonly root: string) {}

  private pathOf(key: string) {
    if (!/^[a-z0-9]{2}\/[a-z0-9]{30,64}$/.test(key)) throw new Error('Bad file key');
    return path.join(this.root, key);
  }

  newKey(): string {
    const id = randomBytes(20).toString('hex');
    return `${id.slice(0, 2)}/${id}`;
  }

  /** Streams `source` into a new object; rejects (and removes the partial file) past `maxBytes`. */
  async put(source: Readable, maxBytes: number): Promise<StoredObject> {
    const key = this.newKey();
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const hasher = createHash('sha256');
    let size = 0;
    const headChunks: Buffer[] = [];
    let headLength = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new FileTooLargeError(`File larger than ${maxBytes} bytes`));
        if (headLength < 16) {
          headChunks.push(chunk.subarray(0, 16 - headLength));
          headLength += Math.min(chunk.length, 16 - headLength);
        }
        hasher.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, createWriteStream(file, { flags: 'wx' }));
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    return { key, size, sha256: hasher.digest('hex'), head: Buffer.concat(headChunks) };
  }

  read(key: string): Readable {
    return createReadStream(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  /** Every object key with its modification time (for the orphan sweep). */
  async *list(): AsyncGenerator<{ key: string; modifiedAt: Date }> {
    const shards = await readdir(this.root).catch(() => [] as string[]);
    for (const shard of shards) {
      if (!/^[a-z0-9]{2}$/.test(shard)) continue;
      for (const name of await readdir(path.join(this.root, shard)).catch(() => [] as string[])) {
        const key = `${shard}/${name}`;
        const info = await stat(path.join(this.root, key)).catch(() => undefined);
        if (info?.isFile()) yield { key, modifiedAt: info.mtime };
      }
    }
  }
}

/** The store the configuration names: the folder DATA_DIR/files. */
export function createFileStore(config: Pick<Config, 'dataDir'>): LocalFileStore {
  return new LocalFileStore(path.join(config.dataDir, 'files'));
}

declare module 'fastify' {
  interface FastifyInstance {
    files: LocalFileStore;
  }
}

/** The file store as a named plugin: decorates `files`. */
export const fileStorePlugin = fp(
  async (app) => {
    app.decorate('files', createFileStore(app.config));
  },
  { name: 'file-store' },
);
