/**
 * A tab whose session the server ended (a password change elsewhere closes its event stream) signs out
 * at once and shows the login with the reason, instead of staying signed in until its next call.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../src/app/lib/i18n';
import { FakeEventSource } from './fake-event-source';
import { installFakeServer, storeSession, USERS } from './fake-server';
import { renderApp } from './render';

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

/**
 * The login page's notice: an alert, so a screen reader announces it. The login page is loaded on first
 * use, so it may come a moment after the address changes.
 */
const notice = async (text: string) => (await screen.findByText(text)).closest('[role="alert"]');

async function signedInStream() {
  const server = installFakeServer();
  storeSession(USERS.carrier1);
  const app = renderApp('/dashboard/carrier');
  expect(await screen.findByRole('heading', { name: 'My tickets' })).toBeInTheDocument();
  await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
  return { server, app, stream: FakeEventSource.open()[0]! };
}

describe('a session ended on the server', () => {
  it('should sign out and say so on the login page when the stream says the session ended', async () => {
    const { app, stream } = await signedInStream();
    act(() => stream.frame('session-ended', {}));
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(await notice('Your session has ended; sign in again')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    // Nothing reconnects with the ended session.
    expect(FakeEventSource.open()).toHaveLength(0);
  });

  it('should sign out when a refused reconnection turns out to be a 401, in Spanish too', async () => {
    const { server, app, stream } = await signedInStream();
    await act(() => activateLocale('es'));
    server.on('GET /api/users/:id', () => ({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', code: 'unauthorized', message: 'Unauthorized' },
    }));
    act(() => stream.refuse());
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(await notice('Tu sesión terminó; inicia sesión de nuevo')).toBeInTheDocument();
  });

  it('should stay signed in when a refused reconnection was not about the session', async () => {
    const { server, app, stream } = await signedInStream();
    server.on('GET /api/users/:id', () => ({ status: 502, body: { statusCode: 502, message: 'Bad Gateway' } }));
    act(() => stream.refuse());
    await waitFor(() => expect(server.calls.some((call) => call.path.startsWith('/api/users/'))).toBe(true));
    // Still signed in after the 502: the stream is opened again, with the same token, after its backoff.
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    expect(FakeEventSource.open()[0]!.url).toBe(stream.url);
    expect(app.path()).toBe('/dashboard/carrier');
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('should show no notice after signing out with the menu', async () => {
    const { app } = await signedInStream();
    await app.user.click(await screen.findByRole('button', { name: /account of/i }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
    // The login page is on screen (it loads on first use), and it carries no notice.
    expect(await screen.findByRole('link', { name: /username and password/i })).toBeInTheDocument();
    expect(screen.queryByText('Your session has ended; sign in again')).not.toBeInTheDocument();
  });
});
