/**
 * Two server processes (the production entry point, each its own OS process) on one PostgreSQL database
 * and one S3 bucket serve the same users: a session made on one is accepted by the other, a file uploaded
 * through one is downloaded through the other, and a write on one reaches a live stream open on the other.
 * PostgreSQL only: the embedded PGlite belongs to one process.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-seed';
import { earliestSlot } from '../../src/shared/domain/withdrawal';
import { seedIds, truckDocumentationUpload, type SeedIds } from '../fixtures/portal-data';
import { startPortalProcess, type PortalProcess } from '../fixtures/portal-process';
import { startS3Server, type S3Server } from '../fixtures/s3-server';
import { EventStream } from './helpers/event-stream';
import { createPostgresDatabase, usePostgres } from './helpers/test-app';

describe.runIf(usePostgres)('two server processes on one PostgreSQL and one S3 bucket', () => {
  let s3: S3Server;
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  let ids: SeedIds;
  let a: PortalProcess;
  let b: PortalProcess;

  beforeAll(async () => {
    s3 = await startS3Server();
    created = await createPostgresDatabase(inject('databaseTemplates').seeded);
    database = await openDatabase({ url: created.url });
    ids = await seedIds(database.db);
    const env = {
      DATABASE_URL: created.url,
      // Every process of one portal shares these keys (src/server/README.md, "Several processes").
      JWT_SECRET: randomBytes(32).toString('hex'),
      CAPTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      ...s3.env('portal/'),
    };
    const start = () => startPortalProcess({ env, node: true, stdio: ['ignore', 'ignore', 'inherit'] });
    [a, b] = await Promise.all([start(), start()]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await created?.drop();
    await s3?.stop();
  });

  async function login(on: PortalProcess, username: string): Promise<string> {
    const res = await fetch(`${on.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: DEMO_PASSWORD }),
    });
    expect(res.status, `sign-in of ${username}`).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }

  async function call(on: PortalProcess, token: string, method: string, url: string, body: unknown) {
    const res = await fetch(`${on.base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  it('should download from one process the documentation uploaded through the other', async () => {
    const supplier = await login(a, 'supplier1');
    const { body, salesInvoice } = await truckDocumentationUpload(database.db, ids);
    const uploaded = await fetch(`${a.base}/api/trucks-documentation`, {
      method: 'POST',
      headers: { ...body.headers, authorization: `Bearer ${supplier}` },
      body: new Uint8Array(body.payload),
    });
    expect(uploaded.status).toBe(201);
    const key = ((await uploaded.json()) as { truckDocumentation: { salesInvoice: { key: string }[] } })
      .truckDocumentation.salesInvoice[0]!.key;

    // The token made by A is accepted by B; the file comes back whole, under B's permission checks.
    const download = (token: string) =>
      fetch(`${b.base}/api/download`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ key }),
      });
    const got = await download(supplier);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="tripID-\d+-salesInvoice-/);
    expect(Buffer.from(await got.arrayBuffer()).equals(salesInvoice)).toBe(true);
    expect((await download(await login(b, 'supplier2'))).status).toBe(404);
  });

  it('should bring a ticket confirmed through one process to a live stream open on the other', async () => {
    const [supplier, admin, carrier] = await Promise.all([
      login(b, 'supplier1'),
      login(a, 'admin'),
      login(a, 'carrier1'),
    ]);
    const stream = await EventStream.open(b.base, supplier);
    try {
      const created = await call(a, supplier, 'POST', '/api/tickets', {
        ticket: { count: 1, originDepotId: ids.chicagoYard },
      });
      expect(created.status).toBe(201);
      const id = (created.json.tickets as { id: number }[])[0]!.id;
      const offered = await call(a, admin, 'PUT', `/api/tickets/${id}/manual`, {
        ticket: { carrierId: ids.rapido, reason: 'two processes' },
      });
      expect(offered.status).toBe(200);
      const TZ = 360;
      const confirmed = await call(a, carrier, 'PUT', `/api/tickets/${id}/confirm`, {
        ticket: { withdrawalDate: earliestSlot(new Date(), TZ).instant.toISOString(), timezone: TZ },
      });
      expect(confirmed.status).toBe(200);
      expect(await stream.ticket((d) => d.title === 'confirmed' && d.ticketNumber === id, 15_000)).toMatchObject({
        type: 'Ticket confirmed',
        ticketNumber: id,
      });
    } finally {
      stream.close();
    }
  });
});
