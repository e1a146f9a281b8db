/**
 * The API with FILE_STORE=s3://…: documentation uploads stream into a real S3-compatible server (s3rver
 * on loopback) and come back through PUT /api/download under the same permissions as from a folder; a
 * failed or refused upload leaves nothing in the bucket. Also the S3 settings checked at start.
 */
import os from 'node:os';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { createFileStore } from '../../src/server/plugins/file-store';
import { filePart, pdf, png } from '../fixtures/files';
import {
  count,
  createTruckDocumentation,
  documentationFiles,
  insertTicket,
  truckPayload,
} from '../fixtures/portal-data';
import { startS3Server, type S3Server } from '../fixtures/s3-server';
import { bearer } from './helpers/test-app';
import { useSeededApp } from './helpers/seeded-app';

const PREFIX = 'portal/';
let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
});
const { t, ids, token } = useSeededApp(() => ({ config: { fileStore: s3.config(PREFIX) } }));

/** The object keys in the bucket, asked of the S3 server directly (not through the portal's store). */
async function bucketKeys(): Promise<string[]> {
  const config = s3.config();
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId!, secretAccessKey: config.secretAccessKey! },
  });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  client.destroy();
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

const ticketOfSupplier1 = () =>
  insertTicket(t.app.db, { supplierId: ids.midwest, carrierId: ids.rapido, originDepotId: ids.chicagoYard });

const download = (user: string, key: string) =>
  t.app.inject({ method: 'PUT', url: '/api/download', headers: bearer(token(user)), payload: { key } });

describe('documentation files in an S3 bucket', () => {
  it('should store the uploaded files in the bucket and stream them back to who may see the ticket', async () => {
    const salesInvoice = pdf(150_000);
    // A photo larger than the part of it that the image check reads back from the bucket.
    const photo = png(2_000_000);
    const files = documentationFiles(0);
    files[0] = filePart('files[]', salesInvoice, 'sales invoice.pdf', 'application/pdf');
    files.push(filePart('files[]', photo, 'yard.png', 'image/png'));
    const res = await createTruckDocumentation(
      t,
      token('supplier1'),
      truckPayload(ids, await ticketOfSupplier1()),
      files,
    );
    expect(res.statusCode).toBe(201);
    const doc = res.json().truckDocumentation;
    const key = doc.salesInvoice[0].key as string;
    expect(await bucketKeys()).toContain(`${PREFIX}${key}`);

    const got = await download('supplier1', key);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="tripID-\d+-salesInvoice-/);
    expect(got.rawPayload.equals(salesInvoice)).toBe(true);
    const photoBack = await download('carrier1', doc.photos[0].key);
    expect(photoBack.statusCode).toBe(200);
    expect(photoBack.rawPayload.equals(photo)).toBe(true);

    for (const user of ['supplier2', 'carrier2', 'customs1']) {
      const refused = await download(user, key);
      expect(refused.statusCode, user).toBe(404);
      expect(refused.body).not.toContain('%PDF');
    }
  });

  it('should answer 404 for a file whose object is gone from the bucket', async () => {
    const res = await createTruckDocumentation(t, token('supplier1'), truckPayload(ids, await ticketOfSupplier1()));
    const key = res.json().truckDocumentation.salesInvoice[0].key as string;
    await t.app.files.remove(key);
    expect((await download('supplier1', key)).statusCode).toBe(404);
  });

  it('should leave no object and no row when the request fails after the files were written', async () => {
    const before = await bucketKeys();
    const rows = await count(t.app.db, sql`select count(*)::int as n from files`);
    const res = await createTruckDocumentation(
      t,
      token('supplier1'),
      truckPayload(ids, await ticketOfSupplier1(), { destinationId: 987654 }),
    );
    expect(res.statusCode).toBe(422);
    expect(await bucketKeys()).toEqual(before);
    expect(await count(t.app.db, sql`select count(*)::int as n from files`)).toBe(rows);
  });

  it('should refuse a file over the limit with 413 and keep nothing of the request in the bucket', async () => {
    const before = await bucketKeys();
    const files = documentationFiles(1);
    files[1] = filePart('files[]', pdf(2_097_153), 'weight.pdf', 'application/pdf');
    const res = await createTruckDocumentation(
      t,
      token('supplier1'),
      truckPayload(ids, await ticketOfSupplier1()),
      files,
    );
    expect(res.statusCode).toBe(413);
    expect(await bucketKeys()).toEqual(before);
    expect(s3.pendingUploads()).toEqual([]);
  });
});

describe('S3 settings', () => {
  const load = (env: Record<string, string>) => () =>
    loadConfig({ DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(32), CAPTCHA_HMAC_KEY: 'y'.repeat(32), ...env });

  it('should read FILE_STORE=s3://bucket/prefix with the endpoint, region and keys from the environment', () => {
    expect(load(s3.env('some/prefix'))().fileStore).toEqual({
      kind: 's3',
      bucket: s3.bucket,
      prefix: 'some/prefix/',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    expect(load({ FILE_STORE: 's3://bucket', AWS_REGION: 'eu-west-1' })().fileStore).toMatchObject({
      bucket: 'bucket',
      prefix: '',
      endpoint: undefined,
      region: 'eu-west-1',
      forcePathStyle: false,
    });
    expect(load({})().fileStore).toEqual({ kind: 'local', folder: `${os.tmpdir()}/files` });
  });

  it('should stop the start with a message naming what is missing or malformed', () => {
    expect(load({ FILE_STORE: 'gs://bucket/x' })).toThrow(ConfigError);
    expect(load({ FILE_STORE: 's3://B!/x' })).toThrow('FILE_STORE must be s3://bucket/prefix');
    expect(load({ FILE_STORE: 's3://bucket' })).toThrow('AWS_REGION must be set for FILE_STORE=s3://');
    expect(load({ ...s3.env(), AWS_SECRET_ACCESS_KEY: '' })).toThrow(
      'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together',
    );
    expect(load({ ...s3.env(), S3_ENDPOINT: 'not a url' })).toThrow('S3_ENDPOINT must be a URL');
  });

  it('should name the bucket when it cannot be reached', async () => {
    const store = createFileStore({ fileStore: { ...s3.config(), bucket: 'no-such-bucket' } });
    await expect(store.check()).rejects.toThrow(
      'the bucket of FILE_STORE (s3://no-such-bucket/) cannot be reached: NotFound (HTTP 404)',
    );
  });
});
