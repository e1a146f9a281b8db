/**
 * A worker's handler whose failure is logged and sent to the error tracker, then thrown on for pg-boss to
 * record the job as failed (and retry it where its queue says so). Without this a failing job was seen
 * only in pg-boss's tables: nothing in the log said a sweep had stopped working.
 */
import type { FastifyInstance } from 'fastify';
import { withoutQueryParameters } from '../http/request-log';

export function reportingFailures<Jobs>(
  app: FastifyInstance,
  job: string,
  handler: (jobs: Jobs) => Promise<unknown>,
): (jobs: Jobs) => Promise<unknown> {
  return async (jobs) => {
    try {
      return await handler(jobs);
    } catch (error) {
      const failure = withoutQueryParameters(error);
      app.log.error({ err: failure, job }, 'job failed');
      app.errorTracker.captureServerError(failure, { job });
      throw error;
    }
  };
}
