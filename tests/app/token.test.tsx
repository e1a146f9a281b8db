import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '../../src/shared/schemas/user';
import { installFakeServer, storeSession, tokenFor, USERS, type FakeServer } from './fake-server';
import { renderApp } from './render';

/**
 * What the server holds for this browser after a finished single sign-on: the hand-off route answers
 * `user`'s session once (the cookie is spent), then 401.
 */
function handOver(server: FakeServer, user: User, token = tokenFor(user)) {
  let taken = 0;
  server.on('POST /api/auth/sso/handoff', () =>
    taken++ === 0
      ? { status: 200, body: { token, user } }
      : { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'No single sign-on' } },
  );
  return { takenTimes: () => taken };
}

describe('/token hand-off', () => {
  it('should ask before replacing a signed-in user, and replace whatever was stored once told to', async () => {
    handOver(installFakeServer(), USERS.supplier1);
    storeSession(USERS.carrier1);
    localStorage.setItem('something-else', 'x');
    localStorage.setItem('locale', 'en');
    const app = renderApp('/token');
    // An account never changes under someone who did not mean to change it.
    expect(await screen.findByRole('heading', { name: 'Change the signed-in account?' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('token-carrier1');
    await app.user.click(screen.getByRole('button', { name: 'Continue with the new sign-in' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBe('token-supplier1'));
    // The carrier stored before is gone, the supplier is signed in on the page.
    expect(localStorage.getItem('user') ?? '').not.toContain('carrier1');
    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers'));
    expect(localStorage.getItem('something-else')).toBeNull();
    expect(localStorage.getItem('locale')).toBe('en');
  });

  it('should keep the signed-in user when told to stay', async () => {
    handOver(installFakeServer(), USERS.supplier1);
    storeSession(USERS.carrier1);
    const app = renderApp('/token');
    await app.user.click(await screen.findByRole('button', { name: /^Stay signed in as / }));
    await waitFor(() => expect(app.path()).toBe('/dashboard/carrier'));
    expect(localStorage.getItem('token')).toBe('token-carrier1');
  });

  it('should take the same user handed over again without asking', async () => {
    storeSession(USERS.supplier1);
    handOver(installFakeServer(), USERS.supplier1, 'token-supplier1-renewed');
    renderApp('/token');
    await waitFor(() => expect(localStorage.getItem('token')).toBe('token-supplier1-renewed'));
  });

  it('should return a single sign-on user to the screen their session ended on', async () => {
    handOver(installFakeServer(), USERS.supplier1);
    // The session ended (midnight) on the previous requests; the user signs in again through SSO.
    localStorage.setItem(
      'returnTo',
      JSON.stringify({ userId: USERS.supplier1.id, path: '/dashboard/suppliers/previous' }),
    );
    // Signed in on the page itself (no reload), and on to that screen.
    const app = renderApp('/token');
    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers/previous'));
    expect(localStorage.getItem('token')).toBe('token-supplier1');
  });

  it("should show the handed-over user's home on the same page, with no reload to carry the session", async () => {
    handOver(installFakeServer(), USERS.supplier1);
    const app = renderApp('/token');
    expect(await screen.findByRole('heading', { name: 'My requests' })).toBeInTheDocument();
    expect(app.path()).toBe('/dashboard/suppliers');
  });

  it('should take another user handed over by SSO to their own home', async () => {
    installFakeServer();
    localStorage.setItem('token', 'token-supplier1');
    localStorage.setItem('returnTo', JSON.stringify({ userId: USERS.carrier1.id, path: '/dashboard/carrier/all' }));
    const app = renderApp('/?resume=1');
    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers'));
  });

  it('should take nothing from the address: a token in the query is not a sign-in', async () => {
    const server = installFakeServer();
    storeSession(USERS.carrier1);
    const app = renderApp('/token?token=token-supplier1');
    await waitFor(() => expect(app.path()).toBe('/dashboard/carrier'));
    expect(localStorage.getItem('token')).toBe('token-carrier1');
    // The page asked the server, which had nothing for this browser.
    expect(server.calls.some((call) => call.path === '/api/auth/sso/handoff')).toBe(true);
  });

  it('should take the hand-off once however often React runs the page', async () => {
    const server = installFakeServer();
    const handoff = handOver(server, USERS.supplier1);
    renderApp('/token');
    await waitFor(() => expect(localStorage.getItem('token')).toBe('token-supplier1'));
    expect(handoff.takenTimes()).toBe(1);
  });

  it('should reuse a stored token when there is nothing to take', async () => {
    installFakeServer();
    storeSession(USERS.supplier1);
    const app = renderApp('/token');
    expect(await screen.findByRole('heading', { name: 'My requests' })).toBeInTheDocument();
    expect(app.path()).toBe('/dashboard/suppliers');
  });

  it('should sign in with a handed-over token that has no stored user yet', async () => {
    installFakeServer();
    localStorage.setItem('token', 'token-customs1');
    const app = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Tickets' })).toBeInTheDocument();
    expect(app.path()).toBe('/dashboard/customs');
  });

  it('should go to /login without any token', async () => {
    installFakeServer();
    const app = renderApp('/token');
    await waitFor(() => expect(app.path()).toBe('/login'));
  });
});
