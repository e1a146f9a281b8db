import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from './browser';

/** Signs in through the username/password screen, as a person would. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login/tradicional');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard'), { timeout: 20_000 });
}

export async function pathOf(page: Page): Promise<string> {
  return new URL(page.url()).pathname;
}

export async function expectPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
  expect(await pathOf(page)).toBe(path);
}
