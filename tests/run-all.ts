/**
 * `npm test`: every suite, with one summary line.
 * 1. unit, component and API tests (API on the embedded PGlite);
 * 2. the app built for production, then end-to-end tests in headless Chromium against the real server;
 *    beside them, the API tests again on PostgreSQL when DATABASE_URL is set. The end-to-end tests spend
 *    much of their time waiting on the browser, so the two together take little longer than the
 *    end-to-end tests alone; the PostgreSQL run's output is kept in tests/.tmp/api-postgres.log and
 *    printed once the end-to-end tests are done, so the two do not interleave.
 * Prints `N passed, N failed` last and exits non-zero when anything failed.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const outDir = path.join(root, 'tests', '.tmp');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

let passed = 0;
let failed = 0;
const skipE2e = process.env.SKIP_E2E === '1';

/** Runs a command; its output goes to this terminal, or to `logFile` when given. Resolves to its exit code. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}, logFile?: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    if (logFile) {
      const log = createWriteStream(logFile);
      child.stdout?.pipe(log);
      child.stderr?.pipe(log);
    }
    child.on('close', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

/** Runs one Vitest suite and adds its counts from the JSON report. */
async function vitest(name: string, args: string[], env: NodeJS.ProcessEnv = {}, logFile?: string): Promise<void> {
  const report = path.join(outDir, `${name}.json`);
  const started = Date.now();
  if (!logFile) console.log(`\n=== ${name} ===`);
  const status = await run(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
    logFile,
  );
  const failedBefore = failed;
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
    console.error(`${name}: the runner produced no report (exit ${status})`);
    failed += 1;
  }
  // A runner that failed outside any test (a crashed worker, a failing hook) still fails the run.
  if (status !== 0 && failed === failedBefore) failed += 1;
  const took = `${name}: ${Math.round((Date.now() - started) / 1000)} s`;
  if (logFile) appendFileSync(logFile, `\n${took}\n`);
  else console.log(took);
}

async function buildAndEndToEnd(): Promise<void> {
  console.log('\n=== build ===');
  const build = await run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (build !== 0) {
    console.error('the app build failed');
    failed += 1;
    return;
  }
  await vitest('e2e-chromium', ['--config', 'tests/e2e/vitest.config.ts']);
}

// Vitest keeps one core for itself by default, which on a 2-core machine leaves a single worker; the
// tests are CPU-bound and independent, so two workers use both cores.
await vitest('unit-and-api-pglite', [
  '--project',
  'shared',
  '--project',
  'app',
  '--project',
  'server',
  '--maxWorkers=2',
]);

const postgresLog = path.join(outDir, 'api-postgres.log');
const postgres = process.env.DATABASE_URL
  ? vitest('api-postgres', ['--project', 'server', '--maxWorkers=2'], { TEST_DATABASE: 'postgres' }, postgresLog)
  : undefined;
if (!skipE2e) await buildAndEndToEnd();
if (postgres) {
  await postgres;
  console.log(`\n=== api-postgres (ran beside the end-to-end tests) ===`);
  console.log(readFileSync(postgresLog, 'utf8'));
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
