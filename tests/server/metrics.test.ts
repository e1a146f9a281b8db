/**
 * Prometheus metrics (src/server/plugins/metrics.ts), read from their own port after real traffic: the
 * requests by route pattern and status with their durations, the open event streams, the events not
 * yet delivered, the PostgreSQL pools and the job queues. Off unless METRICS_PORT is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { countUndeliveredEvents } from '../../src/server/repositories/notifications';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-seed';
import { EventStream } from './helpers/event-stream';
import { bearer, createTestApp, usePostgres, type TestApp } from './helpers/test-app';

/** The value of one series of the exposition text, or undefined when the series is absent. */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = new Map([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (wanted.every(([key, value]) => has.get(key) === value)) return Number(match[3]);
  }
  return undefined;
}

describe('metrics', () => {
  let t: TestApp;
  let withJobs: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsPort: 0 } });
    withJobs = await createTestApp({ seed: false, config: { metricsPort: 0, jobsEnabled: true } });
    off = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await t.close();
    await withJobs.close();
    await off.close();
  });

  const scrape = async (app: TestApp, path = '/metrics') => {
    const { port } = app.app.metricsAddress() as AddressInfo;
    return fetch(`http://127.0.0.1:${port}${path}`);
  };
  const metrics = async (app: TestApp) => {
    const res = await scrape(app);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('should count requests by route pattern and status, with their durations, never by raw path', async () => {
    const token = await t.login('admin');
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
    for (let i = 0; i < 3; i++) expect((await get('/api/tickets')).statusCode).toBe(200);
    expect((await get('/api/tickets/999998')).statusCode).toBe(404);
    expect((await get('/api/tickets/999999')).statusCode).toBe(404);
    expect((await get('/api/no-such-route')).statusCode).toBe(404);

    const text = await metrics(t);
    const of = (route: string, status: string, method = 'GET') => ({ method, route, status });
    expect(series(text, 'portal_http_requests_total', of('/api/tickets', '200'))).toBe(3);
    expect(series(text, 'portal_http_request_duration_seconds_count', of('/api/tickets', '200'))).toBe(3);
    expect(series(text, 'portal_http_request_duration_seconds_sum', of('/api/tickets', '200'))).toBeGreaterThan(0);
    // Two tickets, one series: the pattern, not the ids.
    expect(series(text, 'portal_http_requests_total', of('/api/tickets/:id', '404'))).toBe(2);
    expect(series(text, 'portal_http_requests_total', of('unmatched', '404'))).toBe(1);
    expect(series(text, 'portal_http_requests_total', of('/api/auth/login', '200', 'POST'))).toBe(1);
    expect(text).not.toMatch(/route="[^"]*99999/);
    // The process's own figures come along.
    expect(series(text, 'portal_process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('should show the open event streams and the events not yet delivered', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'supplier1', password: DEMO_PASSWORD },
    });
    const supplier = login.json().token as string;
    const depotId = login.json().user.userDetail.supplier.depots[0].id as number;
    expect(series(await metrics(t), 'portal_event_streams_open')).toBe(0);
    const stream = await EventStream.open(origin, supplier);
    expect(stream.response.status).toBe(200);
    await expect.poll(async () => series(await metrics(t), 'portal_event_streams_open')).toBe(1);

    // This process runs no jobs, so a new ticket's event waits in the outbox.
    const before = await countUndeliveredEvents(t.app.db);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: bearer(supplier),
      payload: { ticket: { count: 1, originDepotId: depotId } },
    });
    expect(created.statusCode).toBe(201);
    const after = await countUndeliveredEvents(t.app.db);
    expect(after).toBeGreaterThan(before);
    expect(series(await metrics(t), 'portal_events_undelivered')).toBe(after);

    stream.close();
    await expect.poll(async () => series(await metrics(t), 'portal_event_streams_open')).toBe(0);
    // A stream, hours long, is not a request among the durations: its figure is the open streams.
    const text = await metrics(t);
    expect(series(text, 'portal_http_requests_total', { route: '/api/events' })).toBeUndefined();
    expect(series(text, 'portal_http_request_duration_seconds_count', { route: '/api/events' })).toBeUndefined();
  });

  it('should show each PostgreSQL pool in use, idle and waiting, and no pool on the embedded database', async () => {
    const text = await metrics(t);
    for (const pool of ['main', 'planned-once']) {
      for (const state of ['in_use', 'idle', 'waiting']) {
        const value = series(text, 'portal_db_pool_connections', { pool, state });
        if (usePostgres) expect(value, `${pool} ${state}`).toBeGreaterThanOrEqual(0);
        else expect(value, `${pool} ${state}`).toBeUndefined();
      }
    }
  });

  it("should show every job queue's queued, active and failed jobs where the process runs jobs", async () => {
    const text = await metrics(withJobs);
    const queues = (await withJobs.app.boss!.getQueues()).map((queue) => queue.name);
    expect(queues).toEqual(expect.arrayContaining(['allocation-sweep', 'deliver-events', 'fold-counts']));
    for (const queue of queues) {
      for (const state of ['queued', 'active', 'failed'])
        expect(series(text, 'portal_jobs', { queue, state }), `${queue} ${state}`).toBeGreaterThanOrEqual(0);
    }
    // A process without jobs reports none.
    expect(series(await metrics(t), 'portal_jobs')).toBeUndefined();

    // A queue that cannot be read leaves its figures out; the rest of the scrape is still answered.
    const getQueues = withJobs.app.boss!.getQueues.bind(withJobs.app.boss);
    withJobs.app.boss!.getQueues = () => Promise.reject(new Error('the job queue does not answer'));
    try {
      const partial = await metrics(withJobs);
      expect(series(partial, 'portal_jobs')).toBeUndefined();
      expect(series(partial, 'portal_event_streams_open')).toBe(0);
    } finally {
      withJobs.app.boss!.getQueues = getQueues;
    }
  });

  it('should answer only /metrics, and not listen at all unless METRICS_PORT is set', async () => {
    expect((await scrape(t, '/')).status).toBe(404);
    expect((await scrape(t, '/api/tickets')).status).toBe(404);
    expect(off.app.metricsAddress()).toBeNull();
  });
});
