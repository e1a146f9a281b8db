/**
 * Single sign-on in Chromium at 390 px: the 'I am supplier' button leads to the company's OpenID
 * provider (a real oidc-provider on loopback, started with the suite's portal), the person signs in
 * there and comes back signed in to their ticket list.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, baseUrl, launch, newContext, watchErrors, shot } from './support/browser';
import { expectPath } from './support/session';
import { SSO_SUPPLIER_LOGIN } from './support/sso-provider';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('single sign-on', () => {
  it('should sign a supplier in through the company provider and show their requests, at 390 px', async () => {
    const context = await newContext(browser, PHONE, 'en-US');
    const page = await context.newPage();
    const errors = watchErrors(page);
    // Every address the tab went to: none may carry the session (logs, history and Referer keep them).
    const addresses: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) addresses.push(request.url());
    });
    await page.goto('/login');
    await page.getByRole('link', { name: /Single sign-on/ }).click();
    await expectPath(page, '/login/sso');
    await shot(page, 'sso-390-en');
    await page.getByRole('link', { name: 'I am supplier' }).click();

    // The provider's own (development) sign-in and consent pages, on another origin.
    await page.waitForURL((url) => url.origin !== baseUrl() && url.pathname.startsWith('/interaction/'));
    await page.locator('input[name="login"]').fill(SSO_SUPPLIER_LOGIN);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Back through /token to supplier1's home, signed in (the account with the provider's e-mail).
    await expectPath(page, '/dashboard/suppliers');
    await expect.poll(() => page.getByRole('heading', { name: 'My requests' }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('header').getByText('Sam Kowalski').first().isVisible()).toBe(true);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toMatch(/^ey/);
    expect(addresses.some((address) => new URL(address).pathname === '/token')).toBe(true);
    expect(addresses.filter((address) => address.includes(token!) || /[?&#]token=/.test(address))).toEqual([]);
    await shot(page, 'sso-landed-390-en');
    expect(errors).toEqual([]);
    await context.close();
  });
});
