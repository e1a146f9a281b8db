/**
 * Prometheus metrics on a port of their own (METRICS_PORT, on METRICS_HOST: this machine only unless
 * told otherwise), off by default. A port apart keeps them out of the public API and its proxy: an
 * operator's scraper reaches the process directly, with nothing to sign in with. Each process answers
 * for itself; a scraper reads every process.
 *
 * What an operator watches, and why each figure:
 * - `portal_http_requests_total` and `portal_http_request_duration_seconds`, by method, route pattern
 *   (never the raw path: one series per ticket id would grow without bound) and status: error rates and
 *   slow routes. The event stream takes its connection over (hijacked) and is not among them: its
 *   figure is the open streams below;
 * - `portal_db_pool_connections` (PostgreSQL: in use, idle, and requests waiting for one): a pool that
 *   is always full with requests waiting needs more connections or a slow query found;
 * - `portal_jobs` by queue and state (queued, active, failed), as pg-boss counts them: a queue that
 *   only grows has no worker, or a worker that fails;
 * - `portal_events_undelivered` and `portal_event_streams_open`: live updates stuck in the outbox,
 *   and how many browsers hold a stream to this process;
 * - the Node process's own figures (CPU, memory, event-loop delay) from prom-client's defaults.
 * Figures read from the database are read when scraped, not on every request. Several processes on one
 * machine each need a METRICS_PORT of their own.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { countUndeliveredEvents } from '../repositories/notifications';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics server's address once listening; null when METRICS_PORT is unset. */
    metricsAddress: () => AddressInfo | null;
  }
}

/** Seconds: from a few milliseconds (a list from the stored views) to an upload of a minute. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

async function registerMetrics(app: FastifyInstance) {
  const { metricsPort, metricsHost } = app.config;
  if (metricsPort === undefined) {
    app.decorate('metricsAddress', () => null);
    return;
  }
  // A registry of this app's own: tests build several apps in one process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });

  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // A request no route took (a 404 for an unknown path) has no pattern: one series for all of them.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  /**
   * A figure read from elsewhere (the database, the job queue) whose reading failed is left out of this
   * scrape, with a warning, rather than failing the whole answer: the other figures matter most exactly
   * when the database does not answer.
   */
  const guarded = (name: string, read: () => Promise<void> | void) => async () => {
    try {
      await read();
    } catch (error) {
      app.log.warn({ err: error, metric: name }, 'a metric could not be read');
    }
  };

  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'PostgreSQL pool connections by pool and state (in_use, idle, waiting: requests waiting for one)',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      for (const pool of app.database.pools?.() ?? []) {
        this.set({ pool: pool.name, state: 'in_use' }, pool.total - pool.idle);
        this.set({ pool: pool.name, state: 'idle' }, pool.idle);
        this.set({ pool: pool.name, state: 'waiting' }, pool.waiting);
      }
    },
  });

  new Gauge({
    name: 'portal_jobs',
    help: 'Background jobs by queue and state (queued, active, failed), as the job queue counts them',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      const boss = app.boss;
      this.reset();
      if (!boss) return;
      await guarded('portal_jobs', async () => {
        for (const queue of await boss.getQueues()) {
          this.set({ queue: queue.name, state: 'queued' }, queue.queuedCount);
          this.set({ queue: queue.name, state: 'active' }, queue.activeCount);
          this.set({ queue: queue.name, state: 'failed' }, queue.failedCount);
        }
      })();
    },
  });

  new Gauge({
    name: 'portal_events_undelivered',
    help: 'Ticket events written but not yet delivered to streams and push (all processes)',
    registers: [registry],
    async collect() {
      this.reset();
      await guarded('portal_events_undelivered', async () => this.set(await countUndeliveredEvents(app.db)))();
    },
  });

  new Gauge({
    name: 'portal_event_streams_open',
    help: 'Event streams open on this process',
    registers: [registry],
    collect() {
      this.set(app.eventHub.size);
    },
  });

  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics could not be read');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be read\n');
      },
    );
  });
  app.decorate('metricsAddress', () => server.address() as AddressInfo | null);
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(metricsPort, metricsHost, () => {
        server.off('error', reject);
        resolve();
      });
    });
    app.log.info({ address: server.address() }, 'metrics listening');
  });
  app.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

export const metricsPlugin = fp(registerMetrics, {
  name: 'metrics',
  dependencies: ['database', 'events'],
});
