/**
 * What requests leave in the log (src/server/http/request-log.ts): an id taken from X-Request-Id or
 * made, echoed in the answer and written on the request's lines; the signed-in user's id on them; and no
 * secret of a URL: a recovery link's token and an event stream's session token are written redacted.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const lines: Record<string, unknown>[] = [];
let text = '';

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as never);
  });
  t = await createTestApp({ logStream: stream, config: { logLevel: 'info' } });
});
afterAll(async () => {
  await t.close();
});

const linesOf = (id: string) => lines.filter((line) => line.reqId === id);

describe('request log', () => {
  it("should take the caller's X-Request-Id, echo it and write it on the request's lines", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'edge-42.a' } });
    expect(res.headers['x-request-id']).toBe('edge-42.a');
    await expect.poll(() => linesOf('edge-42.a').length).toBeGreaterThan(0);
  });

  it('should make a UUID when none or an unusable one is given', async () => {
    for (const headers of [{}, { 'x-request-id': 'two words\nand a line' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it("should name the signed-in user on the request's completion line", async () => {
    const token = await t.login('supplier1');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/tickets?limit=1',
      headers: { ...bearer(token), 'x-request-id': 'who-asked' },
    });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => linesOf('who-asked').find((line) => line.msg === 'request completed')).toBeDefined();
    const completed = linesOf('who-asked').find((line) => line.msg === 'request completed')!;
    expect(completed.userId).toEqual(expect.any(Number));
  });

  it('should never write the token of a recovery link or of an event stream', async () => {
    const token = await t.login('carrier1');
    const secret = 'recovery-secret-9f8e7d';
    await t.app.inject({
      method: 'GET',
      url: `/login/change-password?token=${secret}`,
      headers: { 'x-request-id': 'link' },
    });
    // Any URL's token parameter is redacted; the event stream (which takes its session token so, and
    // never ends) is stood in for by a short answer.
    await t.app.inject({ method: 'GET', url: `/api/health?x=1&token=${token}`, headers: { 'x-request-id': 'stream' } });
    await expect.poll(() => linesOf('link').length + linesOf('stream').length).toBeGreaterThanOrEqual(2);
    const incoming = linesOf('link').find((line) => line.req) as { req: { url: string } } | undefined;
    expect(incoming?.req.url).toBe('/login/change-password?token=%5Bredacted%5D');
    expect(text).not.toContain(secret);
    expect(text).not.toContain(token);
  });
});
