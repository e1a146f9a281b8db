/**
 * Role x endpoint matrix, generated from the OpenAPI document: every operation is called with no token,
 * a forged token and a token of each role, and each answer is compared with the table below. A route
 * added without a row here fails the test, so every new route gets its access decided on purpose.
 *
 * Each call names an object that does not exist (path ids 999999) and sends an empty JSON object as
 * the body, so an allowed caller reaches the route's own validation (400), its lookup (404) or a
 * harmless read (200) and nothing is changed.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

const CALLERS = ['none', 'forged', 'ADMIN', 'ADMINRO', 'SUPPLIER', 'CARRIER', 'CUSTOMS'] as const;
const USER_OF = { ADMIN: 'admin', ADMINRO: 'adminro', SUPPLIER: 'supplier1', CARRIER: 'carrier1', CUSTOMS: 'customs1' };

/** Expected status per caller, in the order of CALLERS. */
const EXPECTED: Record<string, string> = {
  //                  none forged ADMIN ADMINRO SUPPLIER CARRIER CUSTOMS
  'GET /health': '200 200 200 200 200 200 200',
  'GET /health/live': '200 200 200 200 200 200 200',
  'GET /health/ready': '200 200 200 200 200 200 200',
  'GET /auth/captcha': '200 200 200 200 200 200 200',
  'GET /auth/captcha/required': '200 200 200 200 200 200 200',
  // Public: an empty body is refused for every caller, a forged token included.
  'POST /app-errors': '400 400 400 400 400 400 400',
  'POST /auth/login': '400 400 400 400 400 400 400',
  'POST /auth/login/token': '401 401 200 200 200 200 200',
  'POST /auth/logout': '401 401 200 200 200 200 200',
  // Public: the session a single sign-on left in this browser's cookie; none here.
  'POST /auth/sso/handoff': '401 401 401 401 401 401 401',
  'POST /auth/password': '400 400 400 400 400 400 400',
  'PUT /auth/password': '400 400 400 400 400 400 400',
  'PUT /auth/password/own': '401 401 400 400 400 400 400',
  'GET /auth/sso-providers': '200 200 200 200 200 200 200',
  'GET /auth/login/supplier': '302 302 302 302 302 302 302',
  'GET /auth/callback/supplier': '302 302 302 302 302 302 302',
  'GET /auth/login/employee': '302 302 302 302 302 302 302',
  'GET /auth/callback/employee': '302 302 302 302 302 302 302',
  'GET /users/{id}': '401 401 404 404 404 404 404',
  'PUT /users/{id}/firebaseToken': '401 401 400 400 400 400 400',
  'PUT /users/{id}/firebaseToken/remove': '401 401 404 404 404 404 404',
  'GET /tickets': '401 401 200 200 200 200 200',
  'POST /tickets': '401 401 403 403 400 403 403',
  'GET /tickets/count/states': '401 401 200 200 200 200 200',
  'GET /tickets/count/carrier': '401 401 200 200 403 403 403',
  'GET /tickets/{id}': '401 401 404 404 404 404 404',
  'DELETE /tickets/{id}': '401 401 403 403 404 403 403',
  'PUT /tickets/{id}': '401 401 400 403 403 403 400',
  'PUT /tickets/{id}/confirm': '401 401 403 403 403 400 403',
  'PUT /tickets/{id}/decline': '401 401 403 403 403 400 403',
  'PUT /tickets/{id}/pass': '401 401 403 403 403 400 403',
  'PUT /tickets/{id}/manual': '401 401 400 403 403 403 403',
  'PATCH /tickets/cancel/{id}': '401 401 404 403 404 403 403',
  'GET /destinations': '401 401 200 200 200 200 200',
  'GET /carriers': '401 401 200 200 200 200 200',
  'GET /carriers/filters': '401 401 200 200 200 200 200',
  'GET /suppliers': '401 401 200 200 200 200 200',
  'GET /depots': '401 401 200 200 200 200 200',
  'POST /depots': '401 401 400 403 403 403 403',
  'GET /depots/all': '401 401 200 200 200 200 200',
  'GET /border-crossings': '401 401 200 200 200 200 200',
  'GET /border-crossings/all': '401 401 200 200 200 200 200',
  'GET /configurations': '401 401 200 200 403 403 403',
  'GET /configurations/offer-window': '401 401 200 200 200 200 200',
  'PUT /carriers/{id}': '401 401 400 403 403 403 403',
  'GET /suppliers/filters': '401 401 200 200 403 403 403',
  'PUT /suppliers/{id}': '401 401 404 403 403 403 403',
  'GET /depots/filters': '401 401 200 200 403 403 403',
  'PUT /configurations/{id}': '401 401 400 403 403 403 403',
  'GET /contracts': '401 401 200 200 403 403 403',
  'POST /carriers/{carrierId}/contracts': '401 401 400 403 403 403 403',
  'PUT /carriers/{carrierId}/contracts/{contractId}': '401 401 400 403 403 403 403',
  'GET /vehicles': '401 401 403 403 403 200 403',
  'POST /vehicles': '401 401 403 403 403 400 403',
  'GET /vehicles/suggestions': '401 401 400 400 400 403 403',
  'PUT /vehicles/{id}': '401 401 403 403 403 400 403',
  'POST /trucks-documentation': '401 401 403 403 400 403 403',
  'PUT /trucks-documentation/{id}': '401 401 404 403 400 403 403',
  'GET /trucks-documentation/{ticketId}/ticket': '401 401 404 404 404 404 404',
  'POST /railcar-documentation': '401 401 403 403 400 403 403',
  'PUT /railcar-documentation/{id}': '401 401 404 403 400 403 403',
  'GET /railcar-documentation/{ticketId}/ticket': '401 401 404 404 404 404 404',
  'GET /invoices/{ticketId}/ticket': '401 401 404 404 404 404 404',
  'POST /invoices': '401 401 400 403 403 403 403',
  'PUT /invoices/{id}': '401 401 404 403 403 403 403',
  'PUT /invoices/{id}/payment': '401 401 400 403 403 403 403',
  'PUT /invoices/{id}/sap-validation': '401 401 400 403 403 403 403',
  'PUT /download': '401 401 400 400 400 400 400',
  'GET /trucks-documentation/purchase-orders/material': '401 401 200 200 200 403 403',
  'GET /trucks-documentation/purchase-orders/material/{materialId}': '401 401 200 200 200 403 403',
  'GET /materials': '401 401 200 200 200 200 200',
  'POST /purchase-orders/import': '401 401 400 403 403 403 403',
  'GET /events': '401 401 200 200 200 200 200',
  'POST /events/ticket': '401 401 200 200 200 200 200',
  'GET /rpa': '401 401 200 200 403 403 403',
  'POST /rpa': '401 401 400 403 403 403 403',
  'GET /rpa/{id}': '401 401 404 404 403 403 403',
  'GET /data-sap/excel': '401 401 400 400 403 403 403',
  'GET /tickets/pdf': '401 401 400 400 403 403 403',
  'GET /evouchers': '401 401 200 200 403 200 403',
  'GET /evouchers/{ticketId}/pdf': '401 401 404 404 403 404 403',
};

