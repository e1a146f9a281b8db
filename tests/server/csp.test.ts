/** The page's Content-Security-Policy opens connect-src to Firebase only when push is configured. */
import { afterAll, describe, expect, it } from 'vitest';
import { FIREBASE_WEB_HOSTS } from '../../src/server/app';
import { startFcmStandIn, type FcmStandIn } from './helpers/fcm-stand-in';
import { createTestApp, type TestApp } from './helpers/test-app';

const apps: TestApp[] = [];
let fcm: FcmStandIn | undefined;
afterAll(async () => {
  for (const t of apps) await t.close();
  await fcm?.close();
});

async function connectSrc(t: TestApp): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  const csp = String(res.headers['content-security-policy']);
  const directive = csp.split(';').find((part) => part.trim().startsWith('connect-src')) ?? '';
  return directive.trim().split(/\s+/).slice(1);
}

describe('connect-src', () => {
  it("should allow only the app's own origin when push is not configured", async () => {
    const t = await createTestApp({ seed: false });
    apps.push(t);
    expect(await connectSrc(t)).toEqual(["'self'"]);
  });

  it("should add Firebase's two registration hosts, and nothing wider, when push is configured", async () => {
    fcm = await startFcmStandIn();
    const t = await createTestApp({
      seed: false,
      config: { firebaseCredentials: fcm.serviceAccountJson, fcmEndpoint: fcm.url },
    });
    apps.push(t);
    expect(await connectSrc(t)).toEqual(["'self'", ...FIREBASE_WEB_HOSTS]);
    expect(FIREBASE_WEB_HOSTS.every((host) => !host.includes('*'))).toBe(true);
  });
});

describe('frame-src', () => {
  it("should let the reviewers' viewer frame a fetched PDF (blob:) and the app's own pages, nothing else", async () => {
    const t = await createTestApp({ seed: false });
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const directive = csp.split(';').find((part) => part.trim().startsWith('frame-src')) ?? '';
    expect(directive.trim().split(/\s+/).slice(1)).toEqual(["'self'", 'blob:']);
    expect(csp).toContain("object-src 'none'");
  });
});

describe('security headers', () => {
  it('should be sent with every answer: the API, a refusal, an unknown address and a static file', async () => {
    const t = await createTestApp({ seed: false });
    apps.push(t);
    for (const url of ['/api/health', '/api/tickets', '/api/no-such-route', '/favicon.ico', '/login']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect({
        url,
        frameOptions: res.headers['x-frame-options'],
        noSniff: res.headers['x-content-type-options'],
        policy: String(res.headers['content-security-policy']).startsWith("default-src 'self'"),
        transport: res.headers['strict-transport-security'],
      }).toEqual({
        url,
        frameOptions: 'SAMEORIGIN',
        noSniff: 'nosniff',
        policy: true,
        transport: 'max-age=31536000; includeSubDomains',
      });
    }
  });
});
