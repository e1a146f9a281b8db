/**
 * What a phone downloads, for `npm run bench` (printed, never asserted), on the built app (dist/, or
 * DIST_DIR) served by the real server:
 * - /login in Chromium: every JS and CSS file the first screen requests until the network is idle, as
 *   gzip (what a browser receives from the server's pre-compressed copies) and as served;
 * - the service worker's first install (the shell: what it installs on a signed-out /login) and what it
 *   holds with a supplier or an admin signed in (their screens, the language), as gzip and as brotli;
 * - with `--lighthouse` only: Lighthouse's mobile profile (median score and LCP of 3 runs) on /login and
 *   /login/tradicional, with Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). It runs the
 *   `lighthouse` CLI 13.5 through npx; it is not a dependency of the project. Beside them: the
 *   supplier's ticket list signed in with an empty cache, and a reference page of React and Mantine
 *   alone (tests/bench/reference) built, compressed and served the same way. /login, /login/tradicional
 *   and the reference page are measured twice: straight from the server over HTTP/1.1, and through an
 *   HTTPS + HTTP/2 front (h2-front.ts), as a phone reaches the portal behind a TLS proxy.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { compressFolder } from '../../src/build/compress-assets';
import { FIRST_SCREEN_IDLE } from '../../src/app/lib/idle';
import { freePort, startPortalProcess } from '../fixtures/portal-process';
import { startH2Front } from './h2-front';

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;
const brotliSize = (body: Buffer) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** The service worker's precache list as the build injected it: each file with its groups. */
export function precacheEntries(dist: string): { url: string; groups: string[] }[] {
  const sw = readFileSync(path.join(dist, 'sw.js'), 'utf8');
  return [...sw.matchAll(/\{[^{}]*"url":"[^"]+"[^{}]*\}/g)].map((match) => {
    const entry = JSON.parse(match[0]) as { url: string; groups?: string[] };
    return { url: entry.url, groups: entry.groups ?? ['shell'] };
  });
}

/** What a phone downloads for the service worker and the files it caches for these groups. */
function installFigure(dist: string, name: string, groups: string[]) {
  const urls = precacheEntries(dist)
    .filter((entry) => entry.groups.some((group) => groups.includes(group)))
    .map((entry) => entry.url);
  let plain = 0;
  let gz = 0;
  let br = 0;
  for (const url of [...urls, 'sw.js']) {
    const file = path.join(dist, url.replace(/^\//, ''));
    if (!existsSync(file)) continue;
    const body = readFileSync(file);
    plain += body.length;
    gz += gzipSize(body);
    br += brotliSize(body);
  }
  console.log(
    `app: service worker ${name} (sw.js + ${urls.length} files): ${kb(plain)}, ${kb(gz)} gzip, ${kb(br)} brotli`,
  );
}

function precacheFigure(dist: string) {
  installFigure(dist, 'first install, signed out', ['shell']);
  installFigure(dist, 'with a supplier signed in, English', ['shell', 'signed-in', 'suppliers', 'locale:en']);
  installFigure(dist, 'with an admin signed in, English', ['shell', 'signed-in', 'admin', 'locale:en']);
  const all = precacheEntries(dist);
  console.log(`app: service worker precache list: ${all.length} files, every role and language`);
}

async function loginFigure(base: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    const files: Promise<{ url: string; body: Buffer; encoding: string | undefined }>[] = [];
    page.on('response', (response) => {
      if (!/\.(?:js|css)$/.test(new URL(response.url()).pathname)) return;
      files.push(
        response.body().then(async (body) => ({
          url: response.url(),
          body,
          encoding: (await response.allHeaders())['content-encoding'],
        })),
      );
    });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('main').waitFor();
    // What the first screen needed: every file requested before the app marked the first screen idle;
    // the rest (the service worker's registration, the offline store) came after it.
    const early = new Set(
      await page.evaluate((mark) => {
        const idle = performance.getEntriesByName(mark)[0]?.startTime ?? Infinity;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < idle)
          .map((entry) => entry.name);
      }, FIRST_SCREEN_IDLE),
    );
    const all = await Promise.all(files);
    const sum = (list: typeof all, ext: string, size: (body: Buffer) => number) =>
      list.filter((f) => f.url.endsWith(ext)).reduce((total, f) => total + size(f.body), 0);
    const loaded = all.filter((f) => early.has(f.url));
    const later = all.filter((f) => !early.has(f.url));
    const js = loaded.filter((f) => f.url.endsWith('.js'));
    const encodings = [...new Set(all.map((f) => f.encoding ?? 'none'))].join('/');
    console.log(
      `app: /login initial JS ${kb(sum(loaded, '.js', gzipSize))} gzip (${kb(sum(loaded, '.js', (b) => b.length))} raw, ${js.length} files), CSS ${kb(sum(loaded, '.css', gzipSize))} gzip; served as ${encodings}`,
    );
    console.log(
      `app: /login after the first screen is idle: JS ${kb(sum(later, '.js', gzipSize))} gzip (${later.length} files)`,
    );
  } finally {
    await browser.close();
  }
}

interface LighthouseRun {
  score: number;
  lcp: number;
  tbt: number;
}

/**
 * One Lighthouse run. `trustKey`: the SPKI hash of a throwaway certificate the browser is to accept (the
 * HTTPS/2 front, which runs in this process: hence a child process waited for, not a blocking spawn).
 */
