/**
 * axe-core in the page under test: its source is evaluated through the DevTools protocol (the app's
 * Content Security Policy does not apply there), then `axe.run` checks the whole document as it is
 * shown, open dialogs and menus included.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, ImpactValue } from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: ImpactValue | null;
  help: string;
  nodes: { target: string; summary: string }[];
}

export async function runAxe(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // A string, not a function: the test runner's transforms would add helpers that do not exist in the page.
  const results = await page.evaluate<Pick<AxeResults, 'violations'>>(`(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return { violations: r.violations };
  })()`);
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? null,
    help: v.help,
    nodes: v.nodes.map((n) => ({
      target: n.target.join(' '),
      summary: (n.failureSummary ?? '').split('\n').slice(0, 3).join(' '),
    })),
  }));
}
