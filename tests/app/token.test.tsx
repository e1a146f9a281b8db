import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer, storeSession, USERS } from './fake-server';
import { renderApp } from './render';

describe('/token hand-off', () => {
  it('should ask before replacing a signed-in user, and replace whatever was stored once told to', async () => {
    installFakeServer();
    storeSession(USERS.carrier1);
    localStorage.setItem('something-else', 'x');
    localStorage.setItem('locale', 'en');
    const app = renderApp('/token?token=token-supplier1');
    // A link someone else made with their own token must not sign this browser into their account.
    expect(await screen.findByRole('heading', { name: 'Change the signed-in account?' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('token-carrier1');
    await app.user.click(screen.getByRole('button', { name: 'Continue with the new sign-in' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBe('token-supplier1'));
    // The carrier stored before is gone (jsdom does not reload, so the app may already have signed the
    // handed-over supplier in silently).
    expect(localStorage.getItem('user') ?? '').not.toContain('carrier1');
    expect(localStorage.getItem('something-else')).toBeNull();
    expect(localStorage.getItem('locale')).toBe('en');
  });

  it('should keep the signed-in user when told to stay, and take nothing from the link', async () => {
    installFakeServer();
    storeSession(USERS.carrier1);
    const app = renderApp('/token?token=token-supplier1');
    await app.user.click(await screen.findByRole('button', { name: /^Stay signed in as / }));
    await waitFor(() => expect(app.path()).toBe('/dashboard/carrier'));
    expect(localStorage.getItem('token')).toBe('token-carrier1');
  });

  it('should take the same user handed over again without asking', async () => {
    installFakeServer();
    storeSession(USERS.supplier1);
    const same = `x.${btoa(JSON.stringify({ sub: String(USERS.supplier1.id) }))}.y`;
    renderApp(`/token?token=${same}`);
    await waitFor(() => expect(localStorage.getItem('token')).toBe(same));
  });

  it('should return a single sign-on user to the screen their session ended on', async () => {
    installFakeServer();
    // The session ended (midnight) on the previous requests; the user signs in again through SSO.
    localStorage.setItem(
      'returnTo',
      JSON.stringify({ userId: USERS.supplier1.id, path: '/dashboard/suppliers/previous' }),
    );
    renderApp('/token?token=token-supplier1');
    await waitFor(() => expect(localStorage.getItem('token')).toBe('token-supplier1'));
    // jsdom does not reload: what /token keeps across the wipe is what the reloaded app at /?resume=1 reads.
    const app = renderApp('/?resume=1');
    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers/previous'));
  });

  it('should take another user handed over by SSO to their own home', async () => {
    installFakeServer();
    localStorage.setItem('token', 'token-supplier1');
    localStorage.setItem('returnTo', JSON.stringify({ userId: USERS.carrier1.id, path: '/dashboard/carrier/all' }));
    const app = renderApp('/?resume=1');
    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers'));
  });

  it('should reuse a stored token when the query has none', async () => {
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
