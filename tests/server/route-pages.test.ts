import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  // A stand-in for the built app with the build's list of each home path's files.
  const dist = path.join(process.env.TMPDIR ?? '/tmp', `dist-pages-${process.pid}-${Date.now()}`);
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify({
      routes: {
        '/dashboard/suppliers': { js: ['/assets/frame-2.js', '/assets/home-3.js'], css: ['/assets/home-4.css'] },
      },
      catalogues: { en: ['/assets/catalogue-en-5.js'], es: ['/assets/catalogue-es-6.js'] },
    }),
  );
  t = await createTestApp({ config: { distDir: dist } });
});
afterAll(async () => {
  await t.close();
});

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="(modulepreload|preload)"(?: as="style")? crossorigin href="([^"]+)">/g)].map(
    (m) => `${m[1]} ${m[2]}`,
  );

describe("a home path's page", () => {
  it("should name the screen's scripts, its styles and the catalogue of the browser's language", async () => {
    const en = await page('/dashboard/suppliers', { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(en.headers['cache-control']).toBe('no-cache');
    expect(String(en.headers.vary)).toContain('Accept-Language');
    expect(preloadsOf(en.body)).toEqual([
      'modulepreload /assets/catalogue-en-5.js',
      'modulepreload /assets/frame-2.js',
      'modulepreload /assets/home-3.js',
      'preload /assets/home-4.css',
    ]);
    // The links sit in the head, after what the page already loads.
    expect(en.body.indexOf('frame-2.js')).toBeGreaterThan(en.body.indexOf('index-1.js'));
    expect(en.body.indexOf('frame-2.js')).toBeLessThan(en.body.indexOf('</head>'));
    // A Mexican Spanish browser (and a trailing slash) gets the Spanish catalogue.
    const es = await page('/dashboard/suppliers/', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(preloadsOf(es.body)[0]).toBe('modulepreload /assets/catalogue-es-6.js');
    // No language said: English, as the app decides for a browser that is not Spanish.
    expect(preloadsOf((await page('/dashboard/suppliers')).body)[0]).toBe('modulepreload /assets/catalogue-en-5.js');
  });

  it('should send the page compressed as the browser accepts it', async () => {
    const br = await page('/dashboard/suppliers', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toContain('Accept-Encoding');
    expect(preloadsOf(brotliDecompressSync(br.rawPayload).toString())).toHaveLength(4);
    const gzip = await page('/dashboard/suppliers', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(preloadsOf(gunzipSync(gzip.rawPayload).toString())).toHaveLength(4);
    const plain = await page('/dashboard/suppliers', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(preloadsOf(plain.body)).toHaveLength(4);
  });

  it('should send every other path the page as built', async () => {
    for (const url of ['/', '/login', '/dashboard/suppliers/previous', '/dashboard/carrier']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(preloadsOf(res.body)).toEqual([]);
    }
  });
});
