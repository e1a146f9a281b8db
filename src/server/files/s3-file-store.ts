/**
 * The file store in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), under an optional key prefix.
 * Uploads stream through a multipart upload that holds at most one part (5 MiB) in memory whatever the
 * file's size; a file past its limit aborts the upload, so neither an object nor stray parts are left.
 * Downloads are streamed from the bucket through the API, so the API's permission checks still decide.
 */
import type { Readable } from 'node:stream';
import { Readable as ReadableStream, pipeline } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StoreConfig } from '../config';
import { checkFileKey, isFileKey, newFileKey, ObjectMeter, type FileStore, type StoredObject } from './file-store';

/** S3's smallest part; also the most an upload holds in memory (one part at a time). */
const PART_SIZE = 5 * 1024 * 1024;

export interface S3FileStoreLog {
  warn(details: object, message: string): void;
}

export class S3FileStore implements FileStore {
  readonly client: S3Client;
  readonly bucket: string;
  /** '' or a prefix ending in '/'. */
  readonly prefix: string;

  constructor(
    config: S3StoreConfig,
    private readonly log?: S3FileStoreLog,
  ) {
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: the newer default (a CRC on every upload) is refused by many
      // S3-compatible servers, and the portal keeps its own sha256 of every file.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  get location(): string {
    return `s3://${this.bucket}/${this.prefix}`;
  }

  private objectKey(key: string): string {
    return this.prefix + checkFileKey(key);
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      throw new Error(`the bucket of FILE_STORE (${this.location}) cannot be reached: ${describe(error)}`, {
        cause: error,
      });
    }
  }

  async put(source: Readable, maxBytes: number, key = newFileKey()): Promise<StoredObject> {
    const meter = new ObjectMeter(maxBytes);
    // The callback form hands back the meter and passes a failure of the source on to it.
    const body = pipeline(source, meter, () => undefined);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.objectKey(key), Body: body },
      partSize: PART_SIZE,
      queueSize: 1,
      // Aborted below, so that the size refusal is what the caller sees even if the abort fails.
      leavePartsOnError: true,
    });
    try {
      await upload.done();
    } catch (error) {
      body.destroy();
      if (upload.uploadId) await this.abortUpload(key, upload.uploadId);
      throw meter.tooLarge ?? error;
    }
    return meter.result(key);
  }

  private async abortUpload(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.objectKey(key), UploadId: uploadId }),
      );
    } catch (error) {
      // Its parts stay until the bucket's lifecycle rule for incomplete uploads removes them.
      this.log?.warn({ key, uploadId, err: error }, 'could not abort a multipart upload');
    }
  }

  read(key: string): Readable {
    const objectKey = this.objectKey(key);
    const client = this.client;
    const bucket = this.bucket;
    // Fetched when the stream is first read; closing the stream early closes the bucket's response too.
    async function* bytes() {
      const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey }));
      yield* response.Body as Readable;
    }
    return ReadableStream.from(bytes(), { objectMode: false });
  }

  async open(key: string): Promise<Readable | null> {
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return response.Body as Readable;
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return false;
      throw error;
    }
  }

  async *list(): AsyncGenerator<{ key: string; modifiedAt: Date }> {
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: this.prefix });
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.prefix.length);
        // Only the store's own objects: anything else sharing the prefix is left alone.
        if (key && isFileKey(key) && object.LastModified) yield { key, modifiedAt: object.LastModified };
      }
    }
  }
}

function describe(error: unknown): string {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    return `${error.name}${status ? ` (HTTP ${status})` : ''}${error.message && error.message !== error.name ? `: ${error.message}` : ''}`;
  }
  return error instanceof Error ? error.message : String(error);
}
