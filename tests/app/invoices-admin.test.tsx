import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USERS, installFakeServer, storeSession } from './fake-server';
import { docTicket, documentation, pdfFile } from './documentation-fixtures';
import { renderApp } from './render';
import type { TicketStatus } from '../../src/shared/domain/ticket-status';

const CROSSINGS = [
  { id: 1, description: 'Laredo – Nuevo Laredo', customsAgent: { id: 1, tradeName: 'Aduanas Laredo' } },
  { id: 2, description: 'El Paso – Ciudad Juárez', customsAgent: { id: 2, tradeName: 'Aduanas Juárez' } },
];

function adminServer(status: TicketStatus, invoices: unknown[] = []) {
  const server = installFakeServer();
  server.on('GET /api/tickets/:id', () => ({ status: 200, body: { ticket: docTicket(7, status) } }));
  server.on('GET /api/trucks-documentation/:id/ticket', () => ({
    status: 200,
    body: { truckDocumentation: documentation(7, status) },
  }));
  server.on('GET /api/invoices/:id/ticket', () => ({ status: 200, body: { invoices } }));
  server.on('GET /api/border-crossings/all', () => ({ status: 200, body: { borderCrossings: CROSSINGS } }));
  storeSession(USERS.admin);
  return server;
}

describe('admin TA invoice page', () => {
  it('should add the TA invoice and show the spec success toast', async () => {
    const server = adminServer('SUPPLIER_INVOICED');
    server.on('POST /api/invoices', () => ({ status: 201, body: { invoice: { id: 5 } } }));
    const app = renderApp('/dashboard/admin/ta-invoice/7');
    expect(await screen.findByText('Supplier documentation', {})).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open in maps/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps?q=41.68,-87.55',
    );
    await app.user.click(screen.getByRole('button', { name: 'Add TA invoice' }));
    expect(await screen.findByText('This is a required file')).toBeInTheDocument();

    await app.user.type(screen.getByRole('textbox', { name: /TA invoice number/ }), 'TA-900');
    await app.user.click(screen.getByRole('button', { name: /TA invoice date/ }));
    await app.user.click(within(await screen.findByRole('dialog')).getAllByRole('button', { name: /^10 / })[0]!);
    await app.user.click(screen.getByRole('combobox', { name: /Border crossing/ }));
    await app.user.click(await screen.findByRole('option', { name: /Aduanas Laredo/ }));
    await app.user.upload(
      document.querySelector<HTMLInputElement>('input[data-slot="invoiceFile"]')!,
      pdfFile('ta.pdf'),
    );
    await app.user.click(screen.getByRole('button', { name: 'Add TA invoice' }));

    expect(await screen.findByText('Trip ID 7: TA invoice added successfully')).toBeInTheDocument();
    const post = server.calls.find((call) => call.method === 'POST' && call.path === '/api/invoices');
    const body = post?.body as FormData;
    expect((body.get('invoiceFile') as File).name).toBe('ta.pdf');
    const json = JSON.parse(await (body.get('invoice') as Blob).text()) as Record<string, unknown>;
    expect(json).toMatchObject({ number: 'TA-900', borderCrossingId: 1, ticketId: 7 });
  });

  it("should propose the border crossing the ticket's origin yard names", async () => {
    const server = adminServer('SUPPLIER_INVOICED');
    const ticket = docTicket(7, 'SUPPLIER_INVOICED');
    server.on('GET /api/tickets/:id', () => ({
      status: 200,
      body: { ticket: { ...ticket, origin: { ...ticket.origin, borderCrossingId: 2 } } },
    }));
    renderApp('/dashboard/admin/ta-invoice/7');
    const crossing = await screen.findByRole('combobox', { name: /Border crossing/ });
    await waitFor(() => expect(crossing).toHaveValue('El Paso – Ciudad Juárez · Aduanas Juárez'));
  });

  it('should show the duplicate text when the number is already used', async () => {
    const server = adminServer('SUPPLIER_INVOICED');
    server.on('POST /api/invoices', () => ({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        code: 'duplicate_invoice_number',
        message: 'duplicate key value violates unique constraint "x": invoice number TA-900 is already used',
      },
    }));
    const app = renderApp('/dashboard/admin/ta-invoice/7');
    await app.user.type(await screen.findByRole('textbox', { name: /TA invoice number/ }), 'TA-900');
    await app.user.click(screen.getByRole('button', { name: /TA invoice date/ }));
    await app.user.click(within(await screen.findByRole('dialog')).getAllByRole('button', { name: /^10 / })[0]!);
    await app.user.click(screen.getByRole('combobox', { name: /Border crossing/ }));
    await app.user.click(await screen.findByRole('option', { name: /Aduanas Laredo/ }));
    await app.user.upload(
      document.querySelector<HTMLInputElement>('input[data-slot="invoiceFile"]')!,
      pdfFile('ta.pdf'),
    );
    await app.user.click(screen.getByRole('button', { name: 'Add TA invoice' }));
    expect((await screen.findAllByText('Invoice number already used')).length).toBeGreaterThan(0);
  });

  it('should show the payment hint while the payment is not allowed', async () => {
    adminServer('SUPPLIER_INVOICED');
    renderApp('/dashboard/admin/ta-invoice/7');
    expect(await screen.findByTestId('payment-hint', {})).toHaveTextContent(
      'The payment voucher can be added once the ticket is TA invoiced, in MX transit or delivered.',
    );
    expect(screen.queryByRole('textbox', { name: /Payment number/ })).not.toBeInTheDocument();
  });

  it('should send a confirmed ticket home', async () => {
    adminServer('CONFIRMED');
    const app = renderApp('/dashboard/admin/ta-invoice/7');
    await screen.findByRole('search', {});
    await waitFor(() => expect(app.path()).not.toBe('/dashboard/admin/ta-invoice/7'));
  });
});
