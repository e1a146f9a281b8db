/**
 * Light or dark for the cab at night: the portal follows the device until the user picks a scheme in the
 * account menu, which this device then remembers (providers.tsx, components/layout/user-menu.tsx).
 */
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserMenu } from '../../src/app/components/layout/user-menu';
import { activateLocale } from '../../src/app/lib/i18n';
import { USERS } from './fake-server';
import { pretendMedia } from './media-queries';
import { renderWithProviders } from './render';

const shown = () => document.documentElement.getAttribute('data-mantine-color-scheme');

/** What the device says of its scheme. */
function deviceIsDark(dark: boolean) {
  pretendMedia((query) => dark && query.includes('prefers-color-scheme: dark'));
}

afterEach(async () => {
  vi.restoreAllMocks();
  localStorage.clear();
  await activateLocale('en');
});

async function openChoice(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(await screen.findByRole('button', { name: /Account of|Cuenta de/ }));
  return screen.findByRole('radiogroup', { name: /^(Appearance|Apariencia)$/ });
}

describe('the colour scheme', () => {
  it('should follow a dark device until the user picks light, and remember the pick', async () => {
    deviceIsDark(true);
    const { user, unmount } = renderWithProviders(<UserMenu user={USERS.carrier1} onLogout={() => {}} />);
    await waitFor(() => expect(shown()).toBe('dark'));
    const choice = await openChoice(user);
    expect(within(choice).getByRole('radio', { name: 'Device' })).toBeChecked();
    await user.click(within(choice).getByRole('radio', { name: 'Light' }));
    await waitFor(() => expect(shown()).toBe('light'));
    expect(localStorage.getItem('color-scheme')).toBe('light');
    unmount();

    // The next start on this device opens in the scheme picked, whatever the device says.
    renderWithProviders(<UserMenu user={USERS.carrier1} onLogout={() => {}} />);
    await waitFor(() => expect(shown()).toBe('light'));
  });

  it('should switch a light device to dark and back to the device’s own, in Spanish', async () => {
    deviceIsDark(false);
    await activateLocale('es');
    const { user } = renderWithProviders(<UserMenu user={USERS.carrier1} onLogout={() => {}} />);
    await waitFor(() => expect(shown()).toBe('light'));
    const choice = await openChoice(user);
    await user.click(within(choice).getByRole('radio', { name: 'Oscura' }));
    await waitFor(() => expect(shown()).toBe('dark'));
    expect(within(choice).getByRole('radio', { name: 'Oscura' })).toBeChecked();
    // By keyboard, as a radio group: the arrow key moves the choice.
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(shown()).toBe('light'));
    expect(localStorage.getItem('color-scheme')).toBe('light');
    await user.click(within(choice).getByRole('radio', { name: 'Dispositivo' }));
    await waitFor(() => expect(shown()).toBe('light'));
    expect(localStorage.getItem('color-scheme')).toBe('auto');
  });
});
