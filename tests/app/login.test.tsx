import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer, PASSWORD, USERS } from './fake-server';
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
    expect(server.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it("should show the server's 'Incorrect user or password'", async () => {
    installFakeServer();
    const app = await signIn('supplier1', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect user or password');
    expect(app.path()).toBe('/login/tradicional');
  });

  it('should show the captcha widget when the server asks for one, keep the button disabled until it is solved, and send its payload', async () => {
    const server = installFakeServer();
    let failures = 0;
    server.on('POST /api/auth/login', ({ body }) => {
      const { password, captcha } = body as { password: string; captcha?: string };
      if (captcha === 'solved-payload' && password === PASSWORD)
        return { status: 200, body: { token: 'token-supplier1', user: USERS.supplier1 } };
      failures += 1;
      return {
        status: 401,
        body: {
          statusCode: 401,
          error: 'Unauthorized',
          code: 'incorrect_login',
          message: 'Incorrect user or password',
          ...(failures >= 3 ? { captchaRequired: true } : {}),
        },
      };
    });
    const app = renderApp('/login/tradicional');
    const button = await screen.findByRole('button', { name: 'Sign in' });
    await app.user.type(screen.getByLabelText(/username/i), 'supplier1');
    for (let i = 0; i < 2; i++) {
      await app.user.type(screen.getByLabelText(/^password/i), 'wrong-password');
      await app.user.click(button);
      await waitFor(() => expect(server.calls.filter((call) => call.path === '/api/auth/login')).toHaveLength(i + 1));
      await waitFor(() => expect(button).toBeEnabled());
      await app.user.clear(screen.getByLabelText(/^password/i));
    }
    // No widget (and no widget code) before the server asks.
    expect(document.querySelector('altcha-widget')).toBeNull();

    await app.user.type(screen.getByLabelText(/^password/i), 'wrong-password');
    await app.user.click(button);
    expect(await screen.findByText('Incorrect user or password')).toBeInTheDocument();
    expect(await screen.findByText(/Tick “I'm not a robot” below/)).toBeInTheDocument();
    const widget = await waitFor(() => {
      const element = document.querySelector('altcha-widget');
      expect(element).not.toBeNull();
      return element!;
    });
    // React sets a custom element's known properties as properties, not attributes.
    expect((widget as HTMLElement & { challenge?: string }).challenge).toBe('/api/auth/captcha');
    expect(button).toBeDisabled();

    // The widget reports its solution as the test DOM cannot run its proof-of-work workers (the e2e solves it for real).
    act(() => {
      widget.dispatchEvent(
        new CustomEvent('statechange', { detail: { state: 'verified', payload: 'solved-payload' } }),
      );
    });
    await waitFor(() => expect(button).toBeEnabled());
    await app.user.clear(screen.getByLabelText(/^password/i));
    await app.user.type(screen.getByLabelText(/^password/i), PASSWORD);
    await app.user.click(button);
    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers'));
    const last = server.calls.filter((call) => call.path === '/api/auth/login').at(-1);
    expect(last?.body).toMatchObject({ username: 'supplier1', password: PASSWORD, captcha: 'solved-payload' });
  });

  it('should show the captcha on opening, before any try, when this address will need one', async () => {
    const server = installFakeServer();
    server.on('GET /api/auth/captcha/required', ({ query }) => ({
      status: 200,
      body: { captchaRequired: !query.has('username') },
    }));
    renderApp('/login/tradicional');
    expect(await screen.findByText(/Tick “I'm not a robot” below/)).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    expect(server.calls.filter((call) => call.path === '/api/auth/login')).toHaveLength(0);
  });

  it('should show the captcha once the username typed will need one, and keep it when the next question says no', async () => {
    const server = installFakeServer();
    server.on('GET /api/auth/captcha/required', ({ query }) => ({
      status: 200,
      body: { captchaRequired: query.get('username') === 'supplier1' },
    }));
    const app = renderApp('/login/tradicional');
    const username = await screen.findByLabelText(/username/i);
    await app.user.type(username, ' supplier1 ');
    expect(document.querySelector('altcha-widget')).toBeNull();
    await app.user.click(screen.getByLabelText(/^password/i));
    expect(await screen.findByText(/Tick “I'm not a robot” below/)).toBeInTheDocument();
    const asked = server.calls.filter((call) => call.path === '/api/auth/captcha/required');
    expect(asked.map((call) => call.query.get('username'))).toEqual([null, 'supplier1']);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    // Another name leaves the widget in place: the server decides at the sign-in anyway.
    await app.user.clear(username);
    await app.user.type(username, 'carrier1');
    await app.user.click(screen.getByLabelText(/^password/i));
    await waitFor(() =>
      expect(server.calls.filter((call) => call.path === '/api/auth/captcha/required')).toHaveLength(3),
    );
    expect(screen.getByText(/Tick “I'm not a robot” below/)).toBeInTheDocument();
  });

  it('should ask for a fresh solution when the server refuses the one sent (a solution is single use)', async () => {
    const server = installFakeServer();
    server.on('POST /api/auth/login', () => ({
      status: 401,
      body: {
        statusCode: 401,
        error: 'Unauthorized',
        code: 'captcha_required',
        message: 'Solve the captcha to continue',
        captchaRequired: true,
      },
    }));
    const app = await signIn('supplier1', PASSWORD);
    expect(await screen.findByText('Solve the captcha to continue')).toBeInTheDocument();
    const first = await waitFor(() => document.querySelector('altcha-widget')!);
    act(() => {
      first.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload: 'spent-payload' } }));
    });
    const button = screen.getByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(button).toBeEnabled());
    await app.user.click(button);
    await waitFor(() => expect(server.calls.filter((call) => call.path === '/api/auth/login')).toHaveLength(2));
    expect(server.calls.at(-1)?.body).toMatchObject({ captcha: 'spent-payload' });
    // A new widget, unsolved: the button waits for it again.
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBe(first));
    expect(button).toBeDisabled();
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
