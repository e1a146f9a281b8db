import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeJwt, SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-seed';
import { queryRows } from '../../src/server/db/database';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });
/** POST /api/auth/login/token: renews the session of the token in `headers`. */
const renewWith = (headers: Record<string, string>, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login/token', headers, payload });
const renewToken = (token: string, payload: Record<string, unknown> = {}) => renewWith(bearer(token), payload);

describe('POST /api/auth/login', () => {
  it.each([
    ['admin', 'ADMIN', null],
    ['adminro', 'ADMINRO', null],
    ['supplier1', 'SUPPLIER', 'supplier'],
    ['supplier2', 'SUPPLIER', 'supplier'],
    ['carrier1', 'CARRIER', 'carrier'],
    ['carrier2', 'CARRIER', 'carrier'],
    ['rail1', 'CARRIER', 'carrier'],
    ['customs1', 'CUSTOMS', 'customsAgent'],
    ['customs2', 'CUSTOMS', 'customsAgent'],
  ] as const)('should sign in %s with the first role %s and its business', async (username, role, business) => {
    const res = await login({ username, password: DEMO_PASSWORD, expiresIn: 3_600_000 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.username).toBe(username);
    expect(body.user.roles[0].name).toBe(role);
    expect(body.user.userDetail.name).toEqual(expect.any(String));
    if (business) expect(body.user.userDetail[business].businessName).toEqual(expect.any(String));
    expect(typeof body.token).toBe('string');
  });

  it('should list the supplier yards in the user detail', async () => {
    const res = await login({ username: 'supplier1', password: DEMO_PASSWORD });
    expect(res.json().user.userDetail.supplier.depots.map((d: { name: string }) => d.name)).toEqual([
      'South Chicago Yard',
      'Houston Ship Channel Yard',
    ]);
  });

  it('should answer 401 with the spec text for a wrong password or an unknown user', async () => {
    for (const payload of [
      { username: 'carrier1', password: 'wrong-password' },
      { username: 'nobody', password: 'whatever-1' },
    ]) {
      const res = await login(payload, '10.0.0.2');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        statusCode: 401,
        code: 'incorrect_login',
        message: 'Incorrect user or password',
      });
    }
  });

  it('should answer 400 with a message per missing field', async () => {
    const res = await login({});
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({
      username: 'Username is a required field',
      password: 'Password is a required field',
    });
  });

  it('should cap the token at 24 hours and follow a shorter expiresIn', async () => {
    const long = (await login({ username: 'admin', password: DEMO_PASSWORD, expiresIn: 7 * 86_400_000 })).json();
    const short = (await login({ username: 'admin', password: DEMO_PASSWORD, expiresIn: 60_000 })).json();
    const now = Math.floor(Date.now() / 1000);
    expect(decodeJwt(long.token).exp! - now).toBeLessThanOrEqual(86_400);
    expect(decodeJwt(long.token).exp! - now).toBeGreaterThan(86_000);
    expect(decodeJwt(short.token).exp! - now).toBeLessThanOrEqual(60);
  });
});

