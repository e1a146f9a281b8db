import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer, storeSession, USERS } from './fake-server';
import { renderApp } from './render';

describe('language', () => {
  it('should show the menu in Spanish after switching to ES and remember the choice', async () => {
    installFakeServer();
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/admin/ongoing');
    const [sideMenu] = await screen.findAllByRole('navigation', { name: 'Main menu' });
    expect(within(sideMenu!).getByText('Service level')).toBeInTheDocument();

    await app.user.click(screen.getByText('ES'));

    const [menuEs] = await screen.findAllByRole('navigation', { name: 'Menú principal' });
    expect(within(menuEs!).getByText('Nivel de servicio')).toBeInTheDocument();
    expect(within(menuEs!).getByText('Contabilidad')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Solicitudes en curso' })).toBeInTheDocument();
    expect(localStorage.getItem('locale')).toBe('es');
    expect(document.documentElement.lang).toBe('es-MX');
  });

  it('should show the validation messages in Spanish', async () => {
    installFakeServer();
    localStorage.setItem('locale', 'es');
    const app = renderApp('/login/tradicional');
    await app.user.click(await screen.findByText('ES'));
    await app.user.click(await screen.findByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('El usuario es un campo obligatorio')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es un campo obligatorio')).toBeInTheDocument();
  });
});
