import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer, storeSession, USERS } from './fake-server';
import { renderApp } from './render';

describe('/token hand-off', () => {
  it('should replace whatever was stored with the token from the query', async () => {
    installFakeServer();
    storeSession(USERS.carrier1);
    localStorage.setItem('something-else', 'x');
    localStorage.setItem('locale', 'en');
    renderApp('/token?token=token-supplier1');
    await waitFor(() => expect(localStorage.getItem('token')).toBe('token-supplier1'));
    // The carrier stored before is gone (jsdom does not reload, so the app may already have signed the
    // handed-over supplier in silently).
    expect(localStorage.getItem('user') ?? '').not.toContain('carrier1');
    expect(localStorage.getItem('something-else')).toBeNull();
    expect(localStorage.getItem('locale')).toBe('en');
  });

  it('should return a single sign-on user to the screen their session ended on', async () => {
    installFakeServer();
    storeSession(USERS.supplier1);
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
