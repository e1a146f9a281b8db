/** The file store in a local folder (DATA_DIR/files by default): one file per object, sharded in sub-folders. */
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkFileKey, newFileKey, ObjectMeter, type FileStore, type StoredObject } from './file-store';

/**
 * Uploaded documents (invoices, weights, photos) are for the portal's users, not for every account on
 * the host: folders 700 and files 600, as the keys and the mail are (mkdir and open apply the umask on
 * top, which can only take more away).
 */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

export class LocalFileStore implements FileStore {
  constructor(readonly root: string) {}

  get location(): string {
    return this.root;
  }

  private pathOf(key: string) {
    return path.join(this.root, checkFileKey(key));
  }

  async check(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true, mode: FOLDER_MODE });
      await access(this.root, constants.W_OK);
    } catch (error) {
      throw new Error(`the file folder ${this.root} cannot be written: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  async put(source: Readable, maxBytes: number, key = newFileKey()): Promise<StoredObject> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true, mode: FOLDER_MODE });
    const meter = new ObjectMeter(maxBytes);
    try {
      await pipeline(source, meter, createWriteStream(file, { flags: 'wx', mode: FILE_MODE }));
    } catch (error) {
      await rm(file, { force: true });
      throw meter.tooLarge ?? error;
    }
    return meter.result(key);
  }

  read(key: string): Readable {
    return createReadStream(this.pathOf(key));
  }

  async open(key: string): Promise<Readable | null> {
    const handle = await open(this.pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    return handle ? handle.createReadStream() : null;
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
