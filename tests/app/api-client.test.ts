import { describe, expect, it } from 'vitest';
import { ApiError, apiFetch, buildQuery, NetworkError } from '../../src/app/lib/api-client';
import { getSession, setSession } from '../../src/app/lib/session-store';
import { installFakeServer, USERS } from './fake-server';

describe('api client', () => {
  it('should repeat array filters as query keys and skip empty ones', () => {
    expect(buildQuery({ statusName: ['PENDING', 'CONFIRMED'], page: 1, ticketId: '', carrierId: undefined })).toBe(
      '?statusName=PENDING&statusName=CONFIRMED&page=1',
    );
  });

  it('should send JSON and the bearer token when signed in', async () => {
    const server = installFakeServer();
    server.on('PUT /api/users/:id/firebaseToken', () => ({ status: 204 }));
    setSession('token-admin', USERS.admin);
    await apiFetch(`/users/${USERS.admin.id}/firebaseToken`, { method: 'PUT', body: { token: 'device-1' } });
    const call = server.calls[0];
    expect(call?.headers.get('authorization')).toBe('Bearer token-admin');
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(call?.headers.get('accept')).toBe('application/json');
    expect(call?.body).toEqual({ token: 'device-1' });
  });

  it('should leave the content type of multipart bodies to the browser', async () => {
    const server = installFakeServer();
    server.on('POST /api/trucks-documentation', () => ({ status: 200, body: { truckDocumentation: { id: 1 } } }));
    const form = new FormData();
    form.append('truckDocumentation', JSON.stringify({ ticketId: 1 }));
    await apiFetch('/trucks-documentation', { method: 'POST', body: form });
    expect(server.calls[0]?.headers.get('content-type')).toBeNull();
    expect(server.calls[0]?.body).toBeInstanceOf(FormData);
  });

  it("should reject with the server's error body", async () => {
    const server = installFakeServer();
    server.on('GET /api/tickets', () => ({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'Ticket is CONFIRMED' },
    }));
    const failure = apiFetch('/tickets');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 409, message: 'Ticket is CONFIRMED' });
  });

  it('should clear the session on a 401 but not on the login call', async () => {
    installFakeServer();
    setSession('token-admin', USERS.admin);
    await expect(
      apiFetch('/auth/login', { method: 'POST', body: { username: 'x', password: 'y' }, skipUnauthorizedLogout: true }),
    ).rejects.toMatchObject({ status: 401 });
    expect(getSession().token).toBe('token-admin');
    setSession('token-unknown', USERS.admin);
    await expect(apiFetch('/users/1')).rejects.toMatchObject({ status: 401 });
    // Ended by the server, so the login page can say the session has ended.
    expect(getSession()).toEqual({ token: null, user: null, ended: true });
  });

  it('should report a request that got no answer as a network error', async () => {
    const server = installFakeServer();
    server.on('GET /api/tickets', () => 'network-error');
    await expect(apiFetch('/tickets')).rejects.toBeInstanceOf(NetworkError);
  });
});
