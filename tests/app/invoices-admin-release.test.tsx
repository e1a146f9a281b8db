import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TicketStatus } from '../../src/shared/domain/ticket-status';
import { USERS, installFakeServer, storeSession } from './fake-server';
import { INVOICE, docTicket, documentation, pngFile, sizedFile } from './documentation-fixtures';
import { renderApp } from './render';

function adminServer(status: TicketStatus) {
  const server = installFakeServer();
  server.on('GET /api/tickets/:id', () => ({ status: 200, body: { ticket: docTicket(7, status) } }));
  server.on('GET /api/trucks-documentation/:id/ticket', () => ({
    status: 200,
    body: {
      truckDocumentation: {
        ...documentation(7, status),
        photos: [
          { key: 'p1', name: 'p1.jpg' },
          { key: 'p2', name: 'p2.jpg' },
        ],
      },
    },
  }));
  server.on('GET /api/invoices/:id/ticket', () => ({
    status: 200,
    body: { invoices: status === 'SUPPLIER_INVOICED' ? [] : [INVOICE] },
  }));
  server.on('GET /api/border-crossings/all', () => ({
    status: 200,
    body: { borderCrossings: [INVOICE.borderCrossing] },
  }));
  return server;
}

describe('admin ticket page actions', () => {
  it('should correct the TA invoice number of a TA invoiced ticket, with the pending icon until it is saved', async () => {
    const server = adminServer('TA_INVOICED');
    server.on('PUT /api/invoices/:id', () => ({ status: 200, body: { invoice: { ...INVOICE, number: 'TA-101' } } }));
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/admin/ta-invoice/7');
    const number = await screen.findByRole('textbox', { name: /TA invoice number/ });
    expect(number).toHaveValue('TA-100');
    expect(screen.queryByLabelText('Pending validation')).not.toBeInTheDocument();
    await app.user.clear(number);
    await app.user.type(number, 'TA-101');
    expect(screen.getByLabelText('Pending validation')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Trip ID 7: TA invoice updated successfully')).toBeInTheDocument();
    const put = server.calls.find((call) => call.method === 'PUT' && call.path === '/api/invoices/5');
    const body = put?.body as FormData;
    const json = JSON.parse(await (body.get('invoice') as Blob).text()) as Record<string, unknown>;
    expect(json).toMatchObject({ number: 'TA-101', borderCrossingId: 1, ticketId: 7 });
  });

  it('should lock the TA invoice of a delivered ticket but keep its SAP validation open', async () => {
    const server = adminServer('DELIVERED');
    server.on('PUT /api/invoices/:id/sap-validation', () => ({ status: 200, body: {} }));
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/admin/ta-invoice/7');
    expect(
      await screen.findByText('The ticket is closed; its TA invoice can no longer change.', {}),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /TA invoice number/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    const sap = screen.getByRole('radiogroup', { name: 'Set SAP validation' });
    await app.user.click(within(sap).getByText('Confirmed'));
    await waitFor(() =>
      expect(server.calls.some((call) => call.method === 'PUT' && call.path === '/api/invoices/5/sap-validation')).toBe(
        true,
      ),
    );
  });

  it('should add the payment voucher of a ticket in MX transit, with the size rule and the spec toast', async () => {
    const server = adminServer('MX_TRANSIT');
    server.on('PUT /api/invoices/:id/payment', () => ({
      status: 200,
      body: { invoice: { ...INVOICE, paymentNumber: 'PAY-1' } },
    }));
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/admin/ta-invoice/7');
    const add = await screen.findByRole('button', { name: 'Add payment voucher' });
    await app.user.click(add);
    expect(await screen.findByText('This is a required file')).toBeInTheDocument();

    await app.user.type(screen.getByRole('textbox', { name: /Payment number/ }), 'PAY-1');
    await app.user.click(screen.getByRole('button', { name: /Payment date/ }));
    await app.user.click(within(await screen.findByRole('dialog')).getAllByRole('button', { name: /^20 / })[0]!);
    const input = document.querySelector<HTMLInputElement>('input[data-slot="paymentFile"]')!;
    await app.user.upload(input, sizedFile(3_670_016, 'voucher.pdf'));
    expect(await screen.findByText('File is too big (max. size: 3,5 Mb.)')).toBeInTheDocument();
    await app.user.upload(input, pngFile('voucher.png'));
    await app.user.click(add);

    const toast = (await screen.findByText('Payment voucher added successfully')).closest(
      '.mantine-Notification-root',
    ) as HTMLElement;
    expect(within(toast).getByText('Trip ID 7')).toBeInTheDocument();
    const put = server.calls.find((call) => call.method === 'PUT' && call.path === '/api/invoices/5/payment');
    const body = put?.body as FormData;
    expect((body.get('paymentFile') as File).name).toBe('voucher.png');
    const json = JSON.parse(await (body.get('invoice') as Blob).text()) as Record<string, unknown>;
    expect(json).toMatchObject({ paymentNumber: 'PAY-1' });
    expect(json.paymentDate).toMatch(/^\d{4}-\d{2}-20$/);
  });

  it('should release a TA invoiced ticket to MX transit after a confirmation', async () => {
    const server = adminServer('TA_INVOICED');
    server.on('PUT /api/tickets/:id', () => ({ status: 200, body: { ticket: docTicket(7, 'MX_TRANSIT') } }));
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/admin/ta-invoice/7');
    await app.user.click(await screen.findByRole('button', { name: 'Release' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Released: the ticket is in MX transit')).toBeInTheDocument();
    const put = server.calls.find((call) => call.method === 'PUT' && call.path === '/api/tickets/7');
    expect(put?.body).toEqual({ ticket: { status: 'MX_TRANSIT' } });
  });

  it('should keep Release disabled outside TA invoiced and name each photo in the singular', async () => {
    adminServer('MX_TRANSIT');
    storeSession(USERS.admin);
    renderApp('/dashboard/admin/ta-invoice/7');
    expect(await screen.findByRole('button', { name: 'Release' })).toBeDisabled();
    expect(await screen.findByText('Photo 1')).toBeInTheDocument();
    expect(screen.getByText('Photo 2')).toBeInTheDocument();
    expect(screen.queryByText('Photos 1')).not.toBeInTheDocument();
  });

  it('should not show the actions to a read-only administrator', async () => {
    adminServer('TA_INVOICED');
    storeSession(USERS.adminro);
    renderApp('/dashboard/admin/ta-invoice/7');
    await screen.findByText('Supplier documentation', {});
    expect(screen.queryByRole('button', { name: 'Release' })).not.toBeInTheDocument();
  });

  it('should show a read-only administrator no upload control, only the stored TA invoice and no empty voucher form', async () => {
    adminServer('TA_INVOICED');
    storeSession(USERS.adminro);
    renderApp('/dashboard/admin/ta-invoice/7');
    expect(await screen.findByRole('button', { name: 'Download TA invoice PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Replace|Choose file/ })).not.toBeInTheDocument();
    expect(document.querySelector('input[type="file"]')).toBeNull();
    expect(screen.getByText('No payment voucher yet.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Payment number/ })).not.toBeInTheDocument();
  });
});
