/**
 * Compressed answers as a client sees them over real HTTP (http/compression.ts): the raw bytes and
 * headers read with node:http, which decodes nothing by itself.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/database';
import { COMPRESS_FROM_BYTES } from '../../src/server/http/compression';
import { createTruckDocumentation, documentationFiles, insertTicket, truckPayload } from '../fixtures/portal-data';
import { filePart, pdf, png } from '../fixtures/files';
import { streamTicket } from './helpers/event-stream';
import { bearer } from './helpers/test-app';
import { useSeededApp } from './helpers/seeded-app';

const { t, ids, token } = useSeededApp();
let port: number;

beforeAll(async () => {
  // The demo has 15 tickets: enough more for a full page of 50.
  for (let i = 0; i < 40; i++) {
    await insertTicket(t.app.db, {
      supplierId: i % 2 ? ids.midwest : ids.texas,
      carrierId: i % 3 ? ids.rapido : ids.border,
      originDepotId: i % 2 ? ids.chicagoYard : ids.houstonYard,
    });
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(method: string, path: string, headers: Record<string, string>, payload?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const page = (encoding?: string) =>
  request('GET', '/api/tickets?limit=50', {
    ...bearer(token('admin')),
    ...(encoding === undefined ? {} : { 'accept-encoding': encoding }),
  });

describe('compressed API answers', () => {
  it('should send a 50-ticket page plain when the request accepts no encoding', async () => {
    const res = await page();
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString()).tickets).toHaveLength(50);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('should send a 50-ticket page brotli to `accept-encoding: br`, decoding to the same JSON', async () => {
    const plain = await page();
    const res = await page('br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(brotliDecompressSync(res.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('should send a 50-ticket page gzip to `accept-encoding: gzip`, decoding to the same JSON', async () => {
    const plain = await page();
    const res = await page('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(gunzipSync(res.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('should follow the weights of Accept-Encoding, identity included', async () => {
    const cases: [string, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['br;q=0, *', 'gzip'],
      ['*', 'br'],
      ['gzip;q=0.5', 'gzip'],
      ['gzip;q=0.5, identity', undefined],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
      ['deflate, zstd', undefined],
      ['', undefined],
    ];
    for (const [accept, expected] of cases) {
      const res = await page(accept);
      expect({ accept, encoding: res.headers['content-encoding'] }).toEqual({ accept, encoding: expected });
    }
  });

  it('should answer HEAD with the headers of GET and no body', async () => {
    const get = await page('br');
    const head = await request('HEAD', '/api/tickets?limit=50', { ...bearer(token('admin')), 'accept-encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(get.body.length));
    expect(head.body.length).toBe(0);
  });

  it('should not compress an answer below the threshold', async () => {
    const res = await request('GET', '/api/tickets?limit=1', { ...bearer(token('admin')), 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString()).tickets).toHaveLength(1);
  });

  it('should compress a replayed Idempotency-Key answer as the replay asks, with the stored JSON', async () => {
    const headers = { ...bearer(token('supplier1')), 'idempotency-key': `compress-${Date.now()}` };
    const body = { ticket: { count: 5, originDepotId: ids.chicagoYard } };
    const first = await request('POST', '/api/tickets', { ...headers, 'accept-encoding': 'br' }, body);
    expect(first.status).toBe(201);
    expect(first.headers['content-encoding']).toBe('br');
    const again = await request('POST', '/api/tickets', { ...headers, 'accept-encoding': 'gzip' }, body);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(again.body).toString())).toEqual(
      JSON.parse(brotliDecompressSync(first.body).toString()),
    );
  });

  it('should send downloaded PDFs and photos as stored, not encoded again', async () => {
    const ticketId = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.rapido,
      originDepotId: ids.chicagoYard,
    });
    const invoice = pdf(64 * 1024);
    const photo = png(64 * 1024);
    const files = documentationFiles(0);
    files[0] = filePart('files[]', invoice, 'invoice.pdf', 'application/pdf');
    files.push(filePart('files[]', photo, 'yard.png', 'image/png'));
    const created = await createTruckDocumentation(t, token('supplier1'), truckPayload(ids, ticketId), files);
    expect(created.statusCode).toBe(201);
    const doc = created.json().truckDocumentation as {
      salesInvoice: { key: string; name: string }[];
      photos: { key: string; name: string }[];
    };
    for (const [file, bytes] of [
      [doc.salesInvoice[0]!, invoice],
      [doc.photos[0]!, photo],
    ] as const) {
      const res = await request(
        'PUT',
        '/api/download?inline=1',
        { ...bearer(token('supplier1')), 'accept-encoding': 'br, gzip' },
        { key: file.key, name: file.name },
      );
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.equals(bytes)).toBe(true);
    }
  });

  it('should keep the event stream unencoded and deliver each event while it stays open', async () => {
    const [admin] = await queryRows<{ id: number }>(t.app.db, sql`select id from users where username = 'admin'`);
    const ticket = await streamTicket(`http://127.0.0.1:${port}`, token('admin'));
    const req = http.get({
      host: '127.0.0.1',
      port,
      path: `/api/events?ticket=${encodeURIComponent(ticket)}`,
      headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip, br' },
    });
    try {
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
        req.on('response', resolve);
        req.on('error', reject);
      });
      expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(res.headers['content-encoding']).toBeUndefined();
      let text = '';
      let ended = false;
      let wake: (() => void) | undefined;
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        wake?.();
      });
      res.on('end', () => {
        ended = true;
        wake?.();
      });
      const received = async (what: string) => {
        while (!text.includes(what)) {
          if (ended) throw new Error(`the stream ended before ${JSON.stringify(what)}; got ${text}`);
          await new Promise<void>((resolve) => (wake = resolve));
        }
      };
      await received(': connected');
      for (const eventId of [9_000_001, 9_000_002]) {
        t.app.eventHub.dispatch({
          eventId,
          type: 'New ticket',
          title: 'new',
          ticketNumber: 1,
          supplierName: 'Midwest Scrap Recycling LLC',
          carrierName: null,
          userIds: [admin!.id],
        });
        await received(`id: ${eventId}\nevent: ticket\n`);
        expect(res.readableEnded).toBe(false);
      }
    } finally {
      req.destroy();
    }
  });
});
