import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getUser } from '../../src/app/features/auth/api/get-user';
import { installFakeServer, storeSession, USERS } from './fake-server';
import { renderApp } from './render';

describe('session', () => {
  it('should sign in silently with the stored token on startup', async () => {
    const server = installFakeServer();
    storeSession(USERS.carrier1);
    const app = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'My tickets' })).toBeInTheDocument();
    expect(app.path()).toBe('/dashboard/carrier');
    await waitFor(() => expect(server.calls.some((call) => call.path === '/api/auth/login/token')).toBe(true));
    const call = server.calls.find((candidate) => candidate.path === '/api/auth/login/token');
    expect(call?.headers.get('authorization')).toBe('Bearer token-carrier1');
    expect(call?.headers.get('content-type')).toBe('application/json');
  });

  it('should log out when the silent login is refused', async () => {
    installFakeServer();
    localStorage.setItem('token', 'token-expired');
    localStorage.setItem('user', JSON.stringify(USERS.supplier1));
    const app = renderApp('/dashboard/suppliers');
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('should log out and go to /login when any call answers 401', async () => {
    const server = installFakeServer();
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/admin/accounting');
    expect(await screen.findByRole('heading', { name: 'Accounting' })).toBeInTheDocument();
    server.on('GET /api/users/:id', () => ({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'jwt expired' },
    }));
    await act(async () => {
      await expect(getUser(USERS.admin.id)).rejects.toMatchObject({ status: 401 });
    });
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(await screen.findByRole('link', { name: /username and password/i })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('should keep the stored session and show the offline badge when the server cannot be reached', async () => {
    const server = installFakeServer();
    server.on('POST /api/auth/login/token', () => 'network-error');
    server.on('GET /api/tickets', () => 'network-error');
    storeSession(USERS.supplier1);
    const app = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'My requests' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Offline' })).toBeInTheDocument();
    expect(app.path()).toBe('/dashboard/suppliers');
    expect(localStorage.getItem('token')).toBe('token-supplier1');
  });

  it('should log out from the user menu, ending the session on the server with its own token', async () => {
    const server = installFakeServer();
    storeSession(USERS.carrier1);
    const token = localStorage.getItem('token');
    const app = renderApp('/dashboard/carrier');
    await app.user.click(await screen.findByRole('button', { name: /account of/i }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    const logout = server.calls.find((call) => call.method === 'POST' && call.path === '/api/auth/logout');
    expect(logout?.headers.get('authorization')).toBe(`Bearer ${token}`);
  });
});
