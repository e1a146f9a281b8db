/**
 * What every file store offers (a local folder, an S3-compatible bucket): objects named by opaque random
 * keys, written by streaming with a size limit and read back as streams, never held whole in memory.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  sha256: string;
  /** The first bytes, for magic-byte checks. */
  head: Buffer;
}

export class FileTooLargeError extends Error {}

export interface FileStore {
  /** Where the objects live, for logs and messages (a folder, or s3://bucket/prefix). */
  readonly location: string;
  /** Fails with a message naming the store when it cannot be used (checked at start). */
  check(): Promise<void>;
  /**
   * Streams `source` into a new object; rejects with FileTooLargeError past `maxBytes`, leaving no object.
   * `key`: the object's key when it has one already (a restore puts each object back under its own);
   * otherwise a new one.
   */
  put(source: Readable, maxBytes: number, key?: string): Promise<StoredObject>;
  /** The object's bytes as a stream (fetched as the stream is read). */
  read(key: string): Readable;
  /**
   * The object's bytes, already fetched, or null when there is no such object: one request to the store,
   * so an object removed after a check cannot turn an answer into a failure halfway.
   */
  open(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every object key with its modification time (for the orphan sweep). */
  list(): AsyncGenerator<{ key: string; modifiedAt: Date }>;
}

const KEY = /^[a-z0-9]{2}\/[a-z0-9]{30,64}$/;

export function isFileKey(key: string): boolean {
  return KEY.test(key);
}

/** Refuses anything but a key this store made, so a key can never name a path or object elsewhere. */
export function checkFileKey(key: string): string {
  if (!isFileKey(key)) throw new Error('Bad file key');
  return key;
}

/** A new random key, sharded by its first two characters. */
export function newFileKey(): string {
  const id = randomBytes(20).toString('hex');
  return `${id.slice(0, 2)}/${id}`;
}

/**
 * Passes the bytes through while measuring them: size, sha256 and the first 16 bytes. Past `maxBytes` it
 * fails with FileTooLargeError (kept in `tooLarge`, so a store can tell the refusal from its own clean-up
 * errors).
 */
export class ObjectMeter extends Transform {
  // Not `size`: upload helpers take a body's `size` for its length, which is not known until the end.
  bytes = 0;
  tooLarge: FileTooLargeError | undefined;
  private readonly hasher = createHash('sha256');
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      this.tooLarge = new FileTooLargeError(`File larger than ${this.maxBytes} bytes`);
      return done(this.tooLarge);
    }
    if (this.headLength < 16) {
      const part = chunk.subarray(0, 16 - this.headLength);
      this.headChunks.push(part);
      this.headLength += part.length;
    }
    this.hasher.update(chunk);
    done(null, chunk);
  }

  result(key: string): StoredObject {
    return { key, size: this.bytes, sha256: this.hasher.digest('hex'), head: Buffer.concat(this.headChunks) };
  }
}
