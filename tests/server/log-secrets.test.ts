/**
 * A whole journey through the parts that handle secrets, with the log at debug level, and then the log
 * is searched for every secret the journey used: the passwords typed, each session token, the
 * recovery link's token and the event stream's ticket. None may appear (issue 31, item 4).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-seed';
import { createTruckDocumentation, insertTicket, seedIds, truckPayload } from '../fixtures/portal-data';
import { streamTicket } from './helpers/event-stream';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let log = '';

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
  t = await createTestApp({ logStream: stream, config: { logLevel: 'debug' } });
});
afterAll(async () => {
  await t.close();
});

const mailDir = () => path.join(t.dataDir, 'mail');
const mailFiles = async () => (await readdir(mailDir()).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));

describe('the log after a journey through every secret', () => {
  it('should hold no password, session token, recovery token or stream ticket', async () => {
    const secrets: string[] = [];
    const signIn = async (username: string, password: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
      expect(res.statusCode).toBe(200);
      const { token } = res.json<{ token: string }>();
      secrets.push(password, token);
      return token;
    };

    // Sign in with the form, and renew silently.
    const first = await signIn('supplier1', DEMO_PASSWORD);
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/token',
      headers: bearer(first),
      payload: {},
    });
    expect(renewed.statusCode).toBe(200);
    secrets.push(renewed.json<{ token: string }>().token);

    // Recovery: the mailed link's token, opened as the browser opens it, then the new password.
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/password', payload: { username: 'supplier1' } });
    expect(res.statusCode).toBe(200);
    await expect.poll(async () => (await mailFiles()).length).toBe(1);
    const mail = await readFile(path.join(mailDir(), (await mailFiles())[0]!), 'utf8');
    const link = /change-password\?token=3D([\w-]+)|change-password\?token=([\w-]+)/.exec(mail.replace(/=\r?\n/g, ''));
    const recoveryToken = (link?.[1] ?? link?.[2])!;
    expect(recoveryToken).toMatch(/^[\w-]{20,}$/);
    secrets.push(recoveryToken);
    await t.app.inject({ method: 'GET', url: `/login/change-password?token=${recoveryToken}` });
    const newPassword = 'Journey-Pass-42!';
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      payload: { password: newPassword, token: recoveryToken },
    });
    expect(changed.statusCode).toBe(200);
    const token = await signIn('supplier1', newPassword);

    // An upload.
    const ids = await seedIds(t.app.db);
    const ticketId = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.rapido,
      originDepotId: ids.chicagoYard,
    });
    expect((await createTruckDocumentation(t, token, truckPayload(ids, ticketId))).statusCode).toBe(201);

    // The event stream, over real HTTP as the browser opens it.
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ticket = await streamTicket(base, token);
    secrets.push(ticket);
    const abort = new AbortController();
    const stream = await fetch(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`, { signal: abort.signal });
    expect(stream.status).toBe(200);
    abort.abort();

    // The journey was logged (the requests' own lines are there), and no secret with it.
    await expect.poll(() => log.includes('/api/trucks-documentation')).toBe(true);
    await expect.poll(() => log.includes('/api/events/ticket')).toBe(true);
    expect(secrets.filter((secret) => log.includes(secret))).toEqual([]);
    // Nor their URL-encoded forms (a ticket holds characters a query escapes).
    expect(secrets.filter((secret) => log.includes(encodeURIComponent(secret)))).toEqual([]);
  });
});
