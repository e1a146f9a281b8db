/**
 * A supplier on a phone (below 992 px, where the menu has no documentation entries) reaches the
 * documentation forms from the ticket list: a confirmed ticket's card and ticket page offer 'Load
 * documentation' by its carrier's mode, with the ticket already picked; a documented ticket opens its own.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/app/lib/i18n';
import { installFakeServer } from './fake-server';
import { DESTINATIONS, MATERIALS } from './documentation-fixtures';
import { renderApp } from './render';
import { NORTHERN, RAPIDO, makeTicket, serveTickets, signedInAs, supplierWithYards } from './tickets-fixtures';

const TRUCK = makeTicket(7, { status: 'CONFIRMED', offer: RAPIDO });
const PENDING = makeTicket(8, { status: 'PENDING', offer: RAPIDO });
const confirmedRailcar = makeTicket(9, { status: 'CONFIRMED' });
const RAILCAR = {
  ...confirmedRailcar,
  carrier: NORTHERN,
  ticketAssignments: confirmedRailcar.ticketAssignments.map((offer) => ({ ...offer, carrier: NORTHERN })),
};
const DOCUMENTED = makeTicket(10, { status: 'SUPPLIER_INVOICED', offer: RAPIDO });
const TICKETS = [TRUCK, PENDING, RAILCAR, DOCUMENTED];

function supplierServer() {
  const server = installFakeServer();
  // As the server does: each of the home's lists (its work sections, the list below) gets its statuses.
  serveTickets(server, TICKETS);
  server.on('GET /api/tickets/:id', (request) => ({
    status: 200,
    body: { ticket: TICKETS.find((ticket) => request.path.endsWith(`/${ticket.id}`)) },
  }));
  server.on('GET /api/carriers', () => ({ status: 200, body: { carriers: [RAPIDO, NORTHERN] } }));
  server.on('GET /api/depots', () => ({
    status: 200,
    body: { depots: [{ id: 11, name: 'South Chicago Yard', city: 'Chicago, IL' }] },
  }));
  server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: DESTINATIONS } }));
  server.on('GET /api/materials', () => ({ status: 200, body: { materials: MATERIALS } }));
  server.on('GET /api/trucks-documentation/:id/ticket', () => ({
    status: 404,
    body: { statusCode: 404, error: 'Not Found', message: 'Not found' },
  }));
  signedInAs(server, supplierWithYards);
  return server;
}

const card = async (id: number) =>
  (await screen.findByRole('link', { name: new RegExp(`^Trip #${id}\\b`) })).closest('[data-ticket-id]') as HTMLElement;

describe('supplier: documentation from the list on a phone', () => {
  it("should offer 'Load documentation' on a confirmed truck ticket's card and open the truck form with it picked", async () => {
    supplierServer();
    const app = renderApp('/dashboard/suppliers');
    expect(within(await card(8)).queryByRole('link', { name: 'Load documentation' })).not.toBeInTheDocument();
    await app.user.click(within(await card(7)).getByRole('link', { name: 'Load documentation' }));
    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers/truck-documentation'));
    const picked = await screen.findByRole('combobox', { name: /Ticket \(by carrier\)/ });
    // The day with its month named (10/03 reads as Oct 3 in English); the year once it is not this one.
    expect((picked as HTMLInputElement).value).toMatch(/^#7 · Rápido Freight Lines · Mar 10(, 2026)?$/);
    // A new documentation, not an edit of one.
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
    expect(picked).not.toBeDisabled();
  });

  it("should open the railcar form from a confirmed railcar ticket's card with its carrier, yard and ticket filled", async () => {
    supplierServer();
    const app = renderApp('/dashboard/suppliers');
    await app.user.click(within(await card(9)).getByRole('link', { name: 'Load documentation' }));
    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers/railcar-documentation'));
    expect(((await screen.findByRole('combobox', { name: /^Ticket/ })) as HTMLInputElement).value).toMatch(
      /^#9 · Northern Rail Logistics · Mar 10(, 2026)?$/,
    );
    expect(screen.getByRole('combobox', { name: /^Carrier/ })).toHaveValue('Northern Rail Logistics');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Yard/ })).toHaveValue('South Chicago Yard · Chicago, IL'),
    );
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });

  it("should offer it on the confirmed ticket's page too, and a documented ticket its documentation", async () => {
    supplierServer();
    const app = renderApp('/dashboard/suppliers');
    expect(within(await card(10)).getByRole('link', { name: 'Truck documentation' })).toBeInTheDocument();
    await app.user.click(within(await card(7)).getByRole('link', { name: /^Trip #7\b/ }));
    const load = await screen.findByRole('link', { name: 'Load documentation' });
    await app.user.click(load);
    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers/truck-documentation'));
    expect(
      ((await screen.findByRole('combobox', { name: /Ticket \(by carrier\)/ })) as HTMLInputElement).value,
    ).toMatch(/^#7 · Rápido Freight Lines · Mar 10(, 2026)?$/);
  });

  it('should go back to the home list, not to the ticket page that opened it, on Back from the form', async () => {
    supplierServer();
    const app = renderApp('/dashboard/suppliers');
    await app.user.click(within(await card(7)).getByRole('link', { name: /^Trip #7\b/ }));
    await app.user.click(await screen.findByRole('link', { name: 'Load documentation' }));
    await screen.findByRole('combobox', { name: /Ticket \(by carrier\)/ });
    // The browser's Back button: one step back in the history.
    await app.router.navigate(-1);
    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers'));
    expect(await card(7)).toBeInTheDocument();
    expect(app.router.state.location.search).toBe('');
  });

  it('should go back to the home list on Back from a form opened as the first page of the tab', async () => {
    supplierServer();
    // Opened from a notification or a mail's link: nothing of the app is behind it in the history.
    const app = renderApp('/dashboard/suppliers/truck-documentation?from=mail');
    await screen.findByRole('combobox', { name: /Ticket \(by carrier\)/ });
    expect(app.router.state.location.search).toBe('?from=mail');
    await app.router.navigate(-1);
    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers'));
    expect(await card(7)).toBeInTheDocument();
  });

  it("should say 'Cargar documentación' in Spanish", async () => {
    supplierServer();
    await activateLocale('es');
    const app = renderApp('/dashboard/suppliers');
    const truckCard = (await screen.findByRole('link', { name: /^Viaje #7\b/ })).closest(
      '[data-ticket-id]',
    ) as HTMLElement;
    await app.user.click(within(truckCard).getByRole('link', { name: 'Cargar documentación' }));
    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers/truck-documentation'));
    expect(await screen.findByRole('button', { name: 'Subir' })).toBeInTheDocument();
  });
});