describe('bearer tokens', () => {
  it('should renew a valid token with POST /api/auth/login/token', async () => {
    const token = await t.login('carrier1');
    const res = await renewToken(token, { expiresIn: 120_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe('carrier1');
  });

  it('should answer 401 without a token, with a forged one and with an expired one', async () => {
    const forged = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(t.app.config.jwtSecret));
    for (const headers of [{}, bearer(forged), bearer(expired), bearer('garbage')]) {
      expect((await renewWith(headers)).statusCode).toBe(401);
    }
  });

  it('should refuse a token it has already accepted once its time is over', async () => {
    const token = (await login({ username: 'carrier2', password: DEMO_PASSWORD, expiresIn: 60_000 })).json().token;
    const me = () => t.app.inject({ method: 'GET', url: '/api/tickets/count/states', headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);
    // Past its minute and the 60 s tolerance between servers' clocks.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3 * 60_000 });
    try {
      expect((await me()).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('should refuse a token ten seconds after its end: the tolerance between clocks is a few seconds', async () => {
    const token = (await login({ username: 'carrier2', password: DEMO_PASSWORD, expiresIn: 60_000 })).json().token;
    const me = () => t.app.inject({ method: 'GET', url: '/api/tickets/count/states', headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 70_000 });
    try {
      expect((await me()).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it("should end the session on sign-out: its token and its renewals are refused, the user's other sessions go on", async () => {
    const phone = (await login({ username: 'rail1', password: DEMO_PASSWORD }, '10.0.0.7')).json().token as string;
    const desk = (await login({ username: 'rail1', password: DEMO_PASSWORD }, '10.0.0.8')).json().token as string;
    const renewed = (await renewToken(phone)).json().token as string;
    // A renewal keeps the session's id; a sign-in starts a new one.
    expect(decodeJwt(renewed).sid).toBe(decodeJwt(phone).sid);
    expect(decodeJwt(desk).sid).not.toBe(decodeJwt(phone).sid);
    const read = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/tickets/count/states', headers: bearer(token) });
    expect((await read(phone)).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(phone), payload: {} });
    expect(out.statusCode).toBe(200);
    for (const token of [phone, renewed]) {
      expect((await read(token)).statusCode).toBe(401);
      expect((await renewToken(token)).statusCode).toBe(401);
    }
    expect((await read(desk)).statusCode).toBe(200);
  });

  it('should not renew a session signed in 24 h ago or more, however recently it was renewed', async () => {
    const [me] = await queryRows<{ id: number; tokenVersion: number }>(
      t.database.db,
      sql`select id, token_version as "tokenVersion" from users where username = 'carrier1'`,
    );
    const renew = async (startedAgoMs: number) => {
      const token = await t.app.signToken(me!, 3_600_000, { startedAt: Date.now() - startedAgoMs, id: null });
      return renewToken(token);
    };
    expect((await renew(23 * 3_600_000)).statusCode).toBe(200);
    expect((await renew(25 * 3_600_000)).statusCode).toBe(401);
  });

  it('should take a 24 h token signed as the clock turns to the next second', async () => {
    const [me] = await queryRows<{ id: number; tokenVersion: number }>(
      t.database.db,
      sql`select id, token_version as "tokenVersion" from users where username = 'carrier1'`,
    );
    // The first read of the clock is the last millisecond of a second; every later read is in the next one.
    const turn = (Math.floor(Date.now() / 1000) + 1) * 1000;
    const now = vi
      .spyOn(Date, 'now')
      .mockReturnValueOnce(turn - 1)
      .mockReturnValue(turn);
    try {
      const token = await t.app.signToken(me!);
      const claims = decodeJwt(token);
      expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(24 * 3600);
      expect((await renewToken(token)).statusCode).toBe(200);
    } finally {
      now.mockRestore();
    }
  });

  it('should reject tokens issued before the token version changed, also one the server has already accepted', async () => {
    const token = await t.login('supplier2');
    expect((await renewToken(token)).statusCode).toBe(200);
    await t.database.db.execute(sql`update users set token_version = token_version + 1 where username = 'supplier2'`);
    expect((await renewToken(token)).statusCode).toBe(401);
    await t.database.db.execute(sql`update users set token_version = 0 where username = 'supplier2'`);
  });
});

describe('users', () => {
  it('should read oneself, hide other users from non-admins and show them to admins', async () => {
    const supplier = await t.login('supplier1');
    const me = (await renewToken(supplier)).json().user;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/${me.id}`, headers: bearer(supplier) })).json().user
        .username,
    ).toBe('supplier1');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/${me.id + 1}`, headers: bearer(supplier) })).statusCode,
    ).toBe(404);
    const admin = await t.login('adminro');
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${me.id}`, headers: bearer(admin) })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/users/abc', headers: bearer(admin) })).statusCode).toBe(404);
  });

  it('should store and remove a push token for the signed-in user only', async () => {
    const token = await t.login('carrier2');
    const me = (await renewToken(token)).json().user;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${me.id}/firebaseToken`,
      headers: bearer(token),
      payload: { token: 'device-abc' },
    });
    expect(put.statusCode).toBe(200);
    const count = async () =>
      (
        (await t.database.db.execute(
          sql`select count(*)::int as n from firebase_tokens where token = 'device-abc'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    expect(await count()).toBe(1);
    const other = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${me.id - 1}/firebaseToken`,
      headers: bearer(token),
      payload: { token: 'x' },
    });
    expect(other.statusCode).toBe(404);
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${me.id}/firebaseToken/remove`,
      headers: bearer(token),
      payload: { token: 'device-abc' },
    });
    expect(await count()).toBe(0);
  });
});

describe('SSO before it is configured', () => {
  it('should send the SSO buttons to the login error page', async () => {
    for (const provider of ['supplier', 'employee']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/login/${provider}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login/login-error?reason=sso-not-configured');
    }
  });
});
