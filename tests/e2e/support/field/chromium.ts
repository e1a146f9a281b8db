/** The field journeys' Chromium: Debian's chromium through playwright-core (support/browser.ts launches it). */
import type { Page } from 'playwright-core';
import { PATIENCE_MS } from '../../../fixtures/patience';
import { launch, newContext } from '../browser';
import { SCREENS, absolute, type FieldPage, type LaunchField } from './engines';

function fieldPage(page: Page, base: string): FieldPage {
  const at = (xpath: string) => page.locator(`xpath=${xpath}`).filter({ visible: true }).first();
  return {
    goto: async (address) => void (await page.goto(absolute(base, address))),
    reload: async () => void (await page.reload()),
    // Playwright's evaluate has no time limit of its own (Firefox's and WebKit's drivers give up after the
    // patience): one the page never settles fails here, with what it was, instead of holding the file.
    evaluate: (expression) => withinPatience(page.evaluate(expression), expression),
    click: (xpath) => at(xpath).click(),
    type: (xpath, text) => at(xpath).fill(text),
    // A file input is hidden behind its button.
    setFiles: (xpath, paths) => page.locator(`xpath=${xpath}`).first().setInputFiles(paths),
    pressEscape: () => page.keyboard.press('Escape'),
    screenshot: () => page.screenshot(),
    close: () => page.close(),
  };
}

function withinPatience<T>(work: Promise<T>, expression: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the page never settled ${expression.slice(0, 200)}`)), PATIENCE_MS);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export const launchField: LaunchField = async (base, screen) => {
  const browser = await launch();
  const context = await newContext(browser, SCREENS[screen], 'en-US', 'light', 'installed');
  return {
    engine: 'chromium',
    screen,
    newPage: async () => fieldPage(await context.newPage(), base),
    close: () => browser.close(),
  };
};
