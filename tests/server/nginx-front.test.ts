/**
 * The deployment of src/server/deploy/nginx-portal.conf, run as a user would run it: Debian's nginx
 * terminating TLS with HTTP/2 (a certificate made for the run) in front of two portal processes on one
 * PostgreSQL database and one S3 bucket. Through nginx, a client signs in, uploads a documentation while
 * one process is down and reads it back while only the other is up, keeps being served while either
 * process is stopped and started again, and receives on a stream held by one process an event made on
 * the other. PostgreSQL only (the embedded database belongs to one process); .ci/run installs nginx.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http2, { type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-seed';
import { earliestSlot } from '../../src/shared/domain/withdrawal';
import { seedIds, truckDocumentationUpload, type SeedIds } from '../fixtures/portal-data';
import { freePort, startPortalProcess, type PortalProcess } from '../fixtures/portal-process';
import { startS3Server, type S3Server } from '../fixtures/s3-server';
import { createPostgresDatabase, usePostgres } from './helpers/test-app';

const NGINX = '/usr/sbin/nginx';
const EXAMPLE = new URL('../../src/server/deploy/nginx-portal.conf', import.meta.url);

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request over the HTTP/2 connection to nginx. */
function request(
  session: ClientHttp2Session,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: Buffer | string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':method': method, ':path': url, ...headers });
    const chunks: Buffer[] = [];
    let answer: IncomingHttpHeaders = {};
    stream.on('response', (h) => (answer = h));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () =>
      resolve({ status: Number(answer[':status']), headers: answer, body: Buffer.concat(chunks) }),
    );
    stream.on('error', reject);
    stream.end(body);
  });
}

/** `text` with `from` replaced by `to`; fails when the example no longer holds `from`. */
function replace(text: string, from: string, to: string): string {
  expect(text, `the example names ${from}`).toContain(from);
  return text.split(from).join(to);
}