let t: TestApp;
let tokens: Record<string, string>;
let operations: { method: string; path: string }[];

beforeAll(async () => {
  t = await createTestApp();
  tokens = Object.fromEntries(
    await Promise.all(Object.entries(USER_OF).map(async ([role, user]) => [role, await t.login(user)] as const)),
  );
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(async () => {
  await t.close();
});

const FORGED = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidmVyIjowfQ.bm90LWEtc2lnbmF0dXJl';

/** The event stream never ends by itself: its status is read from a real connection, then it is closed. */
async function streamStatus(url: string, headers: Record<string, string>): Promise<number> {
  const address = t.app.server.address() as AddressInfo | null;
  if (!address) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const abort = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}${url}`, { headers, signal: abort.signal });
  abort.abort();
  return res.status;
}

async function call(method: string, path: string, caller: (typeof CALLERS)[number]): Promise<number> {
  const url = `/api${path}`.replace(/\{[^}]+\}/g, '999999');
  // Signing out ends the session it is sent with: it gets a session of its own, not the one the other
  // operations are called with.
  const own = url === '/api/auth/logout' && caller !== 'none' && caller !== 'forged';
  const token = own
    ? await t.login(USER_OF[caller])
    : caller === 'forged'
      ? FORGED
      : tokens[caller as keyof typeof USER_OF];
  const headers: Record<string, string> = caller === 'none' ? {} : bearer(token!);
  if (url === '/api/events') return streamStatus(url, headers);
  const write = method !== 'GET' && method !== 'DELETE';
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: write ? { ...headers, 'content-type': 'application/json' } : headers,
    payload: write ? '{}' : undefined,
  });
  return res.statusCode;
}

describe('role x endpoint matrix', () => {
  it('should answer every operation for every caller as the table says', async () => {
    const answers: Record<string, string> = {};
    let requests = 0;
    for (const { method, path } of operations) {
      const statuses: number[] = [];
      for (const caller of CALLERS) {
        statuses.push(await call(method, path, caller));
        requests++;
      }
      answers[`${method} ${path}`] = statuses.join(' ');
    }
    const fiveHundreds = Object.values(answers).filter((a) => /\b5\d\d\b/.test(a)).length;
    console.log(
      `role x endpoint matrix: ${operations.length} operations x ${CALLERS.length} callers, ${requests} requests, ` +
        `${fiveHundreds} operations with a 5xx answer`,
    );
    if (process.env.PRINT_MATRIX)
      console.log(
        Object.entries(answers)
          .map(([k, v]) => `  '${k}': '${v}',`)
          .join('\n'),
      );
    expect(answers).toEqual(EXPECTED);
  });
});
