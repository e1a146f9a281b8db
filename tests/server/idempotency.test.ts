import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { cleanupIdempotencyKeys } from '../../src/server/jobs/idempotency-cleanup';
import { claimIdempotencyKey, findIdempotencyKey } from '../../src/server/repositories/idempotency';
import { earliestSlot } from '../../src/shared/domain/withdrawal';
import { jsonPart, multipart, pdf, png, type Part } from '../fixtures/files';
import { count, documentationFiles, insertTicket, truckPayload } from '../fixtures/portal-data';
import { bearer } from './helpers/test-app';
import { useSeededApp } from './helpers/seeded-app';

const TZ = 360;
const { t, ids, token } = useSeededApp();

const call = (user: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, key?: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token(user)), ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  });

const newTickets = (key?: string, count = 1, user = 'supplier1') =>
  call(user, 'POST', '/api/tickets', { ticket: { count, originDepotId: ids.chicagoYard } }, key);

const ticketTotal = () => count(t.app.db, sql`select count(*)::int as n from tickets`);

/** A PENDING ticket of supplier1 offered to carrier1 (Rápido). */
async function pendingForCarrier1(): Promise<number> {
  const created = await newTickets();
  const id = created.json().tickets[0].id as number;
  const res = await call('admin', 'PUT', `/api/tickets/${id}/manual`, {
    ticket: { carrierId: ids.rapido, reason: 'test setup' },
  });
  expect(res.statusCode).toBe(200);
  return id;
}

const confirmBody = () => ({
  ticket: { withdrawalDate: earliestSlot(new Date(), TZ).instant.toISOString(), timezone: TZ },
});

describe('Idempotency-Key on POST /api/tickets', () => {
  it('should create the tickets once and answer the stored 201 body to a replay', async () => {
    const key = randomUUID();
    const before = await ticketTotal();
    const first = await newTickets(key, 2);
    const again = await newTickets(key, 2);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await ticketTotal()).toBe(before + 2);
  });

  it('should answer 422 when the key comes back with another body', async () => {
    const key = randomUUID();
    expect((await newTickets(key, 1)).statusCode).toBe(201);
    const before = await ticketTotal();
    const res = await newTickets(key, 3);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Idempotency-Key reused with a different request');
    expect(await ticketTotal()).toBe(before);
  });

  it('should apply one effect when parallel requests share a key', async () => {
    const key = randomUUID();
    const before = await ticketTotal();
    const answers = await Promise.all(Array.from({ length: 5 }, () => newTickets(key, 1)));
    const created = answers.filter((r) => r.statusCode === 201);
    const busy = answers.filter((r) => r.statusCode === 409);
    expect(created.length + busy.length).toBe(5);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of created) expect(r.json()).toEqual(created[0]!.json());
    for (const r of busy) expect(r.json().message).toBe('A request with this Idempotency-Key is still in progress');
    expect(await ticketTotal()).toBe(before + 1);
  });

  it('should answer 409 while a request with the key is still in progress', async () => {
    const key = randomUUID();
    const supplier1 = await t.login('supplier1');
    const userId = Number(JSON.parse(Buffer.from(supplier1.split('.')[1]!, 'base64url').toString()).sub);
    expect(await claimIdempotencyKey(t.app.db, userId, key, 'another-request')).toBe(true);
    const res = await newTickets(key);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A request with this Idempotency-Key is still in progress');
    expect(res.json().code).toBe('idempotency_in_progress');
  });

  it('should release the key after a 5xx so that the retry runs', async () => {
    const key = randomUUID();
    const before = await ticketTotal();
    // Every audit insert fails until the constraint is dropped: the request answers 500 and rolls back.
    await t.app.db.execute(sql`alter table audit_log add constraint audit_blocked check (false) not valid`);
    let failed;
    try {
      failed = await newTickets(key, 1);
    } finally {
      await t.app.db.execute(sql`alter table audit_log drop constraint audit_blocked`);
    }
    expect(failed.statusCode).toBe(500);
    expect(await ticketTotal()).toBe(before);
    const retry = await newTickets(key, 1);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await ticketTotal()).toBe(before + 1);
  });

  it('should behave as before without the header: every request has its effect', async () => {
    const before = await ticketTotal();
    expect((await newTickets(undefined, 1)).statusCode).toBe(201);
    expect((await newTickets(undefined, 1)).statusCode).toBe(201);
    expect(await ticketTotal()).toBe(before + 2);
  });

  it("should keep each user's keys apart", async () => {
    const key = randomUUID();
    const before = await ticketTotal();
    expect((await newTickets(key, 1, 'supplier1')).statusCode).toBe(201);
    const theirs = await call(
      'supplier2',
      'POST',
      '/api/tickets',
      { ticket: { count: 1, originDepotId: ids.sanAntonioYard } },
      key,
    );
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await ticketTotal()).toBe(before + 2);
  });

  it('should answer 400 for a key that is not 1 to 255 visible characters', async () => {
    const res = await newTickets('x'.repeat(256));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid Idempotency-Key');
  });

  it('should run the request again once the key is older than 24 h, and the cleanup job removes it', async () => {
    const key = randomUUID();
    expect((await newTickets(key, 1)).statusCode).toBe(201);
    await t.app.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`,
    );
    const before = await ticketTotal();
    const again = await newTickets(key, 2);
    expect(again.statusCode).toBe(201);
    expect(await ticketTotal()).toBe(before + 2);
    await t.app.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`,
    );
    expect((await cleanupIdempotencyKeys(t.app.db)).removed).toBeGreaterThanOrEqual(1);
    expect(await count(t.app.db, sql`select count(*)::int as n from idempotency_keys where key = ${key}`)).toBe(0);
  });
});

