import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from './fake-server';
import { renderApp } from './render';

describe('/login/sso', () => {
  it('should lead a set-up provider to the server and explain one that is not set up', async () => {
    const server = installFakeServer();
    server.on('GET /api/auth/sso-providers', () => ({ status: 200, body: { supplier: true, employee: false } }));
    renderApp('/login/sso');
    const employee = await screen.findByRole('button', { name: 'I am employee' });
    expect(employee).toBeDisabled();
    expect(employee).toHaveAccessibleDescription('Single sign-on for employees is not set up on this portal.');
    expect(screen.getByRole('link', { name: 'I am supplier' })).toHaveAttribute('href', '/api/auth/login/supplier');
    expect(screen.getByRole('link', { name: 'Sign in with your username and password' })).toHaveAttribute(
      'href',
      '/login/tradicional',
    );
  });

  it('should keep both buttons while the server cannot say which are set up', async () => {
    const server = installFakeServer();
    server.on('GET /api/auth/sso-providers', () => 'network-error');
    renderApp('/login/sso');
    expect(await screen.findByRole('link', { name: 'I am supplier' })).toHaveAttribute(
      'href',
      '/api/auth/login/supplier',
    );
    expect(screen.getByRole('link', { name: 'I am employee' })).toHaveAttribute('href', '/api/auth/login/employee');
    expect(screen.queryByText(/not set up/)).not.toBeInTheDocument();
  });
});

describe('/login/login-error', () => {
  it.each([
    ['unknown-user', 'There is no portal account for the account you signed in with.'],
    ['sso-refused', "The sign-in was cancelled or refused at your company's sign-in page."],
    ['sso-unavailable', 'The sign-in service of your company could not be reached.'],
    ['sso-failed', 'We could not sign you in. Please try again.'],
  ])('should explain %s and lead back to /login', async (reason, text) => {
    installFakeServer();
    const app = renderApp(`/login/login-error?reason=${reason}`);
    expect(await screen.findByText(new RegExp(text.replace(/[.?]/g, '\\$&')))).toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: 'Accept' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
  });
});
