/**
 * The header search looks in every ticket list of the role and says where a hit is: a delivered trip
 * searched from the admin's Ongoing list is named in Delivered, with a link there.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USERS, installFakeServer, storeSession, type FakeServer } from './fake-server';
import { renderApp } from './render';
import { CARRIERS, COUNTS, DESTINATIONS, carrierRapido, makeTicket, signedInAs } from './tickets-fixtures';

/** GET /tickets answers by the statuses asked: ticket 501 is DELIVERED, nothing else matches. */
function serverWithDeliveredTrip(): FakeServer {
  const server = installFakeServer();
  server.on('GET /api/carriers', () => ({ status: 200, body: { carriers: CARRIERS } }));
  server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: DESTINATIONS } }));
  server.on('GET /api/tickets/count/states', () => ({ status: 200, body: COUNTS }));
  return server;
}

describe('search across lists', () => {
  it('should name the Delivered list when an admin searches a delivered trip from Ongoing, and open it there', async () => {
    const server = serverWithDeliveredTrip();
    storeSession(USERS.admin);
    const delivered = makeTicket(501, { status: 'DELIVERED' });
    server.on('GET /api/tickets', ({ query }) => {
      const match = query.get('ticketId') === '501' && query.getAll('statusName').includes('DELIVERED');
      return { status: 200, body: match ? { tickets: [delivered], count: 1 } : { tickets: [], count: 0 } };
    });
    const app = renderApp('/dashboard/admin/ongoing');
    await app.user.type(await screen.findByRole('textbox', { name: 'Search text' }), '501{Enter}');

    const note = await screen.findByTestId('search-elsewhere', {});
    expect(within(note).getByText('Also found in Delivered requests')).toBeInTheDocument();
    expect(within(note).getByText(/Trip #501 matches this search/)).toBeInTheDocument();
    expect(screen.getByText('No ticket in this list matches the search')).toBeInTheDocument();
    expect(screen.queryByText('No ongoing requests')).not.toBeInTheDocument();

    await app.user.click(within(note).getByRole('link', { name: 'Show in Delivered requests' }));
    await waitFor(() => expect(app.path()).toBe('/dashboard/admin/delivered'));
    expect(app.router.state.location.search).toBe('?ticketId=501');
    expect(await screen.findByRole('link', { name: /^Trip #501\b/ })).toBeInTheDocument();
    // Searching again from Delivered stays on Delivered.
    const box = screen.getByRole('textbox', { name: 'Search text' });
    await app.user.clear(box);
    await app.user.type(box, '502{Enter}');
    await waitFor(() => expect(app.router.state.location.search).toBe('?ticketId=502'));
    expect(app.path()).toBe('/dashboard/admin/delivered');
  });

  it("should name the carrier's All tickets list for a trip no longer offered to it", async () => {
    const server = serverWithDeliveredTrip();
    signedInAs(server, carrierRapido);
    const past = makeTicket(610, { status: 'PENDING' });
    server.on('GET /api/tickets', ({ query }) => {
      const match = query.get('ticketId') === '610' && query.get('all') === 'true';
      return { status: 200, body: match ? { tickets: [past], count: 1 } : { tickets: [], count: 0 } };
    });
    renderApp('/dashboard/carrier?ticketId=610');
    const note = await screen.findByTestId('search-elsewhere', {});
    expect(within(note).getByText('Also found in All tickets')).toBeInTheDocument();
    expect(within(note).getByRole('link', { name: 'Show in All tickets' })).toHaveAttribute(
      'href',
      '/dashboard/carrier/all?ticketId=610',
    );
  });
});