describe('Idempotency-Key on PUT /api/tickets/{id}/confirm', () => {
  it('should answer the same 200 body to a replay and confirm once', async () => {
    const id = await pendingForCarrier1();
    const key = randomUUID();
    const body = confirmBody();
    const first = await call('carrier1', 'PUT', `/api/tickets/${id}/confirm`, body, key);
    expect(first.statusCode).toBe(200);
    // The answer was lost on the way back: the outbox sends the same request again.
    const again = await call('carrier1', 'PUT', `/api/tickets/${id}/confirm`, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.json().ticket.status.name).toBe('CONFIRMED');
    expect(
      await count(
        t.app.db,
        sql`select count(*)::int as n from audit_log where entity_id = ${String(id)} and action = 'confirm'`,
      ),
    ).toBe(1);
    expect(
      await count(
        t.app.db,
        sql`select count(*)::int as n from events where ticket_id = ${id} and type = 'Ticket confirmed'`,
      ),
    ).toBe(1);
  });

  it('should answer 422 for the same key on another ticket', async () => {
    const key = randomUUID();
    const body = confirmBody();
    const a = await pendingForCarrier1();
    const b = await pendingForCarrier1();
    expect((await call('carrier1', 'PUT', `/api/tickets/${a}/confirm`, body, key)).statusCode).toBe(200);
    const res = await call('carrier1', 'PUT', `/api/tickets/${b}/confirm`, body, key);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Idempotency-Key reused with a different request');
  });

  it('should store a refusal and replay it as it was', async () => {
    const id = await pendingForCarrier1();
    const key = randomUUID();
    const body = { ticket: { withdrawalDate: new Date(Date.now() - 3600_000).toISOString(), timezone: TZ } };
    const first = await call('carrier1', 'PUT', `/api/tickets/${id}/confirm`, body, key);
    expect(first.statusCode).toBe(422);
    const again = await call('carrier1', 'PUT', `/api/tickets/${id}/confirm`, body, key);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
  });
});

