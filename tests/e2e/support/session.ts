import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, newContext, watchErrors } from './browser';

/** Signs in through the username/password screen, as a person would. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login/tradicional');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
}

export async function pathOf(page: Page): Promise<string> {
  return new URL(page.url()).pathname;
}

export async function expectPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
  expect(await pathOf(page)).toBe(path);
}

/**
 * One user's visit in a browser of its own: a new context of `viewport`, signed in as `username`;
 * `visit` drives the page; the page must have logged no error by the end; the context is then closed
 * (a failed one stays open for the failure description).
 */
export async function asUser(
  browser: Browser,
  username: string,
  viewport: { width: number; height: number },
  visit: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signIn(page, username);
  await visit(page);
  expect(errors).toEqual([]);
  // Closed on success only: a failed step's page stays open until the browser closes, so the failure
  // description (support/on-failure.ts) can show it.
  await context.close();
}
