/**
 * The field journeys' Firefox: Debian's firefox-esr (FIREFOX_PATH overrides) driven over WebDriver BiDi by
 * puppeteer-core, headless, with a profile of its own for each launch.
 */
import puppeteer, { type ElementHandle, type Page } from 'puppeteer-core';
import { PATIENCE_MS } from '../../../fixtures/patience';
import { SCREENS, absolute, firstShown, type FieldPage, type LaunchField } from './engines';

function fieldPage(page: Page, base: string): FieldPage {
  const shown = async (xpath: string) => {
    const handle = await page.waitForFunction(firstShown(xpath), { polling: 100 });
    return handle as ElementHandle<HTMLElement>;
  };
  return {
    goto: async (address) => void (await page.goto(absolute(base, address))),
    reload: async () => void (await page.reload()),
    evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
    click: async (xpath) => (await shown(xpath)).click(),
    type: async (xpath, text) => (await shown(xpath)).type(text),
    setFiles: async (xpath, paths) => {
      const input = (await page.waitForSelector(`xpath/${xpath}`)) as ElementHandle<HTMLInputElement>;
      await input.uploadFile(...paths);
    },
    pressEscape: () => page.keyboard.press('Escape'),
    screenshot: async () => Buffer.from(await page.screenshot()),
    close: () => page.close(),
  };
}

export const launchField: LaunchField = async (base, screen) => {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    headless: true,
    defaultViewport: SCREENS[screen],
    protocolTimeout: PATIENCE_MS,
  });
  let first = true;
  return {
    engine: 'firefox',
    screen,
    newPage: async () => {
      // The window Firefox opens with is the first page; later ones are new tabs of the same profile.
      const page = first ? ((await browser.pages())[0] ?? (await browser.newPage())) : await browser.newPage();
      first = false;
      page.setDefaultTimeout(PATIENCE_MS);
      await page.setViewport(SCREENS[screen]);
      return fieldPage(page, base);
    },
    close: () => browser.close(),
  };
};
