import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/app/lib/i18n';
import { installFakeServer, USERS } from './fake-server';
import { renderApp } from './render';
import {
  BORDER,
  CARRIERS,
  COUNTS,
  DESTINATIONS,
  makeTicket,
  pretendDesktop,
  serveTickets,
  signedInAs,
  supplierWithYards,
  ticketListQueries,
} from './tickets-fixtures';

function adminServer(user = USERS.admin) {
  const server = installFakeServer();
  const tickets = [makeTicket(21), makeTicket(22, { offer: null }), makeTicket(23, { status: 'TA_INVOICED' })];
  serveTickets(server, tickets);
  server.on('GET /api/tickets/count/states', () => ({ status: 200, body: COUNTS }));
  server.on('GET /api/carriers', () => ({ status: 200, body: { carriers: CARRIERS } }));
  server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: DESTINATIONS } }));
  signedInAs(server, user);
  return server;
}

describe('admin ongoing list', () => {
  it('should show the status counts and filter the list by a tile', async () => {
    pretendDesktop();
    adminServer();
    const app = renderApp('/dashboard/admin/ongoing');
    const pending = await screen.findByRole('button', { name: /^4\s*Pending$/ });
    expect(screen.getByRole('button', { name: /^3\s*Confirmed$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^5\s*Supplier invoiced$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pending: 2 older than 1 day' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delivered/ })).not.toBeInTheDocument();
    // Default filter of the ongoing list, 20 per page.
    const first = ticketListQueries().find((q) => !q.has('unassigned') && !q.has('unpaid'))!;
    expect(first.get('limit')).toBe('20');
    // Cancelled tickets left the home list (issue 27): the Canceled status filter still selects them.
    expect(first.getAll('statusName').sort()).toEqual([
      'CONFIRMED',
      'MX_TRANSIT',
      'PENDING',
      'SUPPLIER_INVOICED',
      'TA_INVOICED',
    ]);

    await app.user.click(pending);
    await waitFor(() => expect(app.router.state.location.search).toBe('?status=PENDING'));
    await waitFor(() => expect(ticketListQueries().at(-1)?.getAll('statusName')).toEqual(['PENDING']));
    expect(pending).toHaveAttribute('aria-pressed', 'true');

    const before = Date.now() - 24 * 3_600_000;
    await app.user.click(screen.getByRole('button', { name: 'Confirmed: 1 older than 1 day' }));
    await waitFor(() => expect(ticketListQueries().at(-1)?.getAll('statusName')).toEqual(['CONFIRMED']));
    const cutoff = Date.parse(ticketListQueries().at(-1)!.get('beforeDate')!);
    expect(Math.abs(cutoff - before)).toBeLessThan(60_000);
    expect(screen.getByText('Older than a day')).toBeInTheDocument();
  });

  it('should page by 10 after Clean filters, as the spec resets the ongoing list', async () => {
    pretendDesktop();
    adminServer();
    const app = renderApp('/dashboard/admin/ongoing?status=PENDING');
    await waitFor(() =>
      expect(
        ticketListQueries()
          .find((q) => !q.has('unassigned') && !q.has('unpaid'))
          ?.get('limit'),
      ).toBe('20'),
    );
    await app.user.click(await screen.findByRole('button', { name: 'Clean filters' }));
    await waitFor(() => expect(ticketListQueries().at(-1)?.get('limit')).toBe('10'));
    expect(ticketListQueries().at(-1)?.getAll('statusName')).toContain('CONFIRMED');
  });

  it('should mark tickets with no offer as unassigned and let an admin change the carrier', async () => {
    pretendDesktop();
    const server = adminServer();
    server.on('PUT /api/tickets/:id/manual', () => ({
      status: 200,
      body: { ticket: makeTicket(22, { offer: BORDER }) },
    }));
    const app = renderApp('/dashboard/admin/ongoing');
    const table = await screen.findByRole('table', { name: 'Tickets' });
    const row = within(table).getByRole('link', { name: '#22' }).closest('tr')!;
    expect(within(row).getByText('Unassigned')).toBeInTheDocument();
    // Change carrier only for PENDING and CONFIRMED; the TA invoiced ticket links to its TA invoice page.
    const invoiced = within(table).getByRole('link', { name: '#23' }).closest('tr')!;
    expect(within(invoiced).queryByRole('button', { name: /Change carrier|Reassign/ })).not.toBeInTheDocument();
    expect(within(invoiced).getByRole('link', { name: 'TA invoice' })).toHaveAttribute(
      'href',
      '/dashboard/admin/ta-invoice/23',
    );

    // The table's button says 'Reassign' (its title says 'Change carrier').
    await app.user.click(within(row).getByRole('button', { name: 'Reassign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change carrier of trip #22' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Change carrier' }));
    expect((await within(dialog).findAllByText('This field is required')).length).toBe(2);
    await app.user.click(within(dialog).getByRole('combobox', { name: 'Carrier' }));
    await app.user.click(await screen.findByRole('option', { name: /Border Haulers Co\./ }));
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Customer asked for Border');
    await app.user.click(within(dialog).getByRole('button', { name: 'Change carrier' }));
    expect(await screen.findByText('Carrier assigned successfully')).toBeInTheDocument();
    const put = server.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/tickets/22/manual');
    expect(put.body).toEqual({ ticket: { carrierId: BORDER.id, reason: 'Customer asked for Border' } });
  });

  it('should not offer a read-only admin the change of carrier', async () => {
    pretendDesktop();
    adminServer(USERS.adminro);
    renderApp('/dashboard/admin/ongoing');
    const table = await screen.findByRole('table', { name: 'Tickets' });
    expect(within(table).getByRole('link', { name: '#21' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Change carrier|Reassign/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'TA invoice' })).toBeInTheDocument();
  });

  it("should show the spec's toast when the counts cannot be loaded", async () => {
    const server = adminServer();
    server.on('GET /api/tickets/count/states', () => ({
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'no' },
    }));
    renderApp('/dashboard/admin/ongoing');
    expect(await screen.findByText('Error retrieving the ticket count per status', {})).toBeInTheDocument();
  });
});

describe('tickets in Spanish', () => {
  it('should label the supplier list, its filters and statuses in Spanish', async () => {
    localStorage.setItem('locale', 'es');
    await activateLocale('es');
    const server = installFakeServer();
    serveTickets(server, [makeTicket(7), makeTicket(8, { status: 'CANCELED', offer: null })]);
    server.on('GET /api/carriers', () => ({ status: 200, body: { carriers: CARRIERS } }));
    server.on('GET /api/destinations', () => ({ status: 500, body: { statusCode: 500, error: 'x', message: 'x' } }));
    signedInAs(server, supplierWithYards);
    // Cancelled requests are under Previous: the home's list shows them when the filter asks for them.
    const app = renderApp('/dashboard/suppliers?status=PENDING&status=CANCELED');
    expect(await screen.findByRole('heading', { name: 'Mis solicitudes' })).toBeInTheDocument();
    const card = await screen.findByRole('link', { name: /^Viaje #7\b/ });
    expect(within(card).getByText('Pendiente')).toBeInTheDocument();
    expect(screen.getByText('Ofrecido a Rápido Freight Lines')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: /^Viaje #8\b/ })).getByText('Cancelado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nueva solicitud' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Filtros' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filtros' });
    expect(within(drawer).getByRole('checkbox', { name: 'Facturado' })).toBeInTheDocument();
    expect(within(drawer).getByRole('radio', { name: 'Más recientes primero' })).toBeChecked();
    expect(within(drawer).getByRole('button', { name: 'Limpiar filtros' })).toBeInTheDocument();
    expect(await screen.findByText('Error al obtener los destinos', {})).toBeInTheDocument();
  });
});

describe('admin ongoing list, provider invoices', () => {
  it('should show the TA invoice number and highlight one the ERP rejected in red', async () => {
    pretendDesktop();
    const server = adminServer();
    const rejected = makeTicket(31, { status: 'TA_INVOICED' });
    const fine = makeTicket(32, { status: 'TA_INVOICED' });
    rejected.invoice = {
      id: 1,
      number: 'TA-7001',
      date: '2026-11-20',
      borderCrossingId: 1,
      paymentDate: null,
      sapValidationStatus: 'rejected',
    };
    fine.invoice = {
      id: 2,
      number: 'TA-7002',
      date: '2026-11-20',
      borderCrossingId: 1,
      paymentDate: null,
      sapValidationStatus: 'confirmed',
    };
    serveTickets(server, [rejected, fine]);
    renderApp('/dashboard/admin/ongoing');
    const bad = await screen.findByText('TA TA-7001', {});
    expect(bad.tagName).toBe('MARK');
    expect(bad).toHaveAttribute('title', 'Rejected by the ERP');
    const good = screen.getByText('TA TA-7002');
    expect(good.tagName).not.toBe('MARK');
  });

  it("should show the TA invoice number on a phone's cards and highlight a rejected one in red, in words too", async () => {
    const server = adminServer();
    const rejected = makeTicket(31, { status: 'TA_INVOICED' });
    const fine = makeTicket(32, { status: 'TA_INVOICED' });
    rejected.invoice = {
      id: 1,
      number: 'TA-7001',
      date: '2026-11-20',
      borderCrossingId: 1,
      paymentDate: null,
      sapValidationStatus: 'rejected',
    };
    fine.invoice = { ...rejected.invoice, id: 2, number: 'TA-7002', sapValidationStatus: 'confirmed' };
    server.on('GET /api/tickets', () => ({ status: 200, body: { tickets: [rejected, fine], count: 2 } }));
    renderApp('/dashboard/admin/ongoing');
    const cards = await screen.findAllByRole('listitem', {});
    const badCard = cards.find((card) => card.getAttribute('data-ticket-id') === '31')!;
    const goodCard = cards.find((card) => card.getAttribute('data-ticket-id') === '32')!;
    expect(within(badCard).getByText('TA invoice #')).toBeInTheDocument();
    const bad = within(badCard).getByText('TA-7001');
    expect(bad.tagName).toBe('MARK');
    expect(bad.closest('[data-sap-status]')).toHaveAttribute('data-sap-status', 'rejected');
    expect(within(badCard).getByText('Rejected by the ERP')).toBeInTheDocument();
    const good = within(goodCard).getByText('TA-7002');
    expect(good.tagName).not.toBe('MARK');
    expect(within(goodCard).queryByText('Rejected by the ERP')).not.toBeInTheDocument();
  });
});

describe("the destination's net scale weight", () => {
  const weighed = () => {
    const ticket = makeTicket(41, { status: 'DELIVERED' });
    ticket.destinationNetWeight = 41250.5;
    return ticket;
  };

  it('should show it under the destination in the list, and nothing before it is entered', async () => {
    pretendDesktop();
    const server = adminServer();
    serveTickets(server, [weighed(), makeTicket(42, { status: 'MX_TRANSIT' })]);
    renderApp('/dashboard/admin/ongoing?status=DELIVERED&status=MX_TRANSIT');
    const row = (await screen.findAllByRole('row')).find((r) => r.getAttribute('data-ticket-id') === '41')!;
    expect(within(row).getByText('Net at scale: 41,250.50 lbs')).toBeInTheDocument();
    const other = screen.getAllByRole('row').find((r) => r.getAttribute('data-ticket-id') === '42')!;
    expect(within(other).getByText('Monterrey Steel Mill')).toBeInTheDocument();
    expect(within(other).queryByText(/Net at scale/)).not.toBeInTheDocument();
  });

  it("should show it on the ticket page in the reader's language, and a dash before it is entered", async () => {
    await activateLocale('es');
    const server = adminServer();
    server.on('GET /api/tickets/:id', ({ path }) => ({
      status: 200,
      body: { ticket: path.endsWith('/41') ? weighed() : makeTicket(42, { status: 'MX_TRANSIT' }) },
    }));
    const app = renderApp('/dashboard/admin/ticket?id=41');
    const label = await screen.findByText('Peso neto en báscula de destino');
    expect(label.parentElement).toHaveTextContent('41,250.50 lbs');
    app.unmount();
    renderApp('/dashboard/admin/ticket?id=42');
    const empty = await screen.findByText('Peso neto en báscula de destino');
    expect(empty.parentElement).toHaveTextContent(/^Peso neto en báscula de destino—$/);
  });
});
