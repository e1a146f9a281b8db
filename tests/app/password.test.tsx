import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from './fake-server';
import { renderApp } from './render';

describe('change password', () => {
  it('should go to /login when the link has no token', async () => {
    installFakeServer();
    const app = renderApp('/login/change-password');
    await waitFor(() => expect(app.path()).toBe('/login'));
  });

  it('should ask for at least 8 characters and a matching confirmation', async () => {
    const server = installFakeServer();
    const app = renderApp('/login/change-password?token=reset-1');
    await app.user.type(await screen.findByLabelText(/^new password/i), 'short');
    await app.user.type(screen.getByLabelText(/^confirm the new password/i), 'other');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Mininum characters is at least 8')).toBeInTheDocument();
    expect(screen.getByText('The password do not match')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('should send the new password with the link token and lead to sign-in', async () => {
    const server = installFakeServer();
    const app = renderApp('/login/change-password?token=reset-1');
    await app.user.type(await screen.findByLabelText(/^new password/i), 'long-enough');
    await app.user.type(screen.getByLabelText(/^confirm the new password/i), 'long-enough');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password was changed. Sign in with the new one.')).toBeInTheDocument();
    await waitFor(() => expect(app.path()).toBe('/login/tradicional'));
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      password: 'long-enough',
      token: 'reset-1',
    });
  });

  it('should say it failed and go to recover on any other refusal', async () => {
    const server = installFakeServer();
    server.on('PUT /api/auth/password', () => ({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'Invalid request' },
    }));
    const app = renderApp('/login/change-password?token=reset-1');
    await app.user.type(await screen.findByLabelText(/^new password/i), 'long-enough');
    await app.user.type(screen.getByLabelText(/^confirm the new password/i), 'long-enough');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Failed to change password')).toBeInTheDocument();
    await waitFor(() => expect(app.path()).toBe('/login/recover'));
  });

  it('should say the link expired and go to recover when the server answers 401', async () => {
    const server = installFakeServer();
    server.on('PUT /api/auth/password', ({ headers, body }) => {
      expect(headers.get('authorization')).toBe('Bearer reset-1');
      expect(body).toEqual({ password: 'long-enough', token: 'reset-1' });
      return { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' } };
    });
    const app = renderApp('/login/change-password?token=reset-1');
    await app.user.type(await screen.findByLabelText(/^new password/i), 'long-enough');
    await app.user.type(screen.getByLabelText(/^confirm the new password/i), 'long-enough');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The link expired, please request new password')).toBeInTheDocument();
    await waitFor(() => expect(app.path()).toBe('/login/recover'));
  });
});

describe('recover password', () => {
  it('should require the username', async () => {
    installFakeServer();
    const app = renderApp('/login/recover');
    await app.user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Username is a required field')).toBeInTheDocument();
  });

  it('should say to check the email, sending the app language and the device time zone for the mail', async () => {
    const server = installFakeServer();
    const app = renderApp('/login/recover');
    await app.user.type(await screen.findByLabelText(/username/i), 'supplier1');
    await app.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your email to change the password');
    const call = server.calls.find((c) => c.path === '/api/auth/password')!;
    expect(call.body).toEqual({ username: 'supplier1', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(call.headers.get('accept-language')).toBe('en');
  });

  it('should say the link goes out only if the username is an account, as the server tells no more', async () => {
    installFakeServer();
    const app = renderApp('/login/recover');
    await app.user.type(await screen.findByLabelText(/username/i), 'nobody');
    await app.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Check your email to change the password');
    expect(status).toHaveTextContent(
      'If this username has an account here, a link valid for one hour is on its way to its e-mail address.',
    );
  });

  it("should show the server's own message when the request is refused", async () => {
    const server = installFakeServer();
    server.on('POST /api/auth/password', () => ({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'Username is a required field' },
    }));
    const app = renderApp('/login/recover');
    await app.user.type(await screen.findByLabelText(/username/i), 'x');
    await app.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Username is a required field');
  });
});

describe('single sign-on', () => {
  it('should link both buttons to the server sign-in routes', async () => {
    installFakeServer();
    renderApp('/login/sso');
    expect(await screen.findByRole('link', { name: 'I am supplier' })).toHaveAttribute(
      'href',
      '/api/auth/login/supplier',
    );
    expect(screen.getByRole('link', { name: 'I am employee' })).toHaveAttribute('href', '/api/auth/login/employee');
  });

  it('should explain that single sign-on is not set up and lead back to /login', async () => {
    installFakeServer();
    const app = renderApp('/login/login-error?reason=sso-not-configured');
    expect(await screen.findByText(/single sign-on is not set up/i)).toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: 'Accept' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
  });
});
