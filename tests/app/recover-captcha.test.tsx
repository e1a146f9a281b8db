/** The recover form carries the same captcha as sign-in: shown when the server asks, its payload sent as `captcha`. */
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from './fake-server';
import { renderApp } from './render';

describe('recover password with a captcha', () => {
  it('should show the widget when the server asks for a captcha and send the solved payload with the username', async () => {
    const server = installFakeServer();
    server.on('POST /api/auth/password', ({ body }) =>
      (body as { captcha?: string }).captcha === 'solved-payload'
        ? { status: 200, body: {} }
        : {
            status: 401,
            body: {
              statusCode: 401,
              error: 'Unauthorized',
              message: 'Solve the captcha to continue',
              captchaRequired: true,
            },
          },
    );
    const app = renderApp('/login/recover');
    await app.user.type(await screen.findByLabelText(/username/i, {}), 'supplier1');
    const button = screen.getByRole('button', { name: 'Send reset link' });
    expect(document.querySelector('altcha-widget')).toBeNull();
    await app.user.click(button);

    expect(await screen.findByText('Solve the captcha to continue')).toBeInTheDocument();
    expect(screen.getByText(/tick “I'm not a robot” below/)).toBeInTheDocument();
    const widget = await waitFor(() => {
      const element = document.querySelector('altcha-widget');
      expect(element).not.toBeNull();
      return element!;
    });
    expect(button).toBeDisabled();
    // The test DOM cannot run the widget's workers; the widget reports a solution as it does when solved.
    act(() => {
      widget.dispatchEvent(
        new CustomEvent('statechange', { detail: { state: 'verified', payload: 'solved-payload' } }),
      );
    });
    await waitFor(() => expect(button).toBeEnabled());
    await app.user.click(button);
    expect(await screen.findByText('Check your email to change the password')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path === '/api/auth/password').at(-1)?.body).toEqual({
      username: 'supplier1',
      captcha: 'solved-payload',
      // The mail says until when the link works in this device's time.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });
});
