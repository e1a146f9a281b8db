import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer, storeSession, USERS } from './fake-server';
import { renderApp } from './render';

describe('routes and guards', () => {
  it('should send an unknown route to /login', async () => {
    installFakeServer();
    const app = renderApp('/no/such/page');
    expect(await screen.findByRole('link', { name: /username and password/i })).toBeInTheDocument();
    expect(app.path()).toBe('/login');
  });

  it('should send a protected route without a token to /login', async () => {
    const server = installFakeServer();
    const app = renderApp('/dashboard/admin/contracts');
    expect(await screen.findByRole('link', { name: /single sign-on/i })).toBeInTheDocument();
    expect(app.path()).toBe('/login');
    expect(server.calls).toHaveLength(0);
  });

  it("should send a signed-in user to /login from another role's area", async () => {
    installFakeServer();
    storeSession(USERS.carrier1);
    const app = renderApp('/dashboard/suppliers/previous');
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(await screen.findByText(/you are signed in as/i)).toBeInTheDocument();
  });

  it('should open the admin home on the ongoing list', async () => {
    installFakeServer();
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/admin');
    expect(await screen.findByRole('heading', { name: 'Ongoing requests' })).toBeInTheDocument();
    expect(app.path()).toBe('/dashboard/admin/ongoing');
  });

  it('should send a read-only admin from /dashboard/adminro to the admin home', async () => {
    installFakeServer();
    storeSession(USERS.adminro);
    const app = renderApp('/dashboard/adminro');
    expect(await screen.findByRole('heading', { name: 'Ongoing requests' })).toBeInTheDocument();
    expect(app.path()).toBe('/dashboard/admin/ongoing');
  });

  it('should show each admin settings screen with its own title', async () => {
    installFakeServer();
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/admin/depotsabm');
    expect(await screen.findByRole('heading', { name: 'Depots' })).toBeInTheDocument();
    // The fake server has no depot list: the screen says it could not load it.
    expect(await screen.findByText('Error retrieving the depots', undefined)).toBeInTheDocument();
    expect(app.path()).toBe('/dashboard/admin/depotsabm');
  });

  it('should send a customs agent opening an admin ta-invoice link to the customs predoc of that ticket', async () => {
    installFakeServer();
    storeSession(USERS.customs1);
    const app = renderApp('/dashboard/admin/ta-invoice/42');
    expect(await screen.findByRole('heading', { name: 'Trip ID 42' })).toBeInTheDocument();
    expect(app.path()).toBe('/dashboard/customs/predoc/42');
  });

  it('should send an admin opening a customs documentation link to the admin ta-invoice of that ticket', async () => {
    installFakeServer();
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/customs/truck-documentation/7');
    expect(await screen.findByRole('heading', { name: 'Trip ID 7' })).toBeInTheDocument();
    expect(app.path()).toBe('/dashboard/admin/ta-invoice/7');
  });

  it("should show the customs menu with the customs agent's business name", async () => {
    installFakeServer();
    storeSession(USERS.customs1);
    renderApp('/dashboard/customs');
    expect(await screen.findByRole('heading', { name: 'Tickets' })).toBeInTheDocument();
    const menus = screen.getAllByRole('navigation', { name: 'Main menu' });
    expect(menus.length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Truck documentation' }).length).toBeGreaterThan(0);
    expect(screen.getByText('Aduanas Laredo')).toBeInTheDocument();
  });
});
