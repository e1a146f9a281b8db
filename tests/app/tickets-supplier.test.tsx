import { screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from './fake-server';
import { renderApp } from './render';
import {
  CARRIERS,
  DESTINATIONS,
  makeTicket,
  pretendDesktop,
  serveTickets,
  signedInAs,
  supplierWithYards,
  ticketListQueries,
} from './tickets-fixtures';

function supplierServer(tickets = [makeTicket(1)]) {
  const server = installFakeServer();
  serveTickets(server, tickets);
  server.on('GET /api/carriers', () => ({ status: 200, body: { carriers: CARRIERS } }));
  server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: DESTINATIONS } }));
  signedInAs(server, supplierWithYards);
  return server;
}

describe('supplier tickets', () => {
  it('should say the list is not on this device yet when it opens offline with nothing kept', async () => {
    const server = supplierServer([makeTicket(7)]);
    onlineManager.setOnline(false);
    try {
      renderApp('/dashboard/suppliers');
      expect(await screen.findByText('This list is not saved on this device yet', {})).toBeInTheDocument();
      expect(screen.getByText('It loads as soon as the connection returns.')).toBeInTheDocument();
      expect(server.calls.some((call) => call.path === '/api/tickets')).toBe(false);
    } finally {
      onlineManager.setOnline(true);
    }
    // Back online, the paused query runs and the list replaces the message.
    expect(await screen.findByRole('link', { name: /^Trip #7\b/ })).toBeInTheDocument();
    expect(screen.queryByText('This list is not saved on this device yet')).not.toBeInTheDocument();
  });

  it("should list the supplier's tickets with the current carrier offer", async () => {
    supplierServer([makeTicket(7), makeTicket(8, { status: 'TA_INVOICED' }), makeTicket(9, { status: 'DELIVERED' })]);
    renderApp('/dashboard/suppliers');
    const card = await screen.findByRole('link', { name: /^Trip #7\b/ });
    expect(within(card).getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Offered to Rápido Freight Lines')).toBeInTheDocument();
    // A TA invoiced ticket reads INVOICED for a supplier.
    expect(within(screen.getByRole('link', { name: /^Trip #8\b/ })).getByText('Invoiced')).toBeInTheDocument();
    // Delivered and cancelled requests are under Previous, not on the home.
    expect(screen.queryByRole('link', { name: /^Trip #9\b/ })).not.toBeInTheDocument();
    const query = ticketListQueries().find((q) => q.get('limit') === '10')!;
    expect(query.getAll('statusName')).not.toContain('CANCELED');
    expect(query.getAll('statusName')).not.toContain('DELIVERED');
  });

  it('should create tickets from a yard and show their ids', async () => {
    const server = supplierServer();
    server.on('POST /api/tickets', () => ({
      status: 201,
      body: { tickets: [makeTicket(101, { yard: 12 }), makeTicket(102, { yard: 12 }), makeTicket(103, { yard: 12 })] },
    }));
    const app = renderApp('/dashboard/suppliers?action=new-ticket');
    const dialog = await screen.findByRole('dialog', { name: 'New request' });
    const listCalls = ticketListQueries().length;

    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();

    const count = within(dialog).getByRole('textbox', { name: /Number of trucks or railcars/ });
    await app.user.clear(count);
    await app.user.type(count, '3');
    await app.user.click(within(dialog).getByRole('combobox', { name: 'Origin yard' }));
    await app.user.click(await screen.findByRole('option', { name: /Houston Ship Channel Yard/ }));
    await app.user.type(within(dialog).getByRole('textbox', { name: /Comments/ }), 'Gate 3');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Trip IDs: #101, #102, #103')).toBeInTheDocument();
    expect(screen.getByText('3 requests created')).toBeInTheDocument();
    const post = server.calls.find((call) => call.method === 'POST' && call.path === '/api/tickets');
    expect(post?.body).toEqual({ ticket: { count: 3, originDepotId: 12, comments: 'Gate 3' } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New request' })).not.toBeInTheDocument());
    await waitFor(() => expect(ticketListQueries().length).toBeGreaterThan(listCalls));
    expect(app.router.state.location.search).toBe('');
  });

  it('should show the spec toast when creating fails', async () => {
    const server = supplierServer();
    server.on('POST /api/tickets', () => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal', message: 'boom' },
    }));
    const app = renderApp('/dashboard/suppliers?action=new-ticket');
    const dialog = await screen.findByRole('dialog', { name: 'New request' });
    await app.user.click(within(dialog).getByRole('combobox', { name: 'Origin yard' }));
    await app.user.click(await screen.findByRole('option', { name: /South Chicago Yard/ }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Error creating a ticket')).toBeInTheDocument();
  });

  it("should offer one ticket per yard to delete, newest first: the yard's newest pending, else its newest confirmed", async () => {
    const server = supplierServer([
      makeTicket(5, { yard: 11 }),
      makeTicket(9, { yard: 11 }),
      makeTicket(11, { yard: 11, status: 'CONFIRMED' }),
      makeTicket(6, { yard: 12 }),
      makeTicket(8, { yard: 13, status: 'CONFIRMED' }),
      makeTicket(10, { yard: 13, status: 'CONFIRMED' }),
    ]);
    server.on('DELETE /api/tickets/:id', () => ({ status: 200, body: { id: 9 } }));
    const app = renderApp('/dashboard/suppliers?action=delete-ticket');
    const dialog = await screen.findByRole('dialog', { name: 'Delete request' });
    const radios = await within(dialog).findAllByRole('radio');
    expect(radios.map((radio) => radio.textContent)).toEqual([
      expect.stringContaining('Trip #10 · Gary Yard'),
      expect.stringContaining('Trip #9 · South Chicago Yard'),
      expect.stringContaining('Trip #6 · Houston Ship Channel Yard'),
    ]);
    await app.user.click(radios[1]!);
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete trip #9' }));
    expect(await screen.findByText('Ticket deleted. ID: 9')).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'DELETE' && call.path === '/api/tickets/9')).toBe(true);
  });

  it('should offer Delete on the ticket page only for the ticket the delete rule offers, and name it elsewhere', async () => {
    const older = makeTicket(5, { yard: 11 });
    const newest = makeTicket(9, { yard: 11 });
    const server = supplierServer([older, newest, makeTicket(6, { yard: 12 })]);
    server.on('GET /api/tickets/:id', (req) => ({
      status: 200,
      body: { ticket: req.path.endsWith('/5') ? older : newest },
    }));
    renderApp('/dashboard/suppliers/ticket?id=5');
    expect(await screen.findByRole('heading', { name: 'Trip #5' })).toBeInTheDocument();
    expect(
      await screen.findByText('Only trip #9, the newest open request of this yard, can be deleted now.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it("should show which trip of the yard can be deleted when the server refuses the ticket page's Delete", async () => {
    const ticket = makeTicket(9, { yard: 11 });
    const server = supplierServer([ticket]);
    server.on('GET /api/tickets/:id', () => ({ status: 200, body: { ticket } }));
    server.on('DELETE /api/tickets/:id', () => ({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        code: 'ticket_not_deletable',
        deletableTicketId: 12,
        message: 'Ticket 9 cannot be deleted: ticket 12 is the one of its yard that can be deleted now',
      },
    }));
    const app = renderApp('/dashboard/suppliers/ticket?id=9');
    await app.user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete request' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete trip #9' }));
    expect(
      await screen.findByText('Only trip #12, the newest open request of this yard, can be deleted now.'),
    ).toBeInTheDocument();
  });

  it('should show the table with filters in the header on a desktop and keep filters in the URL', async () => {
    pretendDesktop();
    supplierServer([makeTicket(7), makeTicket(8, { status: 'CANCELED', offer: null })]);
    const app = renderApp('/dashboard/suppliers');
    const table = await screen.findByRole('table', { name: 'Tickets' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Trip ID',
      'Created',
      'Status',
      'Origin yard',
      'Carrier',
      'Destination',
      'Withdrawal',
      'Invoice #',
      'Actions',
    ]);
    expect(within(table).getByText('Pending').closest('[data-status]')).toHaveAttribute('data-status', 'PENDING');
    const filters = screen.getByTestId('page-filters');
    await app.user.click(within(filters).getByRole('button', { name: /Destination/ }));
    await app.user.click(await screen.findByRole('checkbox', { name: 'Saltillo Depot' }));
    await waitFor(() => expect(app.router.state.location.search).toBe('?destination=2'));
    await waitFor(() => expect(ticketListQueries().at(-1)?.getAll('destinationId')).toEqual(['2']));
    await app.user.click(within(filters).getByRole('button', { name: 'Clean filters' }));
    await waitFor(() => expect(app.router.state.location.search).toBe(''));
  });

  it("should send the header search and show the spec's toast when the list fails", async () => {
    const server = supplierServer();
    server.on('GET /api/tickets', () => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal', message: 'boom' },
    }));
    renderApp('/dashboard/suppliers?invoiceNumber=INV-77');
    expect(await screen.findByText('Error retrieving the requests', {})).toBeInTheDocument();
    expect(ticketListQueries()[0]?.get('invoiceNumber')).toBe('INV-77');
  });
});
