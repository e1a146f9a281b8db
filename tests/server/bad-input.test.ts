/**
 * Bad input answers 400 (404 for a path id), never 5xx: these classes are refused once, in the route
 * helper, for every route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let admin: string;
let supplier: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  supplier = await t.login('supplier1');
});
afterAll(async () => {
  await t.close();
});

describe('bad input', () => {
  it('should answer 404 to a path id beyond the database integer range', async () => {
    for (const id of ['2147483648', '9999999999']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/tickets/${id}`, headers: bearer(admin) });
      expect(res.statusCode).toBe(404);
    }
  });

  it('should answer 400 to a NUL byte in a text of the body or the query', async () => {
    const body = await t.app.inject({
      method: 'PUT',
      url: '/api/tickets/1/decline',
      headers: bearer(await t.login('carrier1')),
      payload: { ticket: { reason: 'bad\u0000reason' } },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().message).toBe('Text must not contain a NUL character');
    const query = await t.app.inject({ method: 'GET', url: '/api/tickets?search=a%00b', headers: bearer(supplier) });
    expect(query.statusCode).toBe(400);
  });

  it('should answer 400 to a body of null or a list where an object is expected', async () => {
    // Renewing a token takes an object whose fields are all optional: `{}` is fine, null or a list is not.
    const renew = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login/token',
        headers: { ...bearer(supplier), 'content-type': 'application/json' },
        payload,
      });
    expect((await renew('{}')).statusCode).toBe(200);
    for (const payload of ['null', '[]', '[{"expiresIn":1000}]']) expect((await renew(payload)).statusCode).toBe(400);
  });
});
