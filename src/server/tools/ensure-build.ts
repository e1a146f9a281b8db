/**
 * `npm start` builds the app only when dist/ is missing or older than its sources, so a fresh clone
 * needs nothing but `npm install && npm start`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const built = path.join(root, 'dist', 'index.html');
const sources = [
  'src/app',
  'src/shared',
  'src/locales',
  'public',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'package-lock.json',
];

function newest(entry: string): number {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const info = statSync(full);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(full).reduce((max, name) => Math.max(max, newest(path.join(entry, name))), info.mtimeMs);
}

const stale = !existsSync(built) || sources.some((s) => newest(s) > statSync(built).mtimeMs);
if (stale) {
  console.log('Building the app (first start or sources changed)…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
