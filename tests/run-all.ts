/**
 * `npm test`: every suite, with one summary line.
 * 1. unit, component and API tests (API on the embedded PGlite), with the app's production build beside
 *    them;
 * 2. then the end-to-end tests against the real server, in two runners side by side, each with a portal
 *    of its own (tests/e2e/support/global-setup.ts): the field and offline journeys (Chromium, Firefox
 *    ESR, WebKitGTK) and the screens (Chromium);
 * 3. beside them, the API tests again on PostgreSQL when DATABASE_URL is set, on one worker.
 * A browser suite alone kept two cores only about two thirds busy: it mostly waits for one page of one
 * browser at a time. Three chains side by side keep both cores busy; the output of all but the last is
 * held and printed whole when it ends. No wall clock decides a result (tests/fixtures/patience.ts), so a
 * busier machine makes a test slower, never failed.
 * Prints `N passed, N failed` last and exits non-zero when anything failed.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const outDir = path.join(root, 'tests', '.tmp');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

let passed = 0;
let failed = 0;
/** What failed, by suite and test, repeated above the summary so a CI log's last lines name it. */
const failures: string[] = [];
const skipE2e = process.env.SKIP_E2E === '1';

/**
 * Runs a command with its output on this terminal, or held in `heldOutput` and printed whole when it
 * ends (a suite running beside another); resolves to its exit code.
 */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}, heldOutput?: string): Promise<number> {
  return new Promise((resolve) => {
    const output = heldOutput ? openSync(heldOutput, 'w') : undefined;
    const child = spawn(command, args, {
      stdio: output === undefined ? 'inherit' : ['ignore', output, output],
      env: { ...process.env, ...env },
    });
    const done = (code: number) => {
      if (output !== undefined) {
        closeSync(output);
        process.stdout.write(readFileSync(heldOutput!, 'utf8'));
      }
      resolve(code);
    };
    child.on('close', (code) => done(code ?? 1));
    child.on('error', () => done(1));
  });
}

/** Runs one Vitest suite and adds its counts from the JSON report. */
async function vitest(name: string, args: string[], env: NodeJS.ProcessEnv = {}, beside = false): Promise<void> {
  const report = path.join(outDir, `${name}.json`);
  const started = Date.now();
  console.log(
    beside ? `\n=== ${name} (beside the next suite; its output follows when it ends) ===` : `\n=== ${name} ===`,
  );
  const status = await run(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
    beside ? path.join(outDir, `${name}.log`) : undefined,
  );
  if (beside) console.log(`=== ${name} (end) ===`);
  const failedBefore = failed;
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numTotalTests: number;
      testResults?: {
        name: string;
        message?: string;
        assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
      }[];
    };
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    for (const file of json.testResults ?? []) {
      const where = path.relative(root, file.name);
      const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failedTests) {
        failures.push(`${name}: ${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      }
      if (failedTests.length === 0 && file.message) failures.push(`${name}: ${where}: ${firstLine(file.message)}`);
    }
    if (json.numTotalTests === 0) {
      failures.push(`${name}: no test ran`);
      failed += 1;
    }
  } catch {
    failures.push(`${name}: the runner produced no report (exit ${status})`);
    failed += 1;
  }
  // A runner that failed outside any test (a crashed worker, a failing hook, an unhandled error) still fails
  // the run.
  if (status !== 0 && failed === failedBefore) {
    failures.push(
      `${name}: the runner exited ${status} with every test passed (an error outside the tests; see above)`,
    );
    failed += 1;
  }
  console.log(`${name}: ${Math.round((Date.now() - started) / 1000)} s`);
}

function firstLine(text: string | undefined): string {
  return (
    (text ?? '')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

/**
 * The end-to-end files of the runner that goes beside the screens: the journeys that cut the connection,
 * in every engine, the live updates, and the keyboard's and one ticket's screens to even the two out. Together they take
 * about as long as all the other files (about 500 s each in CI), so the two runners end close together.
 */
const FIELD_FILES = [
  'tests/e2e/field-journeys.e2e.ts',
  'tests/e2e/offline.e2e.ts',
  'tests/e2e/offline-pages.e2e.ts',
  'tests/e2e/live.e2e.ts',
  'tests/e2e/keyboard.e2e.ts',
  'tests/e2e/tickets.e2e.ts',
];

/**
 * The app built for production, beside the PGlite run (no test there reads dist/); its output is held
 * and printed when the run ends. Resolves to whether it built.
 */
async function build(): Promise<boolean> {
  const status = await run('npx', ['vite', 'build', '--logLevel', 'warn'], {}, path.join(outDir, 'build.log'));
  console.log(`=== build (beside the first suite): ${status === 0 ? 'built' : 'failed'} ===`);
  if (status !== 0) {
    failures.push('build: the app build failed');
    failed += 1;
  }
  return status === 0;
}

async function endToEnd(): Promise<void> {
  const config = ['--config', 'tests/e2e/vitest.config.ts'];
  const field = vitest('e2e-field', [...config, ...FIELD_FILES], {}, true);
  await vitest('e2e-screens', [...config, ...FIELD_FILES.map((file) => `--exclude=${file}`)]);
  await field;
}

// Vitest keeps one core for itself by default, which on a 2-core machine leaves a single worker; the
// tests are CPU-bound and independent, so two workers use both cores.
const built = skipE2e ? undefined : build();
await vitest('unit-and-api-pglite', [
  '--project',
  'shared',
  '--project',
  'app',
  '--project',
  'server',
  '--maxWorkers=2',
]);

/**
 * Server files that start the portal as a process on the embedded database whatever the run's database
 * is (configuration, signals, the first start's log): on PostgreSQL they would repeat the PGlite run
 * exactly, about 50 s of it.
 */
const EMBEDDED_ONLY = ['tests/server/start-and-stop.test.ts', 'tests/server/first-start.test.ts'];

const postgres = process.env.DATABASE_URL
  ? vitest(
      'api-postgres',
      ['--project', 'server', `--maxWorkers=${skipE2e ? 2 : 1}`, ...EMBEDDED_ONLY.map((file) => `--exclude=${file}`)],
      { TEST_DATABASE: 'postgres' },
      !skipE2e,
    )
  : undefined;
if (built && (await built)) await endToEnd();
await postgres;

// End-to-end tests get one retry; a test that needed it is named so flakiness stays visible.
const attempts = path.join(outDir, 'e2e-failures', 'attempts.txt');
if (existsSync(attempts)) {
  const lines = readFileSync(attempts, 'utf8').trim().split('\n').filter(Boolean);
  console.log(
    `\nFailed attempts (end-to-end tests are tried twice; one not also under 'What failed' passed on its retry):\n${lines.map((line) => `- ${line}`).join('\n')}`,
  );
}
if (failures.length > 0) console.log(`\nWhat failed:\n${failures.map((line) => `- ${line}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
