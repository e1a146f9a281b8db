import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer, storeSession, USERS } from './fake-server';
import { renderApp } from './render';
import { setWindowWidth } from './window-width';

/**
 * The side menu and the phone's bottom bar, told apart by order. Both are always in the page; the test
 * window is 1024 px wide, where the stylesheet hides the bar as on a desktop, so the bar's entries are
 * read with `hidden: true` (their texts and targets are the same at any width; tests/e2e look at each
 * width).
 */
async function menus() {
  const [side, bottom] = await screen.findAllByRole('navigation', { name: 'Main menu', hidden: true });
  return { side: side!, bottom: bottom! };
}
const HIDDEN = { hidden: true } as const;

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
        .getAllByRole('link', HIDDEN)
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['New ticket', 'My requests', 'Delete ticket']);
    expect(within(bottom).getByRole('link', { name: 'New ticket', ...HIDDEN })).toHaveAttribute(
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
    expect(within(bottom).getByRole('link', { name: 'All tickets', ...HIDDEN })).toHaveAttribute(
      'href',
      '/dashboard/carrier/all',
    );
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
      expect(within(menu).getByRole('link', { name: 'E-vouchers', ...HIDDEN })).toHaveAttribute(
        'href',
        '/dashboard/carrier/evouchers',
      );
      expect(within(menu).getByRole('link', { name: 'Vehicles', ...HIDDEN })).toHaveAttribute(
        'href',
        '/dashboard/carrier/vehicles',
      );
    }
  });

  it("should lead the admin to the e-vouchers from the side menu's requests and the bottom bar's accounting tab", async () => {
    installFakeServer();
    storeSession(USERS.admin);
    const wide = renderApp('/dashboard/admin/accounting');
    const { side } = await menus();
    expect(within(side).getByRole('link', { name: 'E-vouchers' })).toHaveAttribute(
      'href',
      '/dashboard/admin/evouchers',
    );
    // The bar's tab opens its menu where the bar is shown: on a phone's width.
    wide.unmount();
    setWindowWidth(390);
    const app = renderApp('/dashboard/admin/accounting');
    const bottom = await screen.findByRole('navigation', { name: 'Main menu' });
    await app.user.click(within(bottom).getByRole('button', { name: /Accounting/ }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'E-vouchers' }));
    await waitFor(() => expect(app.path()).toBe('/dashboard/admin/evouchers'));
  });
});
