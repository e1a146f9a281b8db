/**
 * The session ends at local midnight: a warning 10 minutes before (in the page's flow, both languages),
 * and a session that ends mid-form loses nothing: signing in again returns to the same screen (path
 * and query) with what was typed.
 */
import 'fake-indexeddb/auto';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../src/app/lib/i18n';
import { clearSession } from '../../src/app/lib/session-store';
import { DESTINATIONS, MATERIALS, docTicket, supplier } from './documentation-fixtures';
import { PASSWORD, installFakeServer, storeSession, tokenFor } from './fake-server';
import { renderApp, type AppRender } from './render';
import { carrierRapido, makeTicket, signedInAs } from './tickets-fixtures';

afterEach(async () => {
  vi.useRealTimers();
  await activateLocale('en');
});

function carrierHome() {
  const server = installFakeServer();
  server.on('GET /api/tickets', () => ({ status: 200, body: { tickets: [makeTicket(42)], count: 1 } }));
  signedInAs(server, carrierRapido);
  return server;
}

describe('the warning before midnight', () => {
  it('should say nothing at 23:49 and warn at 23:50, above the page without covering it', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2026, 10, 27, 23, 49, 0));
    carrierHome();
    renderApp('/dashboard/carrier');
    // The carrier's home lists the ticket in a work section and in the list below: the page has loaded.
    expect(await screen.findAllByRole('link', { name: /^Trip #42\b/ })).not.toHaveLength(0);
    expect(screen.queryByTestId('session-end-warning')).not.toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(61_000);
    });
    const warning = await screen.findByTestId('session-end-warning');
    expect(warning).toHaveTextContent('Your session ends at midnight');
    expect(warning).toHaveTextContent('What you typed and anything waiting to be sent stay on this device');
    // In the page's flow (not a floating toast): it sits in the main area before the page's heading.
    const main = screen.getByRole('main');
    expect(main).toContainElement(warning);
    expect(warning.compareDocumentPosition(screen.getByRole('heading', { name: 'My tickets' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('should warn in Spanish too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 27, 23, 55, 0));
    carrierHome();
    await activateLocale('es');
    renderApp('/dashboard/carrier');
    expect(await screen.findByTestId('session-end-warning', {})).toHaveTextContent('Tu sesión termina a la medianoche');
  });
});

describe('signing in again after the session ended', () => {
  async function signInAgain(app: AppRender, username: string) {
    await app.user.click(await screen.findByRole('link', { name: /username and password/i }));
    await app.user.type(await screen.findByLabelText(/username/i), username);
    await app.user.type(screen.getByLabelText(/^password/i), PASSWORD);
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
  }

  function truckServer() {
    const server = installFakeServer();
    server.on('GET /api/tickets', () => ({ status: 200, body: { tickets: [docTicket(7)], count: 1 } }));
    server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: DESTINATIONS } }));
    server.on('GET /api/materials', () => ({ status: 200, body: { materials: MATERIALS } }));
    server.on('POST /api/auth/login', () => ({ status: 200, body: { token: tokenFor(supplier), user: supplier } }));
    storeSession(supplier);
    return server;
  }

  it('should return to the same form, with its query, and keep what was typed', async () => {
    truckServer();
    const app = renderApp('/dashboard/suppliers/truck-documentation?from=home');
    const number = await screen.findByRole('textbox', { name: /Invoice number/ });
    await app.user.type(number, 'INV-77');

    // Midnight: the token expired and the next call answered 401.
    act(() => clearSession(true));
    await waitFor(() => expect(app.path()).toBe('/login'));
    await signInAgain(app, supplier.username);

    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers/truck-documentation'));
    expect(app.router.state.location.search).toBe('?from=home');
    expect(await screen.findByRole('textbox', { name: /Invoice number/ })).toHaveValue('INV-77');
  });

  it('should start at the home page after signing out on purpose', async () => {
    truckServer();
    const app = renderApp('/dashboard/suppliers/truck-documentation');
    await screen.findByRole('textbox', { name: /Invoice number/ });
    await app.user.click(await screen.findByRole('button', { name: /account of/i }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
    await signInAgain(app, supplier.username);
    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers'));
  });
});
