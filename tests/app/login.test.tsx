import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer, PASSWORD } from './fake-server';
import { renderApp } from './render';

async function signIn(username: string, password: string) {
  const app = renderApp('/login/tradicional');
  await app.user.type(await screen.findByLabelText(/username/i), username);
  await app.user.type(screen.getByLabelText(/^password/i), password);
  await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
  return app;
}

describe('username and password sign-in', () => {
  it('should show the required-field messages when the form is sent empty', async () => {
    const server = installFakeServer();
    const app = renderApp('/login/tradicional');
    await app.user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username is a required field')).toBeInTheDocument();
    expect(screen.getByText('Password is a required field')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it("should show the server's 'Incorrect user or password'", async () => {
    installFakeServer();
    const app = await signIn('supplier1', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect user or password');
    expect(app.path()).toBe('/login/tradicional');
  });

  it('should ask for the captcha when the server requires one', async () => {
    const server = installFakeServer();
    server.on('POST /api/auth/login', () => ({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'captcha required', captchaRequired: true },
    }));
    await signIn('supplier1', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Solve the captcha to continue');
  });

  it('should send the credentials with the time left until local midnight', async () => {
    const server = installFakeServer();
    await signIn('supplier1', PASSWORD);
    await waitFor(() => expect(server.calls.some((call) => call.path === '/api/auth/login')).toBe(true));
    const call = server.calls.find((candidate) => candidate.path === '/api/auth/login');
    expect(call?.body).toMatchObject({ username: 'supplier1', password: PASSWORD });
    const { expiresIn } = call?.body as { expiresIn: number };
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
  });

  it("should land a supplier on the suppliers' home", async () => {
    installFakeServer();
    const app = await signIn('supplier1', PASSWORD);
    expect(await screen.findByRole('heading', { name: 'My requests' })).toBeInTheDocument();
    expect(app.path()).toBe('/dashboard/suppliers');
    expect(screen.getByText('Chatarras Monterrey')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('token-supplier1');
  });

  it('should land a read-only admin on the admin ongoing list', async () => {
    installFakeServer();
    const app = await signIn('adminro', PASSWORD);
    expect(await screen.findByRole('heading', { name: 'Ongoing requests' })).toBeInTheDocument();
    expect(app.path()).toBe('/dashboard/admin/ongoing');
    expect(screen.getByText('Read-only administrator')).toBeInTheDocument();
  });
});
