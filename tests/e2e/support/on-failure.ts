/**
 * When an end-to-end test fails, every page still open in the file's browsers is described in the test
 * output (its address and visible text) and captured to tests/.tmp/e2e-failures/, so a failure seen once
 * in CI can be understood from its log alone. Each failed attempt is also written to attempts.txt there,
 * which `npm test` reads to name the tests that passed only on their retry.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';
import { launchedBrowsers } from './browser';

const dir = path.resolve('tests/.tmp/e2e-failures');

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  mkdirSync(dir, { recursive: true });
  const attempt = (context.task.result.retryCount ?? 0) + 1;
  const name = `${context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}-try${attempt}`;
  const thrown = context.task.result.errors?.[0];
  const firstLine = thrown?.message?.split('\n')[0] ?? '';
  appendFileSync(path.join(dir, 'attempts.txt'), `${context.task.file.name} > ${context.task.name}: ${firstLine}\n`);
  // Vitest prints no error of an attempt its retry passed: the log keeps it here, with where it was thrown.
  console.log(
    `[failed attempt ${attempt}] ${context.task.name}\n${(thrown?.message ?? '').slice(0, 3_000)}\n` +
      (thrown?.stack ?? '')
        .split('\n')
        .filter((line) => /^\s+at .*tests[\\/]/.test(line))
        .slice(0, 8)
        .join('\n'),
  );
  let n = 0;
  for (const browser of launchedBrowsers) {
    for (const page of browser.contexts().flatMap((c) => c.pages())) {
      n += 1;
      const shot = path.join(dir, `${name}-${n}.png`);
      const text = await page
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch((error: Error) => `(no text: ${error.message.split('\n')[0]})`);
      await page.screenshot({ path: shot, fullPage: true, timeout: 5_000 }).catch(() => undefined);
      console.log(
        `[failed test page ${n}] ${page.url()} (${page.viewportSize()?.width ?? '?'} px), screenshot ${shot}\n` +
          text.replace(/\n{2,}/g, '\n').slice(0, 1_500),
      );
    }
  }
});
