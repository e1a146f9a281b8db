import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  // A tiny stand-in for the built app, so this file does not depend on `vite build`.
  const folder = path.join(process.env.TMPDIR ?? '/tmp', `dist-${process.pid}-${Date.now()}`);
  mkdirSync(path.join(folder, 'assets'), { recursive: true });
  writeFileSync(path.join(folder, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
  writeFileSync(path.join(folder, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(path.join(folder, 'assets', 'index-abc123.js'), 'console.log(1)');
  dist = folder;
  t = await createTestApp({ config: { distDir: dist, loginRateLimit: 3 } });
});
afterAll(async () => {
  await t.close();
});

describe('serving the app', () => {
  it('should answer GET /api/health with ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('should serve index.html for client routes with a strict CSP', async () => {
    for (const url of ['/', '/login/tradicional', '/dashboard/suppliers/previous']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
    }
  });

  it('should cache hashed assets for a year and revalidate the service worker', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('should answer unknown API paths and missing files with a JSON 404', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    const file = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(file.statusCode).toBe(404);
  });

  it('should publish the OpenAPI document with the sign-in route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers[0].url).toBe('/api');
    expect(doc.paths['/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'username',
    );
  });

  it('should rate-limit sign-in attempts from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin', password: 'x' },
        remoteAddress: '10.9.9.9',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});
