/** The field journeys' Chromium: Debian's chromium through playwright-core (support/browser.ts launches it). */
import type { Page } from 'playwright-core';
import { launch, newContext } from '../browser';
import { SCREENS, absolute, type FieldPage, type LaunchField } from './engines';

function fieldPage(page: Page, base: string): FieldPage {
  const at = (xpath: string) => page.locator(`xpath=${xpath}`).filter({ visible: true }).first();
  return {
    goto: async (address) => void (await page.goto(absolute(base, address))),
    reload: async () => void (await page.reload()),
    evaluate: (expression) => page.evaluate(expression),
    click: (xpath) => at(xpath).click(),
    type: (xpath, text) => at(xpath).fill(text),
    // A file input is hidden behind its button.
    setFiles: (xpath, paths) => page.locator(`xpath=${xpath}`).first().setInputFiles(paths),
    pressEscape: () => page.keyboard.press('Escape'),
    screenshot: () => page.screenshot(),
    close: () => page.close(),
  };
}

export const launchField: LaunchField = async (base, screen) => {
  const browser = await launch();
  const context = await newContext(browser, SCREENS[screen]);
  return {
    engine: 'chromium',
    screen,
    newPage: async () => fieldPage(await context.newPage(), base),
    close: () => browser.close(),
  };
};
