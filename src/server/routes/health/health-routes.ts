/**
 * Health for a load balancer or an orchestrator:
 * - `GET /health/live`: the process answers (restart it when this fails);
 * - `GET /health/ready`: it can serve: the database, the file store and the job queue answer, and it is
 *   not draining. From SIGTERM on it answers 503 while the requests in flight finish, so the balancer
 *   sends new ones elsewhere;
 * - `GET /health`: the database answers (what the start script and the tests wait for).
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { defineRoute } from '../../http/route';
import { pingDatabase } from '../../repositories/health';
import { ALLOCATION_SWEEP_JOB } from '../../jobs/allocation-sweep';

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the start of a shutdown: ready answers 503. */
    draining: boolean;
  }
}

/** Each part's state, named so an operator sees which one failed. */
type Parts = Record<'database' | 'files' | 'jobs', 'ok' | 'off' | 'failed'>;
const Ok = v.strictObject({ status: v.literal('ok') });
const PartState = v.picklist(['ok', 'off', 'failed']);
/** Ready's answer (503 with 'draining' or 'unavailable' and the same parts). */
const Readiness = v.strictObject({
  status: v.picklist(['ok', 'draining', 'unavailable']),
  database: PartState,
  files: PartState,
  jobs: PartState,
});

export async function healthRoutes(app: FastifyInstance) {
  const route = defineRoute(app);
  const tags = ['system'];

  route({
    method: 'GET',
    url: '/health',
    access: 'public',
    response: Ok,
    tags,
    summary: 'The database answers (migrations ran)',
    handler: async () => {
      await pingDatabase(app.db);
      return { status: 'ok' };
    },
  });

  route({
    method: 'GET',
    url: '/health/live',
    access: 'public',
    response: Ok,
    tags,
    summary: 'Liveness: the process answers',
    handler: async () => ({ status: 'ok' }),
  });

  route({
    method: 'GET',
    url: '/health/ready',
    access: 'public',
    response: Readiness,
    tags,
    summary: 'Readiness: database, file store and job queue reachable, not draining (else 503)',
    handler: async ({ reply }) => {
      const check = (work: () => Promise<unknown>) =>
        work().then(
          () => 'ok' as const,
          (error: unknown) => {
            app.log.warn({ err: error }, 'readiness check failed');
            return 'failed' as const;
          },
        );
      const [database, files, jobs] = await Promise.all([
        check(() => pingDatabase(app.db)),
        check(() => app.files.check()),
        app.boss ? check(() => app.boss!.getQueue(ALLOCATION_SWEEP_JOB)) : Promise.resolve('off' as const),
      ]);
      const parts: Parts = { database, files, jobs };
      const failed = Object.values(parts).includes('failed');
      if (app.draining || failed) {
        void reply.status(503);
        return { status: app.draining ? 'draining' : 'unavailable', ...parts };
      }
      return { status: 'ok', ...parts };
    },
  });
}
