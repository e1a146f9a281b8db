/**
 * The sign-in captcha: ALTCHA v2 challenges, a solution accepted once and refused on replay (also by a
 * second app instance on the same database), expiry, CAPTCHA_ENABLED=false, and a key nobody can guess.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { spentCaptchas } from '../../src/server/db/schema/accounts';
import { cleanupSpentCaptchas } from '../../src/server/jobs/captcha-cleanup';
import { createCaptchaChallenge } from '../../src/server/routes/auth/captcha';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-seed';
import { openDatabase, type Database } from '../../src/server/db/database';
import { createTestApp, usePostgres, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (app: FastifyInstance, payload: Record<string, unknown>, ip: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });

/** What the widget sends: base64 of the challenge (without a code challenge) and its solution. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}

async function solvedCaptcha(app: FastifyInstance = t.app): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/auth/captcha' });
  return solve(res.json<Challenge>());
}

async function failThreeTimes(app: FastifyInstance, username: string, ip: string) {
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push((await login(app, { username, password: 'bad-password' }, ip)).json());
  return answers;
}

describe('GET /api/auth/captcha', () => {
  it('should answer a signed v2 challenge (PBKDF2, deterministic effort) that expires in 10 minutes and is never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/captcha' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<Challenge>();
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(body.parameters).toMatchObject({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1000,
      keyLength: 32,
      nonce: expect.stringMatching(/^[0-9a-f]+$/),
      salt: expect.stringMatching(/^[0-9a-f]+$/),
      keyPrefix: expect.stringMatching(/^[0-9a-f]+$/),
      keySignature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const expiresIn = body.parameters.expiresAt! - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(590);
    expect(expiresIn).toBeLessThanOrEqual(600);
    // The old v1 format is gone.
    expect(body).not.toHaveProperty('maxnumber');
    expect(body).not.toHaveProperty('challenge');
  });
});

describe('sign-in after three failures', () => {
  it('should say on the third failure that a captcha comes next, then refuse the right password without one', async () => {
    const ip = '10.1.0.1';
    const answers = await failThreeTimes(t.app, 'customs2', ip);
    expect(answers.map((a) => a.captchaRequired ?? false)).toEqual([false, false, true]);
    expect(answers[2].message).toBe('Incorrect user or password');
    const blocked = await login(t.app, { username: 'customs2', password: DEMO_PASSWORD }, ip);
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json()).toMatchObject({ message: 'Solve the captcha to continue', captchaRequired: true });
  });

  it('should sign in with a solved captcha once and refuse the same solution again', async () => {
    const ip = '10.1.0.2';
    await failThreeTimes(t.app, 'carrier2', ip);
    const captcha = await solvedCaptcha();
    const ok = await login(t.app, { username: 'carrier2', password: DEMO_PASSWORD, captcha }, ip);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.username).toBe('carrier2');

    const replay = await login(t.app, { username: 'carrier2', password: DEMO_PASSWORD, captcha }, ip);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ message: 'Solve the captcha to continue', captchaRequired: true });
    // A fresh solution still works.
    const again = await login(
      t.app,
      { username: 'carrier2', password: DEMO_PASSWORD, captcha: await solvedCaptcha() },
      ip,
    );
    expect(again.statusCode).toBe(200);
  });

  it('should spend a solution even when the password is wrong', async () => {
    const ip = '10.1.0.3';
    await failThreeTimes(t.app, 'supplier2', ip);
    const captcha = await solvedCaptcha();
    const wrong = await login(t.app, { username: 'supplier2', password: 'still-wrong', captcha }, ip);
    expect(wrong.json()).toMatchObject({
      code: 'incorrect_login',
      message: 'Incorrect user or password',
      captchaRequired: true,
    });
    const replay = await login(t.app, { username: 'supplier2', password: DEMO_PASSWORD, captcha }, ip);
    expect(replay.json()).toMatchObject({ message: 'Solve the captcha to continue', captchaRequired: true });
  });

  it('should refuse a solution of a challenge signed with another key, a wrong solution and garbage, with 401 and never 5xx', async () => {
    const ip = '10.1.0.4';
    await failThreeTimes(t.app, 'rail1', ip);
    const forged = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 5,
      deriveKey,
      expiresAt: new Date(Date.now() + 60_000),
      hmacSignatureSecret: 'not-the-server-key-not-the-server-key',
      hmacKeySignatureSecret: 'not-the-server-key-either-not-the-server-key',
    });
    const genuine = JSON.parse(Buffer.from(await solvedCaptcha(), 'base64').toString());
    const wrongKey = { ...genuine, solution: { ...genuine.solution, derivedKey: 'ab'.repeat(32) } };
    const candidates = [
      await solve(forged),
      Buffer.from(JSON.stringify(wrongKey)).toString('base64'),
      Buffer.from(
        JSON.stringify({
          ...genuine,
          challenge: { ...genuine.challenge, parameters: { ...genuine.challenge.parameters, cost: 1 } },
        }),
      ).toString('base64'),
      'not base64 at all %%%',
      Buffer.from('null').toString('base64'),
      Buffer.from('{"challenge":{},"solution":{}}').toString('base64'),
    ];
    for (const captcha of candidates) {
      const res = await login(t.app, { username: 'rail1', password: DEMO_PASSWORD, captcha }, ip);
      expect(res.statusCode).toBe(401);
      expect(res.json().captchaRequired).toBe(true);
    }
  });

  it('should refuse a solution whose challenge expired', async () => {
    const ip = '10.1.0.5';
    await failThreeTimes(t.app, 'customs1', ip);
    const old = await createCaptchaChallenge(t.app.config.captchaHmacKey, Date.now() - 11 * 60 * 1000);
    const res = await login(t.app, { username: 'customs1', password: DEMO_PASSWORD, captcha: await solve(old) }, ip);
    expect(res.statusCode).toBe(401);
    expect(res.json().captchaRequired).toBe(true);
  });

  it('should keep a spent solution until its challenge expires, then the cleanup job removes it', async () => {
    await t.database.db.delete(spentCaptchas);
    const ip = '10.1.0.6';
    await failThreeTimes(t.app, 'adminro', ip);
    expect(
      (await login(t.app, { username: 'adminro', password: DEMO_PASSWORD, captcha: await solvedCaptcha() }, ip))
        .statusCode,
    ).toBe(200);
    const row = (await t.database.db.select().from(spentCaptchas))[0]!;
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60 * 1000);

    expect(await cleanupSpentCaptchas(t.database.db as never, new Date())).toEqual({ removed: 0 });
    expect(await cleanupSpentCaptchas(t.database.db as never, new Date(row.expiresAt.getTime() + 1000))).toEqual({
      removed: 1,
    });
    expect(await t.database.db.select().from(spentCaptchas)).toEqual([]);
  });
});

describe('GET /api/auth/captcha/required', () => {
  const required = (app: FastifyInstance, ip: string, username?: string) =>
    app.inject({
      method: 'GET',
      url: `/api/auth/captcha/required${username === undefined ? '' : `?username=${encodeURIComponent(username)}`}`,
      remoteAddress: ip,
    });

  it('should say no before any failure and yes, never cached, once three sign-ins failed from the address', async () => {
    const ip = '10.1.1.1';
    const before = await required(t.app, ip);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ captchaRequired: false });
    await failThreeTimes(t.app, 'nobody-here', ip);
    const after = await required(t.app, ip);
    expect(after.json()).toEqual({ captchaRequired: true });
    expect(after.headers['cache-control']).toBe('no-store');
    // Another address that never failed is not asked.
    expect((await required(t.app, '10.1.1.2')).json()).toEqual({ captchaRequired: false });
  });

  it('should say yes for a username that failed three times elsewhere, in any case and with blanks around it', async () => {
    await failThreeTimes(t.app, 'carrier1', '10.1.1.3');
    expect((await required(t.app, '10.1.1.4', ' Carrier1 ')).json()).toEqual({ captchaRequired: true });
    expect((await required(t.app, '10.1.1.4', 'never-failed-name')).json()).toEqual({ captchaRequired: false });
  });

  it('should answer alike for a name that exists and one that does not', async () => {
    await failThreeTimes(t.app, 'supplier1', '10.1.1.5');
    await failThreeTimes(t.app, 'no-such-user-x', '10.1.1.6');
    const real = await required(t.app, '10.1.1.7', 'supplier1');
    const made = await required(t.app, '10.1.1.7', 'no-such-user-x');
    expect(made.statusCode).toBe(real.statusCode);
    expect(made.json()).toEqual(real.json());
    expect(made.json()).toEqual({ captchaRequired: true });
    const neverFailedReal = await required(t.app, '10.1.1.7', 'admin');
    const neverFailedMade = await required(t.app, '10.1.1.7', 'no-such-user-y');
    expect(neverFailedMade.json()).toEqual(neverFailedReal.json());
  });

  it('should refuse a username longer than any sign-in accepts with 400', async () => {
    const res = await required(t.app, '10.1.1.8', 'x'.repeat(101));
    expect(res.statusCode).toBe(400);
  });
});

describe('two app instances on one database', () => {
  let second: FastifyInstance;
  let secondDatabase: Database | undefined;
  beforeAll(async () => {
    // Another process would open its own connection to the same PostgreSQL; PGlite is one embedded
    // database, shared by handing it in. The same DATA_DIR gives it the same captcha key file.
    const { captchaHmacKey: _key, ...sameSettingsButKey } = t.app.config;
    secondDatabase = usePostgres ? await openDatabase({ url: t.app.config.databaseUrl }) : undefined;
    second = await buildApp({
      database: secondDatabase ?? t.database,
      logger: false,
      config: sameSettingsButKey,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase?.close();
  });

  it('should share the key kept in DATA_DIR', () => {
    expect(second.config.captchaHmacKey).toBe(t.app.config.captchaHmacKey);
  });

  it('should refuse in one instance a solution spent in the other', async () => {
    const ip = '10.1.0.7';
    await failThreeTimes(t.app, 'supplier1', ip);
    const captcha = await solvedCaptcha(second);
    expect((await login(t.app, { username: 'supplier1', password: DEMO_PASSWORD, captcha }, ip)).statusCode).toBe(200);
    const replay = await login(second, { username: 'supplier1', password: DEMO_PASSWORD, captcha }, ip);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ message: 'Solve the captcha to continue', captchaRequired: true });
  });
});

describe('CAPTCHA_ENABLED=false', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ config: { captchaEnabled: false } });
  });
  afterAll(async () => {
    await off.close();
  });

  it('should be read from the environment', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'captcha-off-'));
    expect(loadConfig({ CAPTCHA_ENABLED: 'false', DATA_DIR: dataDir }).captchaEnabled).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir }).captchaEnabled).toBe(true);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should never ask for a captcha, however many failures', async () => {
    expect(off.app.config.captchaEnabled).toBe(false);
    const ip = '10.1.0.8';
    for (let i = 0; i < 5; i++) {
      const res = await login(off.app, { username: 'carrier1', password: 'bad-password' }, ip);
      expect(res.json()).toEqual(expect.objectContaining({ message: 'Incorrect user or password' }));
      expect(res.json()).not.toHaveProperty('captchaRequired');
    }
    const asked = await off.app.inject({
      method: 'GET',
      url: '/api/auth/captcha/required?username=carrier1',
      remoteAddress: ip,
    });
    expect(asked.json()).toEqual({ captchaRequired: false });
    const ok = await login(off.app, { username: 'carrier1', password: DEMO_PASSWORD }, ip);
    expect(ok.statusCode).toBe(200);
  });
});

describe('the captcha key', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'captcha-key-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('should be made at random on first start, kept in DATA_DIR for the next start, and differ between installations', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.createdKeyFiles).toContain(path.join(dir, 'captcha-hmac.key'));
    expect(first.captchaHmacKey.length).toBeGreaterThanOrEqual(32);
    expect(first.captchaHmacKey).not.toContain(first.jwtSecret);
    expect(first.jwtSecret).not.toContain(first.captchaHmacKey);
    expect(statSync(path.join(dir, 'captcha-hmac.key')).mode & 0o077).toBe(0);
    expect(readFileSync(path.join(dir, 'captcha-hmac.key'), 'utf8').trim()).toBe(first.captchaHmacKey);

    const restart = loadConfig({ DATA_DIR: dir });
    expect(restart.captchaHmacKey).toBe(first.captchaHmacKey);
    expect(restart.createdKeyFiles).toEqual([]);
    expect(loadConfig({ DATA_DIR: tempDir() }).captchaHmacKey).not.toBe(first.captchaHmacKey);
  });

  it('should take CAPTCHA_HMAC_KEY when set and refuse a short one', () => {
    const dir = tempDir();
    const key = 'k'.repeat(40);
    expect(loadConfig({ DATA_DIR: dir, CAPTCHA_HMAC_KEY: key }).captchaHmacKey).toBe(key);
    expect(() => loadConfig({ DATA_DIR: dir, CAPTCHA_HMAC_KEY: 'short-key' })).toThrow(
      'CAPTCHA_HMAC_KEY must be at least 32 characters',
    );
  });
});
