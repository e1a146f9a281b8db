/**
 * A password changed on one device ends the sessions of the others: a tab left open elsewhere signs out
 * by itself (its event stream's last frame says the session ended) and shows the login with the reason,
 * without the user doing anything there. Runs on its own portal: it changes a demo user's password.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DESKTOP, PHONE, watchErrors } from './support/browser';
import { useOwnPortal } from './support/own-portal';
import { signIn } from './support/session';

const own = useOwnPortal();

async function openTab(viewport: typeof DESKTOP): Promise<Page> {
  const context = await own.browser.newContext({
    serviceWorkers: 'block',
    baseURL: own.server.base,
    viewport,
    locale: 'en-US',
  });
  return context.newPage();
}

describe('a session ended by a password change on another device', () => {
  it('should sign the other open tab out at once and tell it why', async () => {
    const phone = await openTab(PHONE);
    const desk = await openTab(DESKTOP);
    const errors = watchErrors(phone);
    const streamOpen = phone.waitForResponse((res) => res.url().includes('/api/events') && res.status() === 200);
    await signIn(phone, 'supplier2');
    await signIn(desk, 'supplier2');
    // The phone's list is open and its event stream connected.
    await streamOpen;

    await desk.getByRole('button', { name: /account of/i }).click();
    await desk.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
    await dialog.getByLabel(/^new password/i).fill('Ended-elsewhere-1');
    await dialog.getByLabel(/^confirm the new password/i).fill('Ended-elsewhere-1');
    await dialog.getByRole('button', { name: 'Change password' }).click();

    // The phone does nothing; it lands on the login with the notice.
    await phone.waitForURL((url) => url.pathname === '/login');
    await expect
      .poll(() => phone.getByRole('alert').filter({ hasText: 'Your session has ended; sign in again' }).count())
      .toBe(1);
    expect(await phone.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // A picture for a person to look at, when E2E_SHOTS_DIR names a folder.
    if (process.env.E2E_SHOTS_DIR)
      await phone.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/session-ended-390.png`, fullPage: true });
    // The device that changed the password stays signed in.
    expect(new URL(desk.url()).pathname).toMatch(/^\/dashboard/);
    await signIn(phone, 'supplier2', 'Ended-elsewhere-1');
    expect(errors).toEqual([]);
  });
});
