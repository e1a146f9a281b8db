/**
 * X-Forwarded-For names the client only when it comes from a proxy TRUST_PROXY names: otherwise anyone
 * could rotate it to dodge the sign-in rate limit and the failure counter that brings the captcha.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/server/config';
import { createTestApp, type TestApp } from './helpers/test-app';

let plain: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  plain = await createTestApp({ seed: false, config: { loginRateLimit: 5, trustProxy: [] } });
  behindProxy = await createTestApp({ seed: false, config: { loginRateLimit: 5, trustProxy: ['127.0.0.1'] } });
});
afterAll(async () => {
  await plain?.close();
  await behindProxy?.close();
});

let n = 0;
/** A failed sign-in of a new unknown user, from `peer`, claiming to be `forwardedFor`. */
const fail = (app: FastifyInstance, peer: string, forwardedFor: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: peer,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username: `nobody-${++n}`, password: 'bad-password' },
  });

describe('TRUST_PROXY', () => {
  it('should read a comma-separated list of addresses and ranges, and trust none by default', () => {
    const dataDir = plain.dataDir;
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
  });
});

describe('without TRUST_PROXY', () => {
  it('should count failures by the peer, whatever X-Forwarded-For says', async () => {
    // The failure that reaches the limit (the third) already asks for the captcha.
    for (let i = 1; i <= 2; i++)
      expect((await fail(plain.app, '10.20.0.1', `192.0.2.${i}`)).json()).not.toHaveProperty('captchaRequired');
    const third = await fail(plain.app, '10.20.0.1', '192.0.2.99');
    expect(third.statusCode).toBe(401);
    expect(third.json()).toMatchObject({ captchaRequired: true });
  });

  it('should rate-limit the peer, whatever X-Forwarded-For says', async () => {
    const codes = [];
    for (let i = 1; i <= 6; i++) codes.push((await fail(plain.app, '10.20.0.2', `198.51.100.${i}`)).statusCode);
    expect(codes.slice(0, 5).every((code) => code !== 429)).toBe(true);
    expect(codes[5]).toBe(429);
  });
});

describe('with TRUST_PROXY naming the peer', () => {
  it('should take the client address from X-Forwarded-For for the failure counter', async () => {
    for (let i = 1; i <= 4; i++) {
      expect((await fail(behindProxy.app, '127.0.0.1', `203.0.113.${i}`)).json()).not.toHaveProperty('captchaRequired');
    }
    for (let i = 1; i <= 3; i++) await fail(behindProxy.app, '127.0.0.1', '203.0.113.50');
    expect((await fail(behindProxy.app, '127.0.0.1', '203.0.113.50')).json()).toMatchObject({ captchaRequired: true });
  });

  it('should rate-limit each forwarded client on its own', async () => {
    for (let i = 1; i <= 6; i++)
      expect((await fail(behindProxy.app, '127.0.0.1', `203.0.113.${100 + i}`)).statusCode).not.toBe(429);
    const codes = [];
    for (let i = 1; i <= 6; i++) codes.push((await fail(behindProxy.app, '127.0.0.1', '203.0.113.200')).statusCode);
    expect(codes[5]).toBe(429);
  });

  it('should still ignore X-Forwarded-For from a peer it does not name', async () => {
    const codes = [];
    for (let i = 1; i <= 6; i++)
      codes.push((await fail(behindProxy.app, '10.20.0.3', `192.0.2.${150 + i}`)).statusCode);
    expect(codes[5]).toBe(429);
  });
});
