/**
 * Journeys with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrow keys and typing; no mouse): a
 * supplier signs in and requests a ticket, and a customs agent releases a TA-invoiced one. Each step
 * asserts what the user sees. A control that cannot be reached with Tab fails the test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, DESKTOP, launch, newContext, watchErrors } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus, as a keyboard user moves on. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  await target.waitFor({ state: 'visible', timeout: 20_000 });
  for (let presses = 0; presses <= max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} cannot be reached with ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** Opens a select with the arrow key and moves to the first option matching `option`, then Enter. */
async function chooseWithKeys(page: Page, combobox: Locator, option: RegExp = /./): Promise<string> {
  await tabTo(page, combobox);
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox').last();
  await listbox.waitFor({ state: 'visible', timeout: 15_000 });
  await listbox.getByRole('option').first().waitFor({ timeout: 15_000 });
  const count = await listbox.getByRole('option').count();
  for (let moves = 0; moves <= count; moves += 1) {
    const selected = listbox.locator('[data-combobox-selected]');
    const text = (await selected.count()) > 0 ? ((await selected.first().textContent()) ?? '') : '';
    if (text && option.test(text)) {
      await page.keyboard.press('Enter');
      return text;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`No option ${option} in ${combobox}`);
}

async function signInWithKeys(page: Page, username: string): Promise<void> {
  await page.goto('/login/tradicional');
  await tabTo(page, page.getByLabel('Username'));
  await page.keyboard.type(username);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/'), { timeout: 20_000 });
}

describe('keyboard-only journeys', () => {
  it('should let a supplier sign in and request a ticket with the keyboard', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInWithKeys(page, 'supplier1');
    await tabTo(page, page.getByRole('button', { name: 'New request' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New request' });
    await dialog.waitFor();
    const count = dialog.getByRole('textbox', { name: /Number of trucks or railcars/ });
    await tabTo(page, count);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('1');
    await chooseWithKeys(page, dialog.getByRole('combobox', { name: 'Origin yard' }), /South Chicago Yard/);
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'Origin yard' }).inputValue())
      .toMatch(/South Chicago Yard/);
    await tabTo(page, dialog.getByRole('button', { name: 'Create' }));
    await page.keyboard.press('Enter');
    const created = toast(page, /Trip IDs: /);
    await created.waitFor({ timeout: 15_000 });
    expect(await created.textContent()).toContain('Request created');
    const tripId = Number(/#(\d+)/.exec((await created.textContent()) ?? '')?.[1]);
    expect(tripId).toBeGreaterThan(0);
    await dialog.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should let a customs agent release a TA-invoiced ticket with the keyboard', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInWithKeys(page, 'customs1');
    await tabTo(
      page,
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Truck documentation' }),
    );
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard/customs/truck-documentation');
    const row = page.getByRole('row').filter({ hasText: 'Awaiting' }).first();
    const link = row.getByRole('link', { name: /Open documentation of trip \d+/ });
    const trip = Number(
      /(\d+)$/.exec((await link.getAttribute('aria-label')) ?? (await link.textContent()) ?? '')?.[1],
    );
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    const release = page.getByRole('button', { name: 'Release' });
    await tabTo(page, release);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Release trip ${trip}?` });
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Release' }));
    await page.keyboard.press('Enter');
    await toast(page, 'Released: the ticket is in MX transit').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
