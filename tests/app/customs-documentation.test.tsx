import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USERS, installFakeServer, storeSession } from './fake-server';
import { docTicket, documentation } from './documentation-fixtures';
import { renderApp } from './render';
import { activateLocale } from '../../src/app/lib/i18n';
import { createQueryClient } from '../../src/app/lib/query-client';
import { ticketKeys } from '../../src/app/lib/query-keys';
import type { TicketStatus } from '../../src/shared/domain/ticket-status';

function customsServer(status: TicketStatus) {
  const server = installFakeServer();
  server.on('GET /api/tickets/:id', () => ({ status: 200, body: { ticket: docTicket(7, status) } }));
  server.on('GET /api/trucks-documentation/:id/ticket', () => ({
    status: 200,
    body: { truckDocumentation: documentation(7, status) },
  }));
  server.on('PUT /api/tickets/:id', () => ({ status: 200, body: { ticket: docTicket(7, status) } }));
  storeSession(USERS.customs1);
  return server;
}

const puts = (server: ReturnType<typeof customsServer>) =>
  server.calls.filter((call) => call.method === 'PUT' && call.path === '/api/tickets/7').map((call) => call.body);

describe('customs documentation detail', () => {
  it('should mark the ticket read on opening and let the mark icon set it unread', async () => {
    const server = customsServer('TA_INVOICED');
    const app = renderApp('/dashboard/customs/truck-documentation/7');
    expect(await screen.findByText('Supplier documentation', {})).toBeInTheDocument();
    await waitFor(() => expect(puts(server)).toEqual([{ ticket: { customsRead: true } }]));
    await app.user.click(await screen.findByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(puts(server)).toContainEqual({ ticket: { customsRead: false } }));
  });

  it('should keep a ticket read at opening unread after "Mark as unread", without marking it read again', async () => {
    // The server keeps the flag: the refetch after the change answers the ticket unread.
    const server = customsServer('TA_INVOICED');
    let customsRead = true;
    server.on('GET /api/tickets/:id', () => ({
      status: 200,
      body: { ticket: { ...docTicket(7, 'TA_INVOICED'), customsRead } },
    }));
    server.on('PUT /api/tickets/:id', (request) => {
      customsRead = (request.body as { ticket: { customsRead: boolean } }).ticket.customsRead;
      return { status: 200, body: { ticket: { ...docTicket(7, 'TA_INVOICED'), customsRead } } };
    });
    const client = createQueryClient();
    const app = renderApp('/dashboard/customs/truck-documentation/7', client);
    await app.user.click(await screen.findByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(puts(server)).toEqual([{ ticket: { customsRead: false } }]));
    // The ticket fetched again says unread; the page renders it (observers are told in a later task) and
    // runs its effects before this test goes on.
    await waitFor(() => expect(client.getQueryState(ticketKeys.one(7))?.dataUpdateCount).toBe(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(
      client
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state.variables),
    ).toEqual([{ customsRead: false }]);
    expect(screen.getByRole('button', { name: 'Mark as read' })).toBeInTheDocument();
  });

  it('should say so when the server refuses the read flag, and keep the ticket unread', async () => {
    const server = customsServer('TA_INVOICED');
    server.on('PUT /api/tickets/:id', () => ({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'Ticket not found' },
    }));
    renderApp('/dashboard/customs/truck-documentation/7');
    expect(await screen.findByText('Supplier documentation', {})).toBeInTheDocument();
    const toast = (await screen.findByText('Ticket not found')).closest('.mantine-Notification-root') as HTMLElement;
    expect(within(toast).getByText('Trip ID 7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as read' })).toBeInTheDocument();
  });

  it('should release an awaiting ticket after confirming', async () => {
    const server = customsServer('TA_INVOICED');
    const app = renderApp('/dashboard/customs/predoc/7');
    await app.user.click(await screen.findByRole('button', { name: 'Release' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release trip 7?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(puts(server)).toContainEqual({ ticket: { status: 'MX_TRANSIT' } }));
  });

  it('should close the release dialog and say so when the answer comes, even after a read flag was sent meanwhile', async () => {
    const server = customsServer('TA_INVOICED');
    let answer: (reply: { status: number; body: unknown }) => void = () => undefined;
    server.on('PUT /api/tickets/:id', (request) =>
      'status' in (request.body as { ticket: object }).ticket
        ? new Promise((resolve) => (answer = resolve))
        : { status: 200, body: { ticket: docTicket(7, 'TA_INVOICED') } },
    );
    const app = renderApp('/dashboard/customs/predoc/7');
    await waitFor(() => expect(puts(server)).toEqual([{ ticket: { customsRead: true } }]));
    await app.user.click(await screen.findByRole('button', { name: 'Release' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release trip 7?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(puts(server)).toContainEqual({ ticket: { status: 'MX_TRANSIT' } }));
    // The release waits for its answer; the read flag is sent meanwhile.
    await app.user.click(await screen.findByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(puts(server)).toContainEqual({ ticket: { customsRead: false } }));
    answer({ status: 200, body: { ticket: docTicket(7, 'MX_TRANSIT') } });
    expect(await screen.findByText('Released: the ticket is in MX transit')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Release trip 7?' })).toBeNull());
  });

  it("should say in Spanish that the ticket's status no longer allows the release", async () => {
    const server = customsServer('TA_INVOICED');
    server.on('PUT /api/tickets/:id', () => ({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        code: 'ticket_status',
        message: 'Ticket 7 is MX_TRANSIT; it cannot be released',
      },
    }));
    const app = renderApp('/dashboard/customs/predoc/7');
    await screen.findByRole('button', { name: 'Release' });
    await act(() => activateLocale('es'));
    await app.user.click(screen.getByRole('button', { name: 'Liberar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Liberar el viaje 7?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Liberar' }));
    expect(
      await screen.findByText('El estado del ticket ya no lo permite; actualiza la página para ver en qué estado está'),
    ).toBeInTheDocument();
  });

  it('should send a supplier-invoiced ticket home', async () => {
    customsServer('SUPPLIER_INVOICED');
    const app = renderApp('/dashboard/customs/truck-documentation/7');
    await waitFor(() => expect(app.path()).toBe('/dashboard/customs'));
  });
});
