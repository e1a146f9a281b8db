/**
 * `npm run bench`: prints figures, asserts nothing.
 * - the built app: gzip size of the JS and CSS the first page loads, and of the service worker;
 * - push: service worker and lazily loaded Firebase chunk of a build with Firebase configured (push.ts);
 * - the server: cold start on a fresh embedded database (migrations + demo seed) until /api/health;
 * - the API: latency of common reads over sequential requests, and the server's resident memory;
 * - offline (tests/bench/offline.ts): 12 MP photo compression in Chromium, reconnect to a synced 8-file item;
 * - scale (tests/bench/scale.ts): the API under load on PostgreSQL with N generated tickets beside a
 *   Fastify hello-world (`npm run bench -- --tickets 1000000 --only scale`; flags described there);
 * - app (tests/bench/app-load.ts): JS and CSS /login loads in Chromium and the service worker's first
 *   install; `--lighthouse` adds Lighthouse 13.5 mobile on /login and /login/tradicional
 *   (`npm run bench -- --only app --lighthouse`, Chromium from CHROME_PATH, default /usr/bin/chromium);
 * - import (tests/bench/import.ts): the server's peak memory while it imports a 20,000-row purchase-order
 *   spreadsheet and a 4 MB one of 32 MB of sheet XML, beside the file sizes (`--only import`).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startPortalProcess } from '../fixtures/portal-process';
import { accountingFigures, adminHeaders } from './accounting';
import { importFigures } from './import';
import { appLoadFigures } from './app-load';
import { offlineFigures } from './offline';
import { pushFigures } from './push';
import { scaleFigures, scaleOptions } from './scale';

const root = process.cwd();
const dist = path.join(root, 'dist');
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

function bundle() {
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.log('bundle: dist/ missing (run npm run build)');
    return;
  }
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  let js = 0;
  let css = 0;
  for (const ref of refs) {
    const size = gzipSync(readFileSync(path.join(dist, ref))).length;
    if (ref.endsWith('.js')) js += size;
    else css += size;
  }
  const sw = existsSync(path.join(dist, 'sw.js')) ? gzipSync(readFileSync(path.join(dist, 'sw.js'))).length : 0;
  console.log(
    `bundle: initial JS ${kb(js)} gzip, CSS ${kb(css)} gzip (${refs.length} files), service worker ${kb(sw)} gzip`,
  );
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function server() {
  const started = performance.now();
  const portal = await startPortalProcess({ env: { JOBS_ENABLED: 'false', LOGIN_RATE_LIMIT: '100000' } });
  const { child } = portal;
  const base = `${portal.base}/api`;
  try {
    console.log(
      `server: cold start to healthy on a new embedded database ${((performance.now() - started) / 1000).toFixed(2)} s`,
    );
    const headers = await adminHeaders(base);
    for (const [name, url] of [
      ['GET /tickets (50 per page)', '/tickets?limit=50'],
      ['GET /tickets/count/states', '/tickets/count/states'],
      ['GET /tickets/{id}', '/tickets/1'],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < 200; i++) {
        const t0 = performance.now();
        const res = await fetch(`${base}${url}`, { headers });
        await res.arrayBuffer();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      console.log(
        `api: ${name}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (200 sequential)`,
      );
    }
    const rss = await new Promise<string>((resolve) => {
      const ps = spawn('ps', ['-o', 'rss=', '--ppid', String(child.pid), '--pid', String(child.pid)]);
      let out = '';
      ps.stdout.on('data', (d) => (out += d));
      ps.on('close', () => resolve(out));
    });
    const totalKb = rss
      .split(/\s+/)
      .filter(Boolean)
      .reduce((sum, v) => sum + Number(v), 0);
    console.log(`server: resident memory of the process tree ${(totalKb / 1024).toFixed(0)} MB`);
  } finally {
    await portal.stop();
  }
}

const argv = process.argv.slice(2);
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
if (only === undefined) {
  bundle();
  pushFigures();
  await server();
  await accountingFigures();
  await offlineFigures();
}
if (only === undefined || only === 'app') await appLoadFigures({ withLighthouse: argv.includes('--lighthouse') });
if (only === undefined || only === 'import') await importFigures(argv);
if (only === undefined || only === 'scale') await scaleFigures(scaleOptions(argv));
