import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer, storeSession, USERS } from './fake-server';
import { renderApp } from './render';

/** jsdom has no layout: both the side menu and the bottom bar are in the DOM; they are told apart by order. */
async function menus() {
  const [side, bottom] = await screen.findAllByRole('navigation', { name: 'Main menu' });
  return { side: side!, bottom: bottom! };
}

describe('menus', () => {
  it('should give the supplier load truck and load railcar on wide screens and new/delete ticket on small ones', async () => {
    installFakeServer();
    storeSession(USERS.supplier1);
    renderApp('/dashboard/suppliers');
    const { side, bottom } = await menus();
    expect(
      within(side)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['My requests', 'Load truck', 'Load railcar']);
    expect(
      within(bottom)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['New ticket', 'My requests', 'Delete ticket']);
    expect(within(bottom).getByRole('link', { name: 'New ticket' })).toHaveAttribute(
      'href',
      '/dashboard/suppliers?action=new-ticket',
    );
  });

  it('should lead the supplier from the home page to the previous requests', async () => {
    installFakeServer();
    storeSession(USERS.supplier1);
    const app = renderApp('/dashboard/suppliers');
    await app.user.click(await screen.findByRole('link', { name: 'Previous requests' }));
    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers/previous'));
  });

  it('should mark the current screen in the menu', async () => {
    installFakeServer();
    storeSession(USERS.admin);
    renderApp('/dashboard/admin/categories');
    const { side } = await menus();
    expect(within(side).getByRole('link', { name: 'Categories' })).toHaveAttribute('aria-current', 'page');
    expect(within(side).getByRole('link', { name: 'Contracts' })).not.toHaveAttribute('aria-current');
  });

  it('should lead the carrier to the /all list from the side menu and the bottom bar', async () => {
    installFakeServer();
    storeSession(USERS.carrier1);
    renderApp('/dashboard/carrier');
    const { side, bottom } = await menus();
    expect(within(side).getByRole('link', { name: 'All tickets' })).toHaveAttribute('href', '/dashboard/carrier/all');
    expect(within(bottom).getByRole('link', { name: 'All tickets' })).toHaveAttribute('href', '/dashboard/carrier/all');
  });

  it("should give the carrier one home entry that drops the list's filters", async () => {
    installFakeServer();
    storeSession(USERS.carrier1);
    const app = renderApp('/dashboard/carrier?equipment=ABCU123456');
    const { side } = await menus();
    const home = within(side).getByRole('link', { name: 'Home' });
    expect(home).toHaveAttribute('href', '/dashboard/carrier');
    await app.user.click(home);
    expect(app.router.state.location.search).toBe('');
  });
});

describe('e-voucher and vehicle entries', () => {
  it('should lead the carrier to its e-vouchers and vehicles from the side menu and the bottom bar', async () => {
    installFakeServer();
    storeSession(USERS.carrier1);
    renderApp('/dashboard/carrier');
    const { side, bottom } = await menus();
    for (const menu of [side, bottom]) {
      expect(within(menu).getByRole('link', { name: 'E-vouchers' })).toHaveAttribute(
        'href',
        '/dashboard/carrier/evouchers',
      );
      expect(within(menu).getByRole('link', { name: 'Vehicles' })).toHaveAttribute(
        'href',
        '/dashboard/carrier/vehicles',
      );
    }
  });

  it("should lead the admin to the e-vouchers from the side menu's requests and the bottom bar's accounting tab", async () => {
    installFakeServer();
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/admin/accounting');
    const { side, bottom } = await menus();
    expect(within(side).getByRole('link', { name: 'E-vouchers' })).toHaveAttribute(
      'href',
      '/dashboard/admin/evouchers',
    );
    await app.user.click(within(bottom).getByRole('button', { name: /Accounting/ }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'E-vouchers' }));
    await waitFor(() => expect(app.path()).toBe('/dashboard/admin/evouchers'));
  });
});