describe.runIf(usePostgres)('two portal processes behind nginx with TLS and HTTP/2', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));
  let s3: S3Server;
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  let ids: SeedIds;
  let env: Record<string, string>;
  const ports: number[] = [];
  const processes: (PortalProcess | undefined)[] = [];
  let nginx: ChildProcess;
  let session: ClientHttp2Session;

  const start = async (i: number) => {
    processes[i] = await startPortalProcess({
      env,
      node: true,
      port: ports[i],
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  };
  const stop = async (i: number) => {
    await processes[i]?.stop();
    processes[i] = undefined;
  };
  const json = (answer: Answer) => JSON.parse(answer.body.toString()) as Record<string, unknown>;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const send = (method: string, url: string, token: string, body: unknown) =>
    request(session, method, url, { ...bearer(token), 'content-type': 'application/json' }, JSON.stringify(body));

  async function login(username: string): Promise<string> {
    const answer = await send('POST', '/api/auth/login', '', { username, password: DEMO_PASSWORD });
    expect(answer.status, `sign-in of ${username}`).toBe(200);
    return json(answer).token as string;
  }

  /** Every one of a few list requests is answered: whatever process is down, nginx finds the other. */
  async function stillServed(token: string): Promise<void> {
    for (let i = 0; i < 4; i++) expect((await request(session, 'GET', '/api/tickets', bearer(token))).status).toBe(200);
  }

  beforeAll(async () => {
    if (!existsSync(NGINX))
      throw new Error(`${NGINX} is missing: install Debian's nginx (apt-get install nginx), as .ci/run does`);
    s3 = await startS3Server();
    created = await createPostgresDatabase(inject('databaseTemplates').seeded);
    database = await openDatabase({ url: created.url });
    ids = await seedIds(database.db);
    env = {
      DATABASE_URL: created.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      CAPTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      TRUST_PROXY: '127.0.0.1',
      ...s3.env('portal/'),
    };
    ports.push(await freePort(), await freePort());
    await Promise.all([start(0), start(1)]);

    const key = path.join(dir, 'privkey.pem');
    const cert = path.join(dir, 'fullchain.pem');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout', key, '-out', cert,
    ], { stdio: 'ignore' }); // prettier-ignore
    const port = await freePort();
    let site = readFileSync(EXAMPLE, 'utf8');
    site = replace(site, 'server 127.0.0.1:3001 ', `server 127.0.0.1:${ports[0]} `);
    site = replace(site, 'server 127.0.0.1:3002 ', `server 127.0.0.1:${ports[1]} `);
    site = replace(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl http2;`);
    site = replace(site, '/etc/ssl/portal/fullchain.pem', cert);
    site = replace(site, '/etc/ssl/portal/privkey.pem', key);
    writeFileSync(path.join(dir, 'portal.conf'), site);
    // What /etc/nginx/nginx.conf provides around the site, in this run's folder.
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/portal.conf;
}
`,
    );
    nginx = spawn(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
    // nginx listens once it has read its configuration; a refused connection means not yet.
    for (;;) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}`);
      const opened = http2.connect(`https://127.0.0.1:${port}`, { ca: readFileSync(cert) });
      const ok = await new Promise<boolean>((resolve) => {
        opened.once('connect', () => resolve(true));
        opened.once('error', () => resolve(false));
      });
      if (ok) {
        session = opened;
        break;
      }
      opened.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(async () => {
    session?.close();
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await new Promise((resolve) => nginx.once('exit', resolve));
    }
    await Promise.all([stop(0), stop(1)]);
    await database?.close();
    await created?.drop();
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should sign in over TLS and HTTP/2, upload while one process is down and read it back from the other', async () => {
    expect(session.alpnProtocol).toBe('h2');
    const supplier = await login('supplier1');
    const health = await request(session, 'GET', '/api/health/ready');
    expect(health.status).toBe(200);
    // nginx names each request; the portal takes the id and answers with it (src/server/http/request-log.ts).
    expect(health.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);

    await stop(1);
    await stillServed(supplier);
    const { body, salesInvoice } = await truckDocumentationUpload(database.db, ids);
    const uploaded = await request(
      session,
      'POST',
      '/api/trucks-documentation',
      { ...body.headers, ...bearer(supplier) },
      body.payload,
    );
    expect(uploaded.status).toBe(201);
    const key = (json(uploaded).truckDocumentation as { salesInvoice: { key: string }[] }).salesInvoice[0]!.key;

    // The first process, which stored the file, goes; the second comes back and serves it.
    await start(1);
    await stop(0);
    await stillServed(supplier);
    const got = await send('PUT', '/api/download', supplier, { key });
    expect(got.status).toBe(200);
    expect(got.body.equals(salesInvoice)).toBe(true);
    await start(0);
    await stillServed(supplier);
  });

  it('should bring an event made on one process to a stream held through nginx by the other', async () => {
    const supplier = await login('supplier1');
    // With the first process down, the stream can only be held by the second.
    await stop(0);
    const ticket = await send('POST', '/api/events/ticket', supplier, {});
    expect(ticket.status).toBe(200);
    const events = session.request({
      ':path': `/api/events?ticket=${encodeURIComponent(json(ticket).ticket as string)}`,
      accept: 'text/event-stream',
    });
    let received = '';
    const waiters: (() => void)[] = [];
    events.on('data', (chunk: Buffer) => {
      received += chunk.toString();
      for (const wake of waiters.splice(0)) wake();
    });
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise<void>((resolve) => waiters.push(resolve));
    };
    try {
      await until(() => received.includes('retry:'));
      await start(0);

      // The ticket is requested, offered and confirmed on the first process, not through nginx.
      const first = processes[0]!.base;
      const call = async (token: string, method: string, url: string, payload: unknown) => {
        const res = await fetch(`${first}${url}`, {
          method,
          headers: { ...bearer(token), 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        });
        return { status: res.status, json: (await res.json()) as Record<string, unknown> };
      };
      const signIn = async (username: string) =>
        (await call('', 'POST', '/api/auth/login', { username, password: DEMO_PASSWORD })).json.token as string;
      const [admin, carrier] = [await signIn('admin'), await signIn('carrier1')];
      const made = await call(supplier, 'POST', '/api/tickets', {
        ticket: { count: 1, originDepotId: ids.chicagoYard },
      });
      expect(made.status).toBe(201);
      const id = (made.json.tickets as { id: number }[])[0]!.id;
      expect(
        (
          await call(admin, 'PUT', `/api/tickets/${id}/manual`, {
            ticket: { carrierId: ids.rapido, reason: 'behind nginx' },
          })
        ).status,
      ).toBe(200);
      const TZ = 360;
      const confirmed = await call(carrier, 'PUT', `/api/tickets/${id}/confirm`, {
        ticket: { withdrawalDate: earliestSlot(new Date(), TZ).instant.toISOString(), timezone: TZ },
      });
      expect(confirmed.status).toBe(200);
      await until(() =>
        new RegExp(
          `"ticketNumber":${id}\\b[^\\n]*"title":"confirmed"|"title":"confirmed"[^\\n]*"ticketNumber":${id}\\b`,
        ).test(received),
      );
    } finally {
      events.close();
    }
  });
});
