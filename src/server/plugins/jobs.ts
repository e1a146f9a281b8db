/**
 * pg-boss on the same database as the data: on PostgreSQL it opens its own pool, on PGlite it runs
 * through a small adapter over the single embedded connection. Schedules are cluster-wide, so several
 * server processes run each sweep once.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PgBoss } from 'pg-boss';
import { ALLOCATION_SWEEP_JOB, runAllocationSweep } from '../jobs/allocation-sweep';
import { ORPHAN_FILES_JOB, sweepOrphanFiles } from '../jobs/orphan-files';
import { startEventDelivery, type EventDelivery } from '../jobs/deliver-events';
import { CAPTCHA_CLEANUP_CRON, CAPTCHA_CLEANUP_JOB, cleanupSpentCaptchas } from '../jobs/captcha-cleanup';
import {
  PASSWORD_RESET_CLEANUP_CRON,
  PASSWORD_RESET_CLEANUP_JOB,
  cleanupExpiredPasswordResets,
} from '../jobs/password-reset-cleanup';
import { IDEMPOTENCY_CLEANUP_CRON, IDEMPOTENCY_CLEANUP_JOB, cleanupIdempotencyKeys } from '../jobs/idempotency-cleanup';
import { HOUR_COUNTS_CLEANUP_CRON, HOUR_COUNTS_CLEANUP_JOB, cleanupHourCounts } from '../jobs/hour-counts-cleanup';
import {
  ENDED_SESSIONS_CLEANUP_CRON,
  ENDED_SESSIONS_CLEANUP_JOB,
  cleanupEndedSessions,
} from '../jobs/ended-sessions-cleanup';
import { FOLD_COUNTS_CRON, FOLD_COUNTS_JOB, foldCounts } from '../jobs/fold-counts';
import { REFRESH_STATISTICS_CRON, REFRESH_STATISTICS_JOB, refreshStatistics } from '../jobs/refresh-statistics';
import { REFRESH_TICKET_VIEWS_JOB, refreshTicketViews } from '../jobs/refresh-ticket-views';
import { reportingFailures } from '../jobs/report-failures';

declare module 'fastify' {
  interface FastifyInstance {
    boss: PgBoss | null;
    /** Null when this process runs no jobs: its events are delivered by another process. */
    eventDelivery: EventDelivery | null;
  }
}

async function registerJobs(app: FastifyInstance) {
  if (!app.config.jobsEnabled) {
    app.decorate('boss', null);
    app.decorate('eventDelivery', null);
    return;
  }
  const boss =
    app.database.kind === 'postgres' && app.config.databaseUrl
      ? new PgBoss({ connectionString: app.config.databaseUrl, max: 4 })
      : new PgBoss({
          db: {
            executeSql: (text: string, values?: unknown[]) => app.database.raw.query(text, values),
          },
        });
  boss.on('error', (error) => app.log.error({ err: error }, 'pg-boss error'));
  await boss.start();
  app.decorate('boss', boss);
  /** A worker for `job` whose failures are logged and reported (jobs/report-failures.ts). */
  const work = (job: string, handler: () => Promise<unknown>) => boss.work(job, reportingFailures(app, job, handler));

  await boss.createQueue(ORPHAN_FILES_JOB);
  await boss.schedule(ORPHAN_FILES_JOB, '*/10 * * * *');
  await work(ORPHAN_FILES_JOB, async () => {
    const { removed } = await sweepOrphanFiles(app.db, app.files);
    if (removed) app.log.info({ removed }, 'orphan files removed');
  });

  // Every minute: expire offers, offer the next carrier, retry unassigned tickets, remove stale ones.
  await boss.createQueue(ALLOCATION_SWEEP_JOB);
  await boss.schedule(ALLOCATION_SWEEP_JOB, '* * * * *');
  await work(ALLOCATION_SWEEP_JOB, async () => {
    const result = await runAllocationSweep(app.db, new Date());
    if (result.removed || result.expired || result.offered) app.log.info(result, 'allocation sweep');
  });

  /** A scheduled removal of rows past their use, logged when it removed any. */
  const cleanup = async (job: string, cron: string, run: () => Promise<{ removed: number }>, what: string) => {
    await boss.createQueue(job);
    await boss.schedule(job, cron);
    await work(job, async () => {
      const { removed } = await run();
      if (removed) app.log.info({ removed }, `${what} removed`);
    });
  };
  // Stored Idempotency-Key responses expire after 24 h.
  await cleanup(
    IDEMPOTENCY_CLEANUP_JOB,
    IDEMPOTENCY_CLEANUP_CRON,
    () => cleanupIdempotencyKeys(app.db),
    'expired idempotency keys',
  );
  // Spent captcha solutions are kept only until their challenge expires.
  await cleanup(
    CAPTCHA_CLEANUP_JOB,
    CAPTCHA_CLEANUP_CRON,
    () => cleanupSpentCaptchas(app.db),
    'expired captcha solutions',
  );
  // Recovery links are deleted once they expired.
  await cleanup(
    PASSWORD_RESET_CLEANUP_JOB,
    PASSWORD_RESET_CLEANUP_CRON,
    () => cleanupExpiredPasswordResets(app.db),
    'expired password recovery links',
  );
  // Sessions ended by signing out are remembered only while their tokens could still be used.
  await cleanup(
    ENDED_SESSIONS_CLEANUP_JOB,
    ENDED_SESSIONS_CLEANUP_CRON,
    () => cleanupEndedSessions(app.db),
    'ended sessions',
  );
  // The count tables' +1/-1 rows are folded every minute, so no read has to.
  // (Not logged: on a busy day it folds something every minute.)
  await boss.createQueue(FOLD_COUNTS_JOB);
  await boss.schedule(FOLD_COUNTS_JOB, FOLD_COUNTS_CRON);
  await work(FOLD_COUNTS_JOB, async () => {
    await foldCounts(app.db);
  });
  // Per-hour counts are read for the last 30 days only.
  await cleanup(HOUR_COUNTS_CLEANUP_JOB, HOUR_COUNTS_CLEANUP_CRON, () => cleanupHourCounts(app.db), 'old hour counts');

  // The embedded database has no autovacuum: its planner statistics are refreshed here.
  if (app.database.kind === 'pglite') {
    await refreshStatistics(app.db);
    await boss.createQueue(REFRESH_STATISTICS_JOB);
    await boss.schedule(REFRESH_STATISTICS_JOB, REFRESH_STATISTICS_CRON);
    await work(REFRESH_STATISTICS_JOB, () => refreshStatistics(app.db));
  }

  // Stored ticket views of an older definition are rewritten once after each start (one process does it).
  await boss.createQueue(REFRESH_TICKET_VIEWS_JOB);
  await work(REFRESH_TICKET_VIEWS_JOB, async () => {
    const { batches } = await refreshTicketViews(app.db);
    app.log.info({ batches }, 'stored ticket views checked');
  });
  await boss.send(REFRESH_TICKET_VIEWS_JOB, {}, { singletonKey: REFRESH_TICKET_VIEWS_JOB });

  // The events outbox: push and server-sent events.
  app.decorate('eventDelivery', await startEventDelivery(app, boss));

  app.addHook('onClose', async () => {
    await boss.stop({ graceful: true, timeout: 5000 });
  });
}

export const jobsPlugin = fp(registerJobs, { name: 'jobs', dependencies: ['database', 'file-store'] });
