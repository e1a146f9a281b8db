/**
 * A list or ticket page that was never kept on this device, opened offline or with the server out of
 * reach, says it is not saved here and offers 'Try again' — never an empty list, an error toast or a
 * skeleton that never ends.
 */
import { screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { USERS, installFakeServer, storeSession, type FakeServer } from './fake-server';
import { renderApp } from './render';
import { CARRIERS, DESTINATIONS, carrierRapido, makeTicket, signedInAs, supplierWithYards } from './tickets-fixtures';

const NOT_SAVED_LIST = 'This list is not saved on this device yet';
const NOT_SAVED_TICKET = 'This ticket is not saved on this device yet';

function lookups(server: FakeServer) {
  server.on('GET /api/carriers', () => ({ status: 200, body: { carriers: CARRIERS } }));
  server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: DESTINATIONS } }));
}

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('pages never kept on this device', () => {
  it("should say the supplier's previous list is not saved here when the server cannot be reached, and load it on 'Try again'", async () => {
    const server = installFakeServer();
    lookups(server);
    signedInAs(server, supplierWithYards);
    server.on('GET /api/tickets', () => 'network-error');
    const app = renderApp('/dashboard/suppliers/previous');

    expect(await screen.findByText(NOT_SAVED_LIST, {})).toBeInTheDocument();
    expect(screen.queryByText('No previous requests')).not.toBeInTheDocument();
    expect(screen.queryByText('Error retrieving the requests')).not.toBeInTheDocument();

    server.on('GET /api/tickets', () => ({
      status: 200,
      body: { tickets: [makeTicket(41, { status: 'DELIVERED' })], count: 1 },
    }));
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /^Trip #41\b/ })).toBeInTheDocument();
    expect(screen.queryByText(NOT_SAVED_LIST)).not.toBeInTheDocument();
  });

  it("should say the carrier's /all list is not saved here while offline, with 'Try again' disabled until the connection returns", async () => {
    const server = installFakeServer();
    lookups(server);
    signedInAs(server, carrierRapido);
    server.on('GET /api/tickets', () => ({ status: 200, body: { tickets: [makeTicket(52)], count: 1 } }));
    onlineManager.setOnline(false);
    renderApp('/dashboard/carrier/all');

    expect(await screen.findByText(NOT_SAVED_LIST, {})).toBeInTheDocument();
    expect(screen.getByText('It loads as soon as the connection returns.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
    expect(screen.queryByText('No tickets yet')).not.toBeInTheDocument();

    onlineManager.setOnline(true);
    expect(await screen.findByRole('link', { name: /^Trip #52\b/ })).toBeInTheDocument();
  });

  it("should say the admin's delivered list could not be loaded when the server fails, not that it is empty", async () => {
    const server = installFakeServer();
    lookups(server);
    storeSession(USERS.admin);
    server.on('GET /api/tickets', () => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' },
    }));
    renderApp('/dashboard/admin/delivered');

    expect(await screen.findByText('This list could not be loaded', {})).toBeInTheDocument();
    expect(screen.queryByText('No delivered requests yet')).not.toBeInTheDocument();
    // The spec's toast for a failed list still shows.
    expect(await screen.findByText('Error retrieving the requests')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('should say a customs documentation list is not saved here while offline', async () => {
    const server = installFakeServer();
    storeSession(USERS.customs1);
    server.on('GET /api/tickets', () => ({ status: 200, body: { tickets: [], count: 0 } }));
    onlineManager.setOnline(false);
    renderApp('/dashboard/customs/truck-documentation');

    expect(await screen.findByText(NOT_SAVED_LIST, {})).toBeInTheDocument();
    expect(
      screen.queryByText('Truck documentation of tickets at your border crossings will be listed here.'),
    ).not.toBeInTheDocument();
    onlineManager.setOnline(true);
    expect(
      await screen.findByText('Truck documentation of tickets at your border crossings will be listed here.', {}),
    ).toBeInTheDocument();
  });

  it('should show no pager under an empty customs list', async () => {
    const server = installFakeServer();
    storeSession(USERS.customs1);
    server.on('GET /api/tickets', () => ({ status: 200, body: { tickets: [], count: 0 } }));
    renderApp('/dashboard/customs/railcar-documentation');
    expect(
      await screen.findByText('Railcar documentation of tickets at your border crossings will be listed here.', {}),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('pager')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 1' })).not.toBeInTheDocument();
  });

  it('should say a ticket page is not saved here while offline instead of loading forever, and show it when back online', async () => {
    const server = installFakeServer();
    lookups(server);
    signedInAs(server, supplierWithYards);
    server.on('GET /api/tickets/:id', () => ({ status: 200, body: { ticket: makeTicket(63) } }));
    onlineManager.setOnline(false);
    renderApp('/dashboard/suppliers/ticket?id=63');

    expect(await screen.findByText(NOT_SAVED_TICKET, {})).toBeInTheDocument();
    expect(screen.queryByTestId('ticket-loading')).not.toBeInTheDocument();
    expect(server.calls.some((call) => call.path === '/api/tickets/63')).toBe(false);

    onlineManager.setOnline(true);
    expect(await screen.findByRole('heading', { name: 'Trip #63' })).toBeInTheDocument();
  });

  it("should say a ticket page is not saved here when the server cannot be reached, and load it on 'Try again'", async () => {
    const server = installFakeServer();
    lookups(server);
    signedInAs(server, supplierWithYards);
    server.on('GET /api/tickets/:id', () => 'network-error');
    const app = renderApp('/dashboard/suppliers/ticket?id=64');

    expect(await screen.findByText(NOT_SAVED_TICKET, {})).toBeInTheDocument();
    expect(screen.queryByText('Error retrieving ticket')).not.toBeInTheDocument();
    server.on('GET /api/tickets/:id', () => ({ status: 200, body: { ticket: makeTicket(64) } }));
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Trip #64' })).toBeInTheDocument());
  });
});
