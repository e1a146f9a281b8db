/**
 * Push figures for `npm run bench` (printed, never asserted): the app is built into a temporary folder
 * with a placeholder Firebase web configuration (VITE_FIREBASE_*), as a deployment with push would be,
 * and the gzip sizes of the service worker and of the lazily loaded Firebase chunk are reported, with
 * a check that the initial page does not load that chunk.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const gzipOf = (file: string) => gzipSync(readFileSync(file)).length;

const PLACEHOLDER_FIREBASE = {
  VITE_FIREBASE_API_KEY: 'bench-api-key',
  VITE_FIREBASE_PROJECT_ID: 'bench-project',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '1234567890',
  VITE_FIREBASE_APP_ID: '1:1234567890:web:bench',
  VITE_FIREBASE_VAPID_KEY: 'bench-vapid-key',
};

export function pushFigures(): void {
  const out = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-push-'));
  try {
    const started = performance.now();
    const build = spawnSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
      env: { ...process.env, ...PLACEHOLDER_FIREBASE },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) {
      console.log('push: build with Firebase configuration failed');
      return;
    }
    const assets = path.join(out, 'assets');
    const firebase = readdirSync(assets).filter(
      (name) =>
        name.endsWith('.js') &&
        readFileSync(path.join(assets, name), 'utf8').includes('firebaseinstallations.googleapis.com'),
    );
    const firebaseGzip = firebase.reduce((sum, name) => sum + gzipOf(path.join(assets, name)), 0);
    const html = readFileSync(path.join(out, 'index.html'), 'utf8');
    const initial = firebase.some((name) => html.includes(name));
    console.log(
      `push: service worker ${kb(gzipOf(path.join(out, 'sw.js')))} gzip; Firebase chunk ${kb(firebaseGzip)} gzip ` +
        `(${firebase.join(', ') || 'none'}; ${initial ? 'IN the initial page' : 'loaded on demand, not in the initial page'}); ` +
        `build with VITE_FIREBASE_* ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
