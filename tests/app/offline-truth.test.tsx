/**
 * Offline screens tell the truth: a saved list says when it was last updated, a list never kept on this
 * device says so (no skeletons), and an action that needs the server is unusable offline with its
 * reason, while the actions the outbox keeps stay usable.
 */
import 'fake-indexeddb/auto';
import { act, screen, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedAtMoment } from '../../src/app/components/saved-at';
import { activateLocale } from '../../src/app/lib/i18n';
import { USERS, installFakeServer, storeSession } from './fake-server';
import { renderApp } from './render';
import { setWindowWidth } from './window-width';
import { carrierRapido, makeTicket, pretendDesktop, signedInAs, supplierWithYards } from './tickets-fixtures';

const NOT_SAVED_LIST = 'This list is not saved on this device yet';
const REASON = 'Needs a connection: this action cannot wait on the device to be sent later.';

/** The connection drops: the browser's flag, its event (TanStack Query and the badge listen to it). */
function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

afterEach(async () => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
  await activateLocale('en');
});

describe('the time of a saved list', () => {
  const at = new Date(2026, 10, 27, 14, 5).getTime();

  it('should give the time alone today, the day when older and the year when not this one, in both languages', () => {
    expect(savedAtMoment(at, new Date(2026, 10, 27, 18, 0).getTime(), 'en')).toBe('14:05');
    expect(savedAtMoment(at, new Date(2026, 10, 27, 18, 0).getTime(), 'es')).toBe('14:05');
    expect(savedAtMoment(at, new Date(2026, 10, 29, 9, 0).getTime(), 'en')).toBe('Nov 27, 14:05');
    expect(savedAtMoment(at, new Date(2026, 10, 29, 9, 0).getTime(), 'es')).toBe('27 nov, 14:05');
    expect(savedAtMoment(at, new Date(2027, 0, 2, 9, 0).getTime(), 'en')).toBe('Nov 27, 2026, 14:05');
    expect(savedAtMoment(at, new Date(2027, 0, 2, 9, 0).getTime(), 'es')).toBe('27 nov 2026, 14:05');
  });

  it("should say when the carrier's list on screen was updated once the connection drops, and nothing while online", async () => {
    const server = installFakeServer();
    server.on('GET /api/tickets', () => ({ status: 200, body: { tickets: [makeTicket(42)], count: 1 } }));
    signedInAs(server, carrierRapido);
    renderApp('/dashboard/carrier');
    // The carrier's home lists the ticket in its work sections and in the list below them.
    expect(await screen.findAllByRole('link', { name: /^Trip #42\b/ })).not.toHaveLength(0);
    expect(screen.queryByTestId('saved-at')).not.toBeInTheDocument();

    goOffline();
    expect(await screen.findByTestId('saved-at')).toHaveTextContent(/^Updated \d{2}:\d{2}$/);
    // The saved rows stay on screen under it.
    expect(screen.getAllByRole('link', { name: /^Trip #42\b/ })).not.toHaveLength(0);
  });

  it('should say it in Spanish', async () => {
    const server = installFakeServer();
    server.on('GET /api/tickets', () => ({ status: 200, body: { tickets: [makeTicket(42)], count: 1 } }));
    signedInAs(server, carrierRapido);
    await activateLocale('es');
    renderApp('/dashboard/carrier');
    expect(await screen.findByRole('link', { name: /^Viaje #42\b/ })).toBeInTheDocument();
    goOffline();
    expect(await screen.findByTestId('saved-at')).toHaveTextContent(/^Actualizado \d{2}:\d{2}$/);
  });
});

describe('lists never kept on this device', () => {
  it("should say the carrier's vehicles are not saved here while offline instead of loading, and load them when back online", async () => {
    const server = installFakeServer();
    server.on('GET /api/vehicles', () => ({ status: 200, body: { vehicles: [], count: 0 } }));
    signedInAs(server, carrierRapido);
    onlineManager.setOnline(false);
    renderApp('/dashboard/carrier/vehicles');
    expect(await screen.findByText(NOT_SAVED_LIST, {})).toBeInTheDocument();
    expect(screen.queryByTestId('list-loading')).not.toBeInTheDocument();
    onlineManager.setOnline(true);
    expect(await screen.findByText('No vehicles yet', {})).toBeInTheDocument();
  });

  it("should say the carrier's e-vouchers are not saved here when the server cannot be reached, without an error toast", async () => {
    const server = installFakeServer();
    server.on('GET /api/evouchers', () => 'network-error');
    signedInAs(server, carrierRapido);
    renderApp('/dashboard/carrier/evouchers');
    expect(await screen.findByText(NOT_SAVED_LIST, {})).toBeInTheDocument();
    expect(screen.queryByTestId('list-loading')).not.toBeInTheDocument();
    expect(screen.queryByText('Error retrieving data')).not.toBeInTheDocument();
  });

  it("should say the admin's contracts are not saved here while offline", async () => {
    installFakeServer();
    storeSession(USERS.admin);
    onlineManager.setOnline(false);
    renderApp('/dashboard/admin/contracts');
    expect(await screen.findByText(NOT_SAVED_LIST, {})).toBeInTheDocument();
  });
});

describe('actions offline', () => {
  it("should keep the supplier's 'New request' in place but unusable offline, saying why, and usable again online", async () => {
    pretendDesktop();
    const server = installFakeServer();
    server.on('GET /api/tickets', () => ({ status: 200, body: { tickets: [], count: 0 } }));
    signedInAs(server, supplierWithYards);
    const app = renderApp('/dashboard/suppliers');
    const online = await screen.findByRole('button', { name: 'New request' });
    expect(online).not.toHaveAttribute('aria-disabled');

    goOffline();
    const offline = await screen.findByRole('button', { name: 'New request' });
    expect(offline).toHaveAttribute('aria-disabled', 'true');
    expect(offline).toHaveAccessibleDescription(REASON);
    await app.user.click(offline);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('button', { name: 'New request' })).not.toHaveAttribute('aria-disabled');
  });

  it("should keep the phone bar's 'New ticket' and 'Delete ticket' in place but unusable offline, saying why", async () => {
    const server = installFakeServer();
    server.on('GET /api/tickets', () => ({ status: 200, body: { tickets: [], count: 0 } }));
    signedInAs(server, supplierWithYards);
    // On a phone's width the bar is the one menu shown (the side menu is for wide screens).
    setWindowWidth(390);
    const app = renderApp('/dashboard/suppliers');
    const bar = () => screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(await bar()).getByRole('link', { name: 'New ticket' })).toBeInTheDocument();

    goOffline();
    for (const name of ['New ticket', 'Delete ticket']) {
      const entry = await within(await bar()).findByRole('button', { name });
      expect(entry).toHaveAttribute('aria-disabled', 'true');
      expect(entry).toHaveAccessibleDescription(REASON);
      await app.user.click(entry);
      expect(app.path()).toBe('/dashboard/suppliers');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    }
    // The home entry still works offline: it leads to the saved list.
    expect(within(await bar()).getByRole('link', { name: 'My requests' })).toBeInTheDocument();
  });

  it("should leave a carrier's Accept usable offline (the outbox keeps it)", async () => {
    const server = installFakeServer();
    server.on('GET /api/tickets', () => ({ status: 200, body: { tickets: [makeTicket(42)], count: 1 } }));
    signedInAs(server, carrierRapido);
    renderApp('/dashboard/carrier');
    const card = (await screen.findByRole('link', { name: /^Trip #42\b/ })).closest('[data-ticket-id]') as HTMLElement;
    goOffline();
    await screen.findByTestId('saved-at');
    const accept = within(card).getByRole('button', { name: 'Accept' });
    expect(accept).toBeEnabled();
    expect(accept).not.toHaveAttribute('aria-disabled');
  });
});
