/**
 * Error reports (services/error-tracker.ts, routes/app-errors): a request that fails with a thrown error
 * and the app's own report reach an error tracker on loopback that takes Sentry's envelopes, as such a
 * tracker would read them; nothing is sent unless ERROR_TRACKER_DSN is set, nothing secret is in a
 * report, and a tracker that cannot be reached costs the requests nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { loadConfig, ConfigError } from '../../src/server/config';
import { FOLD_COUNTS_JOB } from '../../src/server/jobs/fold-counts';
import { APP_ERROR_REPORTS_PER_MINUTE } from '../../src/server/routes/app-errors/app-error-routes';
import { LoopbackErrorTracker as Tracker } from '../fixtures/error-tracker';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

/** The log's JSON lines so far. */
function linesOf(log: string[]): Record<string, unknown>[] {
  return log
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function logTo(): { stream: PassThrough; log: string[] } {
  const stream = new PassThrough();
  const log: string[] = [];
  stream.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
  return { stream, log };
}

const report = {
  kind: 'render',
  name: 'TypeError',
  message: "Cannot read properties of undefined (reading 'folio')",
  stack:
    "TypeError: Cannot read properties of undefined (reading 'folio')\n    at Ticket (https://portal.example/assets/ticket-Cx1.js:1:2345)",
  path: '/tickets/17',
};

describe('error tracker', () => {
  const tracker = new Tracker();
  let t: TestApp;
  let log: string[];
  beforeAll(async () => {
    await tracker.start();
    const logged = logTo();
    log = logged.log;
    t = await createTestApp({ logStream: logged.stream, config: { errorTrackerDsn: tracker.dsn } });
  });
  afterAll(async () => {
    await t.close();
    await tracker.stop();
  });

  it('should report a request that failed with a thrown error: its route, request id and user, never its query', async () => {
    const token = await t.login('carrier1');
    const before = tracker.received.length;
    // A real failure in the handler: the table the list reads is gone.
    await t.database.raw.query('alter table vehicles rename to vehicles_gone');
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/vehicles?equipmentId=SECRET-QUERY-TEXT',
        headers: { ...bearer(token), 'x-request-id': 'req-tracked-1' },
      });
      expect(res.statusCode).toBe(500);
      // The caller is told nothing of the cause; the tracker is.
      expect(res.json()).toMatchObject({ statusCode: 500, message: 'Internal Server Error' });
      expect(res.body).not.toContain('vehicles');
    } finally {
      await t.database.raw.query('alter table vehicles_gone rename to vehicles');
    }
    await t.app.errorTracker.flush();
    const [sent] = tracker.received.slice(before);
    // Sent to the DSN's project, with its key, as Sentry's protocol wants.
    expect(sent!.url.pathname).toBe('/api/42/envelope/');
    expect(sent!.url.searchParams.get('sentry_key')).toBe('publickey');
    const { event } = sent!;
    expect(event.exception?.values?.[0]?.value).toMatch(/vehicles/);
    expect(event.exception?.values?.[0]?.stacktrace?.frames?.length).toBeGreaterThan(0);
    expect(event.tags).toMatchObject({ source: 'server', route: 'GET /api/vehicles', request_id: 'req-tracked-1' });
    expect(event.user).toEqual({ id: expect.stringMatching(/^\d+$/) });
    expect(event.environment).toBe('production');
    expect(event.release).toMatch(/^scrap-logistics-portal@\d+\.\d+\.\d+/);
    // The database's own words lead; the query's parameters (what the user typed) are in neither the
    // report nor the log.
    expect(event.exception?.values?.[0]).toMatchObject({
      type: 'DatabaseError',
      value: expect.stringMatching(/^relation "vehicles" does not exist/),
    });
    expect(sent!.text).not.toContain('SECRET-QUERY-TEXT');
    expect(sent!.text).not.toContain(token);
    const failed = linesOf(log).find((line) => line.msg === 'request failed' && line.reqId === 'req-tracked-1');
    expect(JSON.stringify(failed)).toMatch(/relation .*vehicles.* does not exist/);
    expect(JSON.stringify(failed)).not.toContain('SECRET-QUERY-TEXT');
  });

  it("should log the app's report and send it on, naming the signed-in user", async () => {
    const token = await t.login('supplier1');
    const before = tracker.received.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/app-errors', headers: bearer(token), payload: report });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    await t.app.errorTracker.flush();
    const [sent] = tracker.received.slice(before);
    const { event } = sent!;
    expect(event.exception?.values?.[0]).toMatchObject({ type: 'TypeError', value: report.message });
    expect(event.extra).toEqual({ stack: report.stack });
    expect(event.request?.url).toBe('/tickets/17');
    expect(event.tags).toMatchObject({ source: 'app', kind: 'render' });
    expect(event.user).toEqual({ id: expect.stringMatching(/^\d+$/) });
    expect(sent!.text).not.toContain(token);

    const line = linesOf(log).find((entry) => entry.msg === 'the app reported an error');
    expect(line).toMatchObject({ level: 40, appError: report, userId: Number(event.user?.id) });
  });

  it('should take a report from a screen that failed before anyone signed in, and from a token that no longer works', async () => {
    const before = tracker.received.length;
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/app-errors',
      payload: { ...report, path: '/login' },
    });
    expect(signedOut.statusCode).toBe(200);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/app-errors',
      headers: bearer('not.a.token'),
      payload: { ...report, path: '/home' },
    });
    expect(stale.statusCode).toBe(200);
    await t.app.errorTracker.flush();
    const sent = tracker.received.slice(before);
    expect(sent.map(({ event }) => [event.request?.url, event.user])).toEqual([
      ['/login', undefined],
      ['/home', undefined],
    ]);
  });

  it('should refuse a report whose path carries a query or whose text is longer than a browser gives, sending nothing', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/app-errors', payload });
    const withQuery = await post({ ...report, path: '/login/change-password?token=abc' });
    expect(withQuery.statusCode).toBe(400);
    expect(withQuery.json().details).toHaveProperty('path');
    const long = await post({ ...report, message: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toHaveProperty('message');
    const unknownKind = await post({ ...report, kind: 'other' });
    expect(unknownKind.statusCode).toBe(400);
    const extraField = await post({ ...report, cookie: 'x' });
    expect(extraField.statusCode).toBe(400);

    // The next good report is the next event the tracker receives: none of the refused ones was sent.
    const before = tracker.received.length;
    expect((await post({ ...report, path: '/after-refusals' })).statusCode).toBe(200);
    await t.app.errorTracker.flush();
    const [sent] = tracker.received.slice(before);
    expect(sent!.event.request?.url).toBe('/after-refusals');
  });
});

