/** Texts the Spanish UI used to leave in English: Mantine's own labels. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/app/lib/i18n';
import { installFakeServer } from './fake-server';
import { renderApp } from './render';

describe('Spanish leftovers', () => {
  it("should name the password field's show/hide button in Spanish, and in English again after switching back", async () => {
    installFakeServer();
    await activateLocale('es');
    renderApp('/login/tradicional');
    expect(
      await screen.findByRole('button', { name: 'Mostrar u ocultar la contraseña', hidden: true }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Toggle password visibility', hidden: true })).not.toBeInTheDocument();
    await activateLocale('en');
    expect(await screen.findByRole('button', { name: 'Toggle password visibility', hidden: true })).toBeInTheDocument();
  });
});
