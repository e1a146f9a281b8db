/** The signed-in user changes their own password from the user menu. */
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { UserMenu } from '../../src/app/components/layout/user-menu';
import { ChangeOwnPasswordModal } from '../../src/app/features/auth/components/change-own-password-modal';
import { activateLocale } from '../../src/app/lib/i18n';
import { getToken } from '../../src/app/lib/session-store';
import { installFakeServer, PASSWORD, USERS } from './fake-server';
import { renderApp, renderWithProviders } from './render';
import { signedInAs } from './tickets-fixtures';

const customs = USERS.customs1;

/** The menu and the dialog wired as the dashboard layout wires them (the full app is tested once below). */
function MenuWithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <UserMenu user={customs} onLogout={vi.fn()} onChangePassword={() => setOpen(true)} />
      <ChangeOwnPasswordModal opened={open} onClose={() => setOpen(false)} />
    </>
  );
}

async function openDialog({ user }: { user: ReturnType<typeof renderWithProviders>['user'] }) {
  await user.click(await screen.findByRole('button', { name: /Account of/ }));
  await user.click(await screen.findByRole('menuitem', { name: 'Change password' }));
  return screen.findByRole('dialog', { name: 'Change password' });
}

describe('change own password from the user menu', () => {
  it('should check the fields before sending anything', async () => {
    const server = installFakeServer();
    signedInAs(server, customs);
    const app = renderWithProviders(<MenuWithDialog />);
    const { user } = app;
    const dialog = await openDialog(app);
    await user.type(within(dialog).getByLabelText(/^new password/i), 'short');
    await user.type(within(dialog).getByLabelText(/^confirm the new password/i), 'other');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText('Password is a required field')).toBeInTheDocument();
    expect(within(dialog).getByText('Mininum characters is at least 8')).toBeInTheDocument();
    expect(within(dialog).getByText('The password do not match')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === '/api/auth/password/own')).toHaveLength(0);
  });

  it('should show a wrong current password on its field and keep the session', async () => {
    const server = installFakeServer();
    signedInAs(server, customs);
    server.on('PUT /api/auth/password/own', () => ({
      status: 422,
      body: {
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: 'The current password is not correct',
        details: { currentPassword: 'The current password is not correct' },
      },
    }));
    const app = renderWithProviders(<MenuWithDialog />);
    const { user } = app;
    const dialog = await openDialog(app);
    await user.type(within(dialog).getByLabelText(/^current password/i), 'not-it');
    await user.type(within(dialog).getByLabelText(/^new password/i), 'Brand-new-1');
    await user.type(within(dialog).getByLabelText(/^confirm the new password/i), 'Brand-new-1');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText('The current password is not correct')).toBeInTheDocument();
    expect(getToken()).toBe('token-customs1');
  });

  it('should send both passwords, keep this device signed in with the new token and close the dialog', async () => {
    const server = installFakeServer();
    signedInAs(server, customs);
    server.on('PUT /api/auth/password/own', ({ body }) => {
      const { currentPassword, password } = body as { currentPassword: string; password: string };
      return currentPassword === PASSWORD && password === 'Brand-new-1'
        ? { status: 200, body: { token: 'token-after-change', user: customs } }
        : { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Invalid request' } };
    });
    const app = renderWithProviders(<MenuWithDialog />);
    const { user } = app;
    const dialog = await openDialog(app);
    await user.type(within(dialog).getByLabelText(/^current password/i), PASSWORD);
    await user.type(within(dialog).getByLabelText(/^new password/i), 'Brand-new-1');
    await user.type(within(dialog).getByLabelText(/^confirm the new password/i), 'Brand-new-1');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Your password was changed. You were signed out on your other devices.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change password' })).toBeNull());
    expect(getToken()).toBe('token-after-change');
  });

  it('should speak Spanish', async () => {
    localStorage.setItem('locale', 'es');
    await activateLocale('es');
    signedInAs(installFakeServer(), customs);
    const { user } = renderWithProviders(<MenuWithDialog />);
    await user.click(await screen.findByRole('button', { name: /Cuenta de/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cambiar contraseña' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
    expect(within(dialog).getByLabelText(/^contraseña actual/i)).toBeInTheDocument();
    localStorage.removeItem('locale');
    await activateLocale('en');
  });

  it('should open from the account menu of the dashboard', async () => {
    signedInAs(installFakeServer(), customs);
    const app = renderApp('/dashboard/customs');
    const dialog = await openDialog(app);
    expect(within(dialog).getByLabelText(/^current password/i)).toBeInTheDocument();
  });
});