async function lighthouse(url: string, extra: string[] = [], trustKey?: string): Promise<LighthouseRun | null> {
  const run = await promisify(execFile)(
    'npx',
    [
      '--yes',
      'lighthouse@13.5.0',
      url,
      ...extra,
      '--output=json',
      '--output-path=stdout',
      '--only-categories=performance',
      '--form-factor=mobile',
      '--quiet',
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu${trustKey ? ` --ignore-certificate-errors-spki-list=${trustKey}` : ''}`,
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      maxBuffer: 64 * 1024 * 1024,
    },
  ).catch((error: { stderr?: string }) => {
    console.log(`lighthouse: ${url} failed: ${(error.stderr ?? String(error)).split('\n').slice(-3).join(' ')}`);
    return null;
  });
  if (!run) return null;
  // LIGHTHOUSE_REPORTS=<folder> keeps every raw report there, to look into where the time went.
  const keep = process.env.LIGHTHOUSE_REPORTS;
  if (keep) {
    await mkdir(keep, { recursive: true });
    await writeFile(path.join(keep, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), run.stdout);
  }
  const report = JSON.parse(run.stdout) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue: number }>;
  };
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcp: report.audits['largest-contentful-paint']!.numericValue,
    tbt: report.audits['total-blocking-time']!.numericValue,
  };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function printLighthouse(name: string, runs: LighthouseRun[]) {
  if (runs.length === 0) return;
  console.log(
    `lighthouse mobile ${name}: score ${median(runs.map((r) => r.score))}, LCP ${(median(runs.map((r) => r.lcp)) / 1000).toFixed(2)} s, TBT ${median(runs.map((r) => r.tbt)).toFixed(0)} ms (median of ${runs.length})`,
  );
}

async function lighthouseFigure(name: string, url: string, trustKey?: string) {
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < 3; i++) {
    const run = await lighthouse(url, [], trustKey);
    if (run) runs.push(run);
  }
  printLighthouse(name, runs);
}

/**
 * A signed-in screen, cold: Lighthouse drives a Chromium whose profile holds the session in
 * localStorage (signed in through the API); before each run the origin's HTTP cache, service worker,
 * Cache Storage and IndexedDB are emptied, so every file comes from the network.
 */
export async function signedInLighthouseFigure(
  name: string,
  portal: string,
  screen: string,
  username: string,
  front?: { base: string; spki: string },
) {
  const base = front?.base ?? portal;
  const trustKey = front?.spki;
  // Signed in straight at the portal: Node's fetch would refuse the front's throwaway certificate.
  const login = await fetch(`${portal}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Demo-1234!' }),
  });
  const { token, user } = (await login.json()) as { token: string; user: unknown };
  const port = await freePort();
  const profile = await mkdtemp(path.join(tmpdir(), 'lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      `--remote-debugging-port=${port}`,
      ...(trustKey ? [`--ignore-certificate-errors-spki-list=${trustKey}`] : []),
    ],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // A file of the origin without the app, so no script or service worker starts.
    await page.goto(`${base}/favicon.svg`);
    await page.evaluate(
      ([t, u]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('user', JSON.stringify(u));
      },
      [token, user] as const,
    );
    const cdp = await context.newCDPSession(page);
    const runs: LighthouseRun[] = [];
    for (let i = 0; i < 3; i++) {
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', {
        origin: base,
        storageTypes: 'cache_storage,indexeddb,service_workers',
      });
      const run = await lighthouse(`${base}${screen}`, [`--port=${port}`, '--disable-storage-reset'], trustKey);
      if (run) runs.push(run);
    }
    printLighthouse(name, runs);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/** The reference page (tests/bench/reference): React and Mantine alone, built and compressed like the app. */
async function buildReference(): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'portal-reference-'));
  await build({
    root: path.resolve('tests/bench/reference'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  await compressFolder(outDir);
  return outDir;
}

export async function appLoadFigures({ withLighthouse = false } = {}): Promise<void> {
  const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
  if (!existsSync(path.join(dist, 'sw.js'))) {
    console.log(`app: ${dist} has no build (run npm run build)`);
    return;
  }
  precacheFigure(dist);
  const portal = await startPortalProcess({ env: { DIST_DIR: dist, JOBS_ENABLED: 'false' } });
  try {
    await loginFigure(portal.base);
    if (withLighthouse) {
      await lighthouseFigure('/login', `${portal.base}/login`);
      await lighthouseFigure('/login/tradicional', `${portal.base}/login/tradicional`);
      // In production a TLS proxy speaking HTTP/2 stands in front: measured that way too.
      const front = await startH2Front(portal.base);
      // A browser that fails to drive a signed-in run costs that figure, not the ones after it.
      const signedInFailed = (error: unknown) =>
        console.log(`lighthouse: a signed-in figure failed: ${String(error).split('\n')[0]}`);
      try {
        await lighthouseFigure('/login over HTTPS/2', `${front.base}/login`, front.spki);
        await lighthouseFigure('/login/tradicional over HTTPS/2', `${front.base}/login/tradicional`, front.spki);
        await signedInLighthouseFigure(
          "the supplier's ticket list, signed in, cold, over HTTPS/2",
          portal.base,
          '/dashboard/suppliers',
          'supplier1',
          front,
        ).catch(signedInFailed);
      } finally {
        await front.stop();
      }
      await signedInLighthouseFigure(
        "the supplier's ticket list, signed in, cold",
        portal.base,
        '/dashboard/suppliers',
        'supplier1',
      ).catch(signedInFailed);
    }
  } finally {
    await portal.stop();
  }
  if (withLighthouse) {
    const reference = await buildReference();
    const server = await startPortalProcess({ env: { DIST_DIR: reference, JOBS_ENABLED: 'false' } });
    const front = await startH2Front(server.base);
    try {
      await lighthouseFigure('reference page (React + Mantine sign-in card)', `${server.base}/`);
      await lighthouseFigure('reference page over HTTPS/2', `${front.base}/`, front.spki);
    } finally {
      await front.stop();
      await server.stop();
      await rm(reference, { recursive: true, force: true });
    }
  }
}
