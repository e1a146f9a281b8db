import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressFolder } from '../../src/build/compress-assets';
import { createTestApp, type TestApp } from './helpers/test-app';

// Big enough to be worth compressing, like any real bundle.
const BUNDLE = Array.from(
  { length: 400 },
  (_, i) => `export const value${i} = ${JSON.stringify('x'.repeat(i % 40))};`,
).join('\n');

let t: TestApp;
let dist: string;
beforeAll(async () => {
  // A tiny stand-in for the built app, so this file does not depend on `vite build`.
  const folder = path.join(process.env.TMPDIR ?? '/tmp', `dist-${process.pid}-${Date.now()}`);
  mkdirSync(path.join(folder, 'assets'), { recursive: true });
  writeFileSync(
    path.join(folder, 'index.html'),
    `<!doctype html><title>Portal</title><div id="root"></div><!-- ${'padding '.repeat(200)} -->`,
  );
  writeFileSync(path.join(folder, 'sw.js'), `self.addEventListener("install", () => {});\n${BUNDLE}`);
  writeFileSync(path.join(folder, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(folder, 'assets', 'login-def456.js'), BUNDLE);
  // The same step the build runs: brotli and gzip copies beside the files.
  await compressFolder(folder);
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

  it('should send the brotli or gzip copy the browser accepts, decoding to the same file', async () => {
    const file = readFileSync(path.join(dist, 'assets', 'login-def456.js'));
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/login-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.length).toBeLessThan(file.length);
    expect(brotliDecompressSync(br.rawPayload).equals(file)).toBe(true);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/login-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(gunzipSync(gz.rawPayload).equals(file)).toBe(true);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/login-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(plain.rawPayload.equals(file)).toBe(true);
  });

  it('should compress the page of a client route and the service worker, keeping their no-cache', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(readFileSync(path.join(dist, 'index.html'), 'utf8'));
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'gzip' } });
    expect(sw.headers['content-encoding']).toBe('gzip');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(sw.rawPayload).equals(readFileSync(path.join(dist, 'sw.js')))).toBe(true);
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
