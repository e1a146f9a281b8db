/**
 * Health routes (src/server/routes/health/health-routes.ts): live answers while the process runs; ready
 * names the state of the database, the file store and the job queue, and answers 503 once a shutdown
 * began (the start script sets `draining` on SIGTERM) or when a part fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('health', () => {
  let t: TestApp;
  let withJobs: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    withJobs = await createTestApp({ seed: false, config: { jobsEnabled: true } });
  });
  afterAll(async () => {
    await t.close();
    await withJobs.close();
  });
  const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });

  it('should be live and ready, naming each part, the jobs off where this process runs none', async () => {
    expect((await get(t, '/api/health/live')).json()).toEqual({ status: 'ok' });
    const ready = await get(t, '/api/health/ready');
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok', database: 'ok', files: 'ok', jobs: 'off' }]);
    const jobs = await get(withJobs, '/api/health/ready');
    expect([jobs.statusCode, jobs.json()]).toEqual([200, { status: 'ok', database: 'ok', files: 'ok', jobs: 'ok' }]);
  });

  it('should answer 503 to ready while draining, and stay live', async () => {
    t.app.draining = true;
    try {
      const ready = await get(t, '/api/health/ready');
      expect([ready.statusCode, ready.json().status]).toEqual([503, 'draining']);
      expect((await get(t, '/api/health/live')).statusCode).toBe(200);
    } finally {
      t.app.draining = false;
    }
  });

  it('should answer 503 to ready, naming the file store, when it cannot be written', async () => {
    const check = t.app.files.check.bind(t.app.files);
    t.app.files.check = () => Promise.reject(new Error('read-only file system'));
    try {
      const ready = await get(t, '/api/health/ready');
      expect([ready.statusCode, ready.json()]).toEqual([
        503,
        { status: 'unavailable', database: 'ok', files: 'failed', jobs: 'off' },
      ]);
    } finally {
      t.app.files.check = check;
    }
  });
});
