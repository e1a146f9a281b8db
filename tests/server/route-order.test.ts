/**
 * Every API route refuses in one order: 401 without a token, then 403 for a role without the route's
 * permission, before a malformed id (404) or a bad body (400) is even looked at. The routes are read from
 * the OpenAPI document, so a route added later is probed too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '../../src/shared/domain/permissions';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;

interface Operation {
  description?: string;
  security?: unknown[];
}
interface Probe {
  method: string;
  url: string;
  access: string;
}

let probes: Probe[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  probes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase(),
      // The document's paths are relative to its server, /api. A malformed value for every path
      // parameter: answered 404 if it were looked at first.
      url: `/api${path}`.replace(/\{[^}]+\}/g, 'not-an-id'),
      access:
        op.security?.length === 0 ? 'public' : (/`([a-z]+:[a-z-]+)`/.exec(op.description ?? '')?.[1] ?? 'signed-in'),
    })),
  );
});
afterAll(async () => {
  await t.close();
});

/** A body that fails to parse as JSON (400 if it were read first) on every method that takes one. */
const badBody = (method: string) =>
  method === 'GET' || method === 'DELETE'
    ? {}
    : { payload: '{not json', headers: { 'content-type': 'application/json' } };

describe('route refusal order', () => {
  it('should list every API route in the OpenAPI document, each with its access', () => {
    expect(probes.length).toBeGreaterThanOrEqual(40);
    expect(
      probes
        .filter((p) => p.access === 'public')
        .map((p) => `${p.method} ${p.url}`)
        .sort(),
    ).toEqual(
      [
        'GET /api/auth/callback/employee',
        'GET /api/auth/callback/supplier',
        'GET /api/auth/captcha',
        'GET /api/auth/captcha/required',
        'GET /api/auth/login/employee',
        'GET /api/auth/login/supplier',
        'GET /api/auth/sso-providers',
        'GET /api/health',
        'GET /api/health/live',
        'GET /api/health/ready',
        // A screen can fail before anyone signs in (routes/app-errors).
        'POST /api/app-errors',
        'POST /api/auth/login',
        'POST /api/auth/password',
        'POST /api/auth/sso/handoff',
        'PUT /api/auth/password',
      ].sort(),
    );
  });

  it('should answer 401 on every non-public route without a token, before its id or body', async () => {
    const answers: string[] = [];
    for (const p of probes.filter((x) => x.access !== 'public')) {
      const { payload, headers } = badBody(p.method) as { payload?: string; headers?: Record<string, string> };
      const res = await t.app.inject({ method: p.method as 'GET', url: p.url, payload, headers });
      answers.push(`${p.method} ${p.url} ${res.statusCode}`);
    }
    expect(answers).toEqual(answers.map((a) => a.replace(/\d+$/, '401')));
  });

  it('should answer 401 on every non-public route with a forged token', async () => {
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidmVyIjowfQ.bm90LWEtc2lnbmF0dXJl';
    for (const p of probes.filter((x) => x.access !== 'public')) {
      const res = await t.app.inject({ method: p.method as 'GET', url: p.url, headers: bearer(forged) });
      expect(`${p.method} ${p.url} ${res.statusCode}`).toBe(`${p.method} ${p.url} 401`);
    }
  });

  it('should answer 403 to a role without the permission, before its id or body', async () => {
    const users = ['admin', 'adminro', 'supplier1', 'carrier1', 'customs1'] as const;
    const roleOf = {
      admin: 'ADMIN',
      adminro: 'ADMINRO',
      supplier1: 'SUPPLIER',
      carrier1: 'CARRIER',
      customs1: 'CUSTOMS',
    } as const;
    const tokens = Object.fromEntries(await Promise.all(users.map(async (u) => [u, await t.login(u)] as const)));
    const answers: string[] = [];
    let probed = 0;
    for (const p of probes.filter((x) => x.access in PERMISSIONS)) {
      const allowed: readonly string[] = PERMISSIONS[p.access as Permission];
      const outsider = users.find((u) => !allowed.includes(roleOf[u]));
      if (!outsider) continue;
      probed++;
      const { payload, headers } = badBody(p.method) as { payload?: string; headers?: Record<string, string> };
      const res = await t.app.inject({
        method: p.method as 'GET',
        url: p.url,
        payload,
        headers: { ...headers, ...bearer(tokens[outsider]!) },
      });
      answers.push(`${p.method} ${p.url} as ${outsider}: ${res.statusCode}`);
    }
    expect(probed).toBeGreaterThanOrEqual(15);
    expect(answers).toEqual(answers.map((a) => a.replace(/\d+$/, '403')));
  });
});
