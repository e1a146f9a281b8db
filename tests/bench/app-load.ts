/**
 * What a phone downloads, for `npm run bench` (printed, never asserted), on the built app (dist/, or
 * DIST_DIR) served by the real server:
 * - /login in Chromium: every JS and CSS file the first screen requests until the network is idle, as
 *   gzip (what a browser receives from the server's pre-compressed copies) and as served;
 * - the service worker's first install: the files it precaches, as gzip and as brotli;
 * - with `--lighthouse` only: Lighthouse's mobile profile (median score and LCP of 3 runs) on /login and
 *   /login/tradicional, with Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). It runs the
 *   `lighthouse` CLI 13.5 through npx; it is not a dependency of the project. The minimal React +
 *   Mantine reference page to run beside it is not built by this bench yet.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startPortalProcess } from '../fixtures/portal-process';

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;
const brotliSize = (body: Buffer) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** The URLs the service worker precaches: the manifest injected into sw.js at build time. */
export function precacheUrls(dist: string): string[] {
  const sw = readFileSync(path.join(dist, 'sw.js'), 'utf8');
  return [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
}

function precacheFigure(dist: string) {
  const urls = precacheUrls(dist);
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
    `app: service worker first install (sw.js + ${urls.length} precached files): ${kb(plain)}, ${kb(gz)} gzip, ${kb(br)} brotli`,
  );
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
    const loaded = await Promise.all(files);
    const sum = (ext: string, size: (body: Buffer) => number) =>
      loaded.filter((f) => f.url.endsWith(ext)).reduce((total, f) => total + size(f.body), 0);
    const js = loaded.filter((f) => f.url.endsWith('.js'));
    const encodings = [...new Set(loaded.map((f) => f.encoding ?? 'none'))].join('/');
    console.log(
      `app: /login initial JS ${kb(sum('.js', gzipSize))} gzip (${kb(sum('.js', (b) => b.length))} raw, ${js.length} files), CSS ${kb(sum('.css', gzipSize))} gzip; served as ${encodings}`,
    );
  } finally {
    await browser.close();
  }
}

function lighthouse(url: string): { score: number; lcp: number } | null {
  const run = spawnSync(
    'npx',
    [
      '--yes',
      'lighthouse@13.5.0',
      url,
      '--output=json',
      '--output-path=stdout',
      '--only-categories=performance',
      '--form-factor=mobile',
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (run.status !== 0) {
    console.log(`lighthouse: ${url} failed: ${run.stderr.split('\n').slice(-3).join(' ')}`);
    return null;
  }
  const report = JSON.parse(run.stdout) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue: number }>;
  };
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcp: report.audits['largest-contentful-paint']!.numericValue,
  };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function lighthouseFigure(name: string, url: string) {
  const runs = [0, 1, 2].map(() => lighthouse(url)).filter((run) => run !== null);
  if (runs.length === 0) return;
  console.log(
    `lighthouse mobile ${name}: score ${median(runs.map((r) => r.score))}, LCP ${(median(runs.map((r) => r.lcp)) / 1000).toFixed(2)} s (median of ${runs.length})`,
  );
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
      lighthouseFigure('/login', `${portal.base}/login`);
      lighthouseFigure('/login/tradicional', `${portal.base}/login/tradicional`);
    }
  } finally {
    await portal.stop();
  }
}
