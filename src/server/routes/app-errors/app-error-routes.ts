/**
 * POST /api/app-errors: the app tells the server a failure of its own (lib/error-report.ts): a screen
 * that could not render, an error nothing caught. It goes to the log at warn, and to the error tracker
 * when one is configured. Public, since a screen can fail before anyone signs in; a signed-in report
 * names its user (a bad token is not refused: the report is worth more than the check). Limited per
 * address, so a page failing in a loop, or a caller with nothing to report, cannot flood either.
 */
import type { FastifyInstance } from 'fastify';
import { AppErrorReportSchema } from '../../../shared/schemas/app-errors';
import { OkAnswer } from '../../../shared/schemas/schema-helpers';
import { defineRoute } from '../../http/route';

/** Reports one address may send a minute (a yard's phones behind one address included). */
export const APP_ERROR_REPORTS_PER_MINUTE = 30;

export async function appErrorRoutes(app: FastifyInstance) {
  defineRoute(app)({
    method: 'POST',
    url: '/app-errors',
    access: 'public',
    body: AppErrorReportSchema,
    response: OkAnswer,
    tags: ['system'],
    summary: "The app's report of a failure of its own: logged, and sent to the error tracker when one is set",
    config: { rateLimit: { max: APP_ERROR_REPORTS_PER_MINUTE, timeWindow: '1 minute' } },
    handler: async ({ request, reply, body }) => {
      if (request.headers.authorization) {
        // Names the user in this request's log lines too.
        await app.authenticate(request, reply).catch(() => undefined);
      }
      request.log.warn({ appError: body }, 'the app reported an error');
      app.errorTracker.captureAppError(body, request);
      return { ok: true as const };
    },
  });
}
