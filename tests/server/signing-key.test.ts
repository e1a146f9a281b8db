/**
 * The session tokens' signing key is never a value from the source: without JWT_SECRET each installation
 * makes its own random key on first start and keeps it in DATA_DIR, and every token must carry a bounded
 * lifetime (`iat` and `exp`, at most 24 h apart).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The constant the server signed with when JWT_SECRET was not set. */
const OLD_SOURCE_KEY = 'dev-only-secret-change-me-in-production-0123456789';

const now = () => Math.floor(Date.now() / 1000);

async function adminId(): Promise<number> {
  const token = await t.login('admin');
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/token', headers: bearer(token), payload: {} });
  return res.json<{ user: { id: number } }>().user.id;
}

function sign(key: string, claims: { sub: string; iat?: number; exp?: number }) {
  let jwt = new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub);
  if (claims.iat !== undefined) jwt = jwt.setIssuedAt(claims.iat);
  if (claims.exp !== undefined) jwt = jwt.setExpirationTime(claims.exp);
  return jwt.sign(new TextEncoder().encode(key));
}

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/tickets', headers: bearer(token) });

describe('the signing key', () => {
  it('should refuse an admin token minted with the constant the source used to hold', async () => {
    const id = await adminId();
    const minted = await sign(OLD_SOURCE_KEY, { sub: String(id), iat: now(), exp: now() + 3600 });
    expect((await me(minted)).statusCode).toBe(401);
    expect(t.app.config.jwtSecret).not.toBe(OLD_SOURCE_KEY);
  });

  it('should refuse a token without exp, without iat, or living beyond the 24 h cap', async () => {
    const id = String(await adminId());
    const key = t.app.config.jwtSecret;
    const good = await sign(key, { sub: id, iat: now(), exp: now() + 3600 });
    expect((await me(good)).statusCode).toBe(200);
    const refused = [
      await sign(key, { sub: id, iat: now() }),
      await sign(key, { sub: id, exp: now() + 3600 }),
      await sign(key, { sub: id, iat: now(), exp: now() + 25 * 3600 }),
      await sign(key, { sub: id, iat: now() - 25 * 3600, exp: now() + 3600 }),
      await sign(key, { sub: id, iat: now() + 3600, exp: now() + 7200 }),
    ];
    for (const token of refused) expect((await me(token)).statusCode).toBe(401);
  });

  it('should keep the key made on first start across a restart on the same DATA_DIR, so sessions survive', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jwt-key-'));
    const config = {
      dataDir,
      distDir: path.join(dataDir, 'no-dist'),
      jobsEnabled: false,
      seedDemo: false,
      loginRateLimit: 1000,
    };
    try {
      const first = await buildApp({ database: t.database, logger: false, config });
      const token = (
        await first.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'carrier1', password: 'Demo-1234!' },
        })
      ).json<{ token: string }>().token;
      await first.close();
      expect(statSync(path.join(dataDir, 'jwt-secret.key')).mode & 0o077).toBe(0);

      const restarted = await buildApp({ database: t.database, logger: false, config });
      try {
        const res = await restarted.inject({ method: 'GET', url: '/api/tickets', headers: bearer(token) });
        expect(res.statusCode).toBe(200);
      } finally {
        await restarted.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('should take JWT_SECRET when set, refuse a short one at start, and log the key file it made', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'jwt-key-'));
    try {
      const made = loadConfig({ DATA_DIR: dir });
      expect(made.createdKeyFiles).toContain(path.join(dir, 'jwt-secret.key'));
      expect(made.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(loadConfig({ DATA_DIR: dir }).createdKeyFiles).toEqual([]);
      expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 's'.repeat(40) }).jwtSecret).toBe('s'.repeat(40));
      expect(() => loadConfig({ DATA_DIR: dir, JWT_SECRET: 'too-short' })).toThrow(
        'JWT_SECRET must be at least 32 characters',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