describe('Idempotency-Key on multipart POST /api/trucks-documentation', () => {
  const send = (parts: readonly Part[], key: string) => {
    const body = multipart(parts); // a fresh boundary on every call, as the browser does
    return t.app.inject({
      method: 'POST',
      url: '/api/trucks-documentation',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token('supplier1')), 'idempotency-key': key },
    });
  };

  it('should answer the stored 201 to the same FormData re-sent with a new boundary, creating one documentation', async () => {
    const ticketId = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.rapido,
      originDepotId: ids.chicagoYard,
    });
    const parts = [...documentationFiles(1), jsonPart('truckDocumentation', truckPayload(ids, ticketId))];
    const key = randomUUID();
    const first = await send(parts, key);
    expect(first.statusCode).toBe(201);
    const again = await send(parts, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(
      await count(t.app.db, sql`select count(*)::int as n from shipping_documents where ticket_id = ${ticketId}`),
    ).toBe(1);
  });

  it('should answer 422 when the key comes back with other form data', async () => {
    const ticketId = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.rapido,
      originDepotId: ids.chicagoYard,
    });
    const payload = truckPayload(ids, ticketId);
    const key = randomUUID();
    expect((await send([...documentationFiles(1), jsonPart('truckDocumentation', payload)], key)).statusCode).toBe(201);
    const res = await send([...documentationFiles(2), jsonPart('truckDocumentation', payload)], key);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Idempotency-Key reused with a different request');
  });
});

describe('Idempotency-Key over real HTTP with the browser FormData', () => {
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** What the outbox keeps: the same parts; fetch serialises them with a new boundary on every send. */
  const formData = (json: Record<string, unknown>) => {
    const data = new FormData();
    for (const name of ['sales.pdf', 'weight.pdf', 'bl.pdf', 'radio.pdf']) {
      data.append('files[]', new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), name);
    }
    data.append('files[]', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'photo.png');
    data.append('truckDocumentation', new Blob([JSON.stringify(json)], { type: 'application/json' }));
    return data;
  };

  it('should answer the stored response to a FormData sent again by fetch, creating one documentation', async () => {
    const ticketId = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.rapido,
      originDepotId: ids.chicagoYard,
    });
    const json = truckPayload(ids, ticketId);
    const key = randomUUID();
    const send = () =>
      fetch(`${base}/api/trucks-documentation`, {
        method: 'POST',
        headers: { ...bearer(token('supplier1')), 'Idempotency-Key': key },
        body: formData(json),
      });
    const first = await send();
    expect(first.status).toBe(201);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(
      await count(t.app.db, sql`select count(*)::int as n from shipping_documents where ticket_id = ${ticketId}`),
    ).toBe(1);
  });

  /** Sends on `agent` and resolves with the status and whether the request went on an open keep-alive connection. */
  const sendOn = (agent: http.Agent, method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const request = http.request(`${base}${path}`, { method, headers, agent }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
      });
      request.on('error', reject);
      request.end(body);
    });

  it('should keep the connection usable after answering 409 to an upload whose key is in flight', async () => {
    // A phone's re-send arriving while the first send of the same key still runs is answered 409 at once;
    // the rest of its body must still be read and dropped, or the next request on that connection (the
    // outbox's next try) never gets an answer.
    const key = randomUUID();
    const body = multipart([
      { name: 'files[]', filename: 'sales.pdf', contentType: 'application/pdf', data: pdf(2_000_000) },
      jsonPart('truckDocumentation', { ticketId: 1 }),
    ]);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const headers = { ...body.headers, ...bearer(token('supplier1')), 'idempotency-key': key };
    // The first send: its body stops half-way, so its key stays in flight.
    const first = http.request(`${base}/api/trucks-documentation`, { method: 'POST', headers });
    first.on('error', () => undefined);
    try {
      first.flushHeaders();
      first.write(body.payload.subarray(0, 500_000));
      const userId = Number(JSON.parse(Buffer.from(token('supplier1').split('.')[1]!, 'base64url').toString()).sub);
      await expect.poll(async () => (await findIdempotencyKey(t.app.db, userId, key))?.state).toBe('in_flight');
      const busy = await sendOn(agent, 'POST', '/api/trucks-documentation', headers, body.payload);
      expect(busy.status).toBe(409);
      const next = await sendOn(agent, 'GET', '/api/health', {});
      expect(next).toEqual({ status: 200, reused: true });
    } finally {
      first.destroy();
      agent.destroy();
    }
  });
});
