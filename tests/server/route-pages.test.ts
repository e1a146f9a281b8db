import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstListRequest } from '../../src/shared/domain/first-list';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  // A stand-in for the built app with the build's list of each home path's files.
  const dist = path.join(process.env.TMPDIR ?? '/tmp', `dist-pages-${process.pid}-${Date.now()}`);
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><link rel="stylesheet" href="/assets/index-0.css">' +
      '<script type="module" src="/assets/index-1.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify({
      routes: {
        '/dashboard/suppliers': {
          js: ['/assets/frame-2.js', '/assets/home-3.js'],
          css: ['/assets/home-4.css'],
          list: { list: 'supplier', roles: ['SUPPLIER'] },
        },
        '/login/tradicional': { js: ['/assets/form-7.js'], css: [] },
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
    // Weights count as for every other answer: brotli refused by name is not taken through `*`.
    const refused = await page('/dashboard/suppliers', { 'accept-encoding': 'br;q=0, *' });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('should send every other path the page as built', async () => {
    for (const url of ['/', '/login', '/dashboard/suppliers/previous', '/dashboard/carrier']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(preloadsOf(res.body)).toEqual([]);
      expect(res.body).not.toContain('data-url');
    }
    // A home path whose screen is not a list names its files but asks for no list.
    const form = await page('/login/tradicional');
    expect(preloadsOf(form.body)).toEqual([
      'modulepreload /assets/catalogue-en-5.js',
      'modulepreload /assets/form-7.js',
    ]);
    expect(form.body).not.toContain('data-url');
  });
});

interface FirstListScript {
  attributes: Record<string, string>;
  code: string;
}

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&');

function firstListScriptOf(html: string): FirstListScript {
  const tag = /<script data-url="([^"]*)" data-filters="([^"]*)" data-roles="([^"]*)">([^<]*)<\/script>/.exec(html);
  if (!tag) throw new Error('the page has no first-list script');
  return {
    attributes: { 'data-url': decode(tag[1]!), 'data-filters': decode(tag[2]!), 'data-roles': decode(tag[3]!) },
    code: tag[4]!,
  };
}

interface Left {
  userId: number;
  sentAt: number;
  filters: unknown;
  answer: Promise<unknown>;
}

/**
 * Runs the page's script as a browser would at `search`, with `storage` as localStorage and `fetch`
 * answering through the real API (or failing): what it asked for and what it left for the app.
 */
function runFirstListScript(
  script: FirstListScript,
  storage: Record<string, string>,
  { search = '', offline = false } = {},
) {
  const asked: { url: string; headers: Record<string, string> }[] = [];
  const window: { __firstList?: Left } = {};
  const context = {
    window,
    localStorage: { getItem: (key: string) => storage[key] ?? null },
    location: { search },
    document: { currentScript: { getAttribute: (name: string) => script.attributes[name] ?? null } },
    fetch: async (url: string, init: { headers: Record<string, string> }) => {
      asked.push({ url, headers: init.headers });
      if (offline) throw new TypeError('Failed to fetch');
      const res = await t.app.inject({ method: 'GET', url, headers: init.headers });
      return { ok: res.statusCode >= 200 && res.statusCode < 300, json: async () => res.json<unknown>() };
    },
  };
  runInNewContext(script.code, context);
  return { asked, left: window.__firstList };
}

describe("a home list's page", () => {
  const session = async (username: string) => {
    const token = await t.login(username);
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/token',
      headers: { authorization: `Bearer ${token}` },
    });
    return { token, user: me.json<{ user: { id: number } }>().user };
  };
  const stored = ({ token, user }: { token: string; user: unknown }) => ({ token, user: JSON.stringify(user) });

  it("should ask for the screen's first list with the stored token and leave the user's list for the app", async () => {
    const res = await page('/dashboard/suppliers');
    const script = firstListScriptOf(res.body);
    // Before the page's first script and style sheet, so that it runs while the page is parsed.
    expect(res.body.indexOf('data-url')).toBeLessThan(res.body.indexOf('<link rel="stylesheet"'));
    expect(res.body.indexOf('data-url')).toBeLessThan(res.body.indexOf('<script type="module"'));
    // The Content-Security-Policy lets that script, by its hash, and no other inline script run.
    const hash = createHash('sha256').update(script.code).digest('base64');
    const policy = String(res.headers['content-security-policy']);
    expect(/script-src ([^;]*)/.exec(policy)?.[1]).toBe(`'self' 'sha256-${hash}'`);

    const supplier = await session('supplier1');
    const before = Date.now();
    const { asked, left } = runFirstListScript(script, stored(supplier));
    const { url, filters } = firstListRequest('supplier');
    expect(asked).toEqual([
      { url, headers: { Accept: 'application/json', Authorization: `Bearer ${supplier.token}` } },
    ]);
    expect(left?.userId).toBe(supplier.user.id);
    expect(left?.filters).toEqual(filters);
    expect(left?.sentAt).toBeGreaterThanOrEqual(before);
    // The answer is the list the screen itself would get from the server.
    const own = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${supplier.token}` } });
    expect(own.statusCode).toBe(200);
    expect(own.json<{ count: number }>().count).toBeGreaterThan(0);
    expect(await left?.answer).toEqual(own.json());
  });

  it('should ask for nothing signed out, for a user of another role, or at an address with a query', async () => {
    const script = firstListScriptOf((await page('/dashboard/suppliers')).body);
    const supplier = stored(await session('supplier1'));
    const carrier = stored(await session('carrier1'));
    for (const [storage, search] of [
      [{}, ''],
      [{ token: supplier.token }, ''],
      [{ token: supplier.token, user: '{not json' }, ''],
      [carrier, ''],
      [supplier, '?status=PENDING'],
      [supplier, '?page=2'],
    ] as const) {
      const { asked, left } = runFirstListScript(script, storage, { search });
      expect({ storage, search, asked, left }).toEqual({ storage, search, asked: [], left: undefined });
    }
  });

  it('should send the token nowhere but a ticket list of the API, whatever address its copy names', async () => {
    // The hash lets the script's text run with any attributes: markup injected into a page could copy it.
    const script = firstListScriptOf((await page('/dashboard/suppliers')).body);
    const supplier = stored(await session('supplier1'));
    for (const url of ['https://elsewhere.example/collect?', '//elsewhere.example/api/tickets?', '/api/users/1']) {
      const copy = { ...script, attributes: { ...script.attributes, 'data-url': url } };
      const { asked, left } = runFirstListScript(copy, supplier);
      expect({ url, asked, left }).toEqual({ url, asked: [], left: undefined });
    }
  });

  it('should leave no list for the app when the request gets no usable answer', async () => {
    const script = firstListScriptOf((await page('/dashboard/suppliers')).body);
    const supplier = await session('supplier1');
    // A token the server no longer accepts: the app's own request then signs the user out as always.
    const expired = runFirstListScript(script, stored({ ...supplier, token: 'not-a-token' }));
    expect(expired.asked).toHaveLength(1);
    expect(await expired.left?.answer).toBeNull();
    const offline = runFirstListScript(script, stored(supplier), { offline: true });
    expect(offline.asked).toHaveLength(1);
    expect(await offline.left?.answer).toBeNull();
  });
});