describe('error tracker: limits, off, unreachable', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  it('should limit the reports of one address to a minute’s allowance', async () => {
    const t = await createTestApp({ seed: false });
    apps.push(t);
    const post = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/app-errors', payload: report, remoteAddress });
    for (let i = 0; i < APP_ERROR_REPORTS_PER_MINUTE; i++) expect((await post('192.0.2.1')).statusCode).toBe(200);
    expect((await post('192.0.2.1')).statusCode).toBe(429);
    expect((await post('192.0.2.2')).statusCode).toBe(200);
  });

  it('should only log when no tracker is configured', async () => {
    const { stream, log } = logTo();
    const t = await createTestApp({ seed: false, logStream: stream });
    apps.push(t);
    expect(t.app.errorTracker.enabled).toBe(false);
    const res = await t.app.inject({ method: 'POST', url: '/api/app-errors', payload: report });
    expect(res.statusCode).toBe(200);
    expect(linesOf(log).some((line) => line.msg === 'the app reported an error')).toBe(true);
  });

  it('should answer as ever when the tracker cannot be reached, and warn once in the log', async () => {
    // A port that was open a moment ago and is closed now: nothing listens there.
    const gone = new Tracker();
    await gone.start();
    const dsn = gone.dsn;
    await gone.stop();
    const { stream, log } = logTo();
    const t = await createTestApp({ seed: false, logStream: stream, config: { errorTrackerDsn: dsn } });
    apps.push(t);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/app-errors', payload: report });
      expect(res.statusCode).toBe(200);
    }
    // Closing waits for the three sends to end (refused at once by the closed port).
    await t.app.close();
    const warnings = linesOf(log).filter((line) => line.msg === 'the error tracker cannot be reached');
    expect(warnings).toHaveLength(1);
  });

  it('should send what is on its way before the app has closed', async () => {
    const tracker = new Tracker();
    await tracker.start();
    try {
      const t = await createTestApp({ seed: false, config: { errorTrackerDsn: tracker.dsn } });
      apps.push(t);
      const res = await t.app.inject({ method: 'POST', url: '/api/app-errors', payload: report });
      expect(res.statusCode).toBe(200);
      await t.app.close();
      expect(tracker.received.map(({ event }) => event.request?.url)).toEqual(['/tickets/17']);
    } finally {
      await tracker.stop();
    }
  });

  it('should log and report a job that fails, naming the job', async () => {
    const tracker = new Tracker();
    await tracker.start();
    const { stream, log } = logTo();
    const t = await createTestApp({
      seed: false,
      logStream: stream,
      config: { jobsEnabled: true, errorTrackerDsn: tracker.dsn },
    });
    apps.push(t);
    // A real failure in the job: the first table it folds is gone.
    await t.database.raw.query('alter table ticket_counts rename to ticket_counts_gone');
    try {
      await t.app.boss!.send(FOLD_COUNTS_JOB, {});
      const { event } = await tracker.first((event) => event.tags?.job === FOLD_COUNTS_JOB);
      expect(event.tags).toMatchObject({ source: 'server', job: FOLD_COUNTS_JOB });
      expect(event.exception?.values?.[0]?.value).toMatch(/^relation "ticket_counts" does not exist/);
      expect(event.user).toBeUndefined();
      const line = linesOf(log).find((entry) => entry.msg === 'job failed');
      expect(line).toMatchObject({ level: 50, job: FOLD_COUNTS_JOB });
    } finally {
      await t.database.raw.query('alter table ticket_counts_gone rename to ticket_counts');
      await tracker.stop();
    }
  });

  it('should refuse to start with an address that is not a DSN', () => {
    // Keys given, so loading the configuration writes no key file.
    const keys = { JWT_SECRET: 'k'.repeat(32), CAPTCHA_HMAC_KEY: 'c'.repeat(32) };
    const load = (dsn: string) => loadConfig({ ...keys, ERROR_TRACKER_DSN: dsn });
    expect(() => load('https://tracker.example')).toThrow(ConfigError);
    expect(() => load('https://tracker.example')).toThrow(/ERROR_TRACKER_DSN/);
    expect(load('https://key@tracker.example/7').errorTrackerDsn).toBe('https://key@tracker.example/7');
  });
});
