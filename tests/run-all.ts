/**
 * `npm test`: every suite, in order, with one summary line.
 * 1. unit, component and API tests (API on the embedded PGlite);
 * 2. the API tests again on PostgreSQL when DATABASE_URL is set;
 * 3. the app built for production, then end-to-end tests in headless Chromium against the real server.
 * Prints `N passed, N failed` last and exits non-zero when anything failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const outDir = path.join(root, 'tests', '.tmp');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

let passed = 0;
let failed = 0;
const skipE2e = process.env.SKIP_E2E === '1';

function vitest(name: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const report = path.join(outDir, `${name}.json`);
  const failedBefore = failed;
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      stdio: 'inherit',
      env: { ...process.env, ...env },
    },
  );
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numTotalTests: number;
    };
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    if (json.numTotalTests === 0) {
      console.error(`${name}: no test ran`);
      failed += 1;
    }
  } catch {
    console.error(`${name}: the runner produced no report (exit ${result.status})`);
    failed += 1;
  }
  // A runner that failed outside any test (a crashed worker, a failing hook) still fails the run.
  if (result.status !== 0 && failed === failedBefore) failed += 1;
}

// Vitest keeps one core for itself by default, which on a 2-core machine leaves a single worker; the
// component tests are CPU-bound and independent, so two workers use both cores. (The server project
// still runs its files one at a time, as its own config says.)
vitest('unit-and-api-pglite', ['--project', 'shared', '--project', 'app', '--project', 'server', '--maxWorkers=2']);
if (process.env.DATABASE_URL) {
  vitest('api-postgres', ['--project', 'server'], { TEST_DATABASE: 'postgres' });
}
if (!skipE2e) {
  console.log('\n=== build ===');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('the app build failed');
    failed += 1;
  } else {
    vitest('e2e-chromium', ['--config', 'tests/e2e/vitest.config.ts']);
  }
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
