import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TicketStatus } from '../../src/shared/domain/ticket-status';
import { USERS, installFakeServer, storeSession } from './fake-server';
import { DESTINATIONS, MATERIALS, PURCHASE_ORDERS, docTicket, documentation } from './documentation-fixtures';
import { renderApp } from './render';

function adminServer(status: TicketStatus) {
  const server = installFakeServer();
  server.on('GET /api/tickets/:id', () => ({ status: 200, body: { ticket: docTicket(7, status) } }));
  server.on('GET /api/trucks-documentation/:id/ticket', () => ({
    status: 200,
    body: { truckDocumentation: documentation(7, status) },
  }));
  server.on('GET /api/invoices/:id/ticket', () => ({ status: 200, body: { invoices: [] } }));
  server.on('GET /api/border-crossings/all', () => ({ status: 200, body: { borderCrossings: [] } }));
  server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: DESTINATIONS } }));
  server.on('GET /api/materials', () => ({ status: 200, body: { materials: MATERIALS } }));
  server.on('GET /api/trucks-documentation/purchase-orders/material/:id', () => ({
    status: 200,
    body: { purchaseOrders: PURCHASE_ORDERS },
  }));
  storeSession(USERS.admin);
  return server;
}

// Car/Equipment is a combobox (it suggests the carrier's registered equipment); the rest are text boxes.
const textbox = (name: RegExp) => screen.queryByRole('textbox', { name }) ?? screen.getByRole('combobox', { name });

describe('admin ticket edit', () => {
  it('should open from the TA invoice page and show every admin edit rule under its field', async () => {
    adminServer('SUPPLIER_INVOICED');
    const app = renderApp('/dashboard/admin/ta-invoice/7');
    await app.user.click(await screen.findByRole('link', { name: 'Edit documentation' }));
    expect(await screen.findByDisplayValue('INV-2001')).toBeInTheDocument();
    expect(app.path()).toBe('/dashboard/admin/ticket-edit/7');
    // Edit mode locks the destination; the server refuses a change too.
    expect(screen.getByRole('combobox', { name: /Destination/ })).toBeDisabled();
    await app.user.clear(textbox(/Invoice amount/));
    await app.user.clear(textbox(/Tare weight/));
    await app.user.type(textbox(/Tare weight/), '0');
    await app.user.clear(textbox(/Car\/Equipment/));
    await app.user.type(textbox(/Car\/Equipment/), 'AB1');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Invoice Amount must be a positive number')).toBeInTheDocument();
    expect(screen.getByText('Tare Weight must be a positive number')).toBeInTheDocument();
    expect(screen.getByText('Car/Equipment must have at least 6 letters and digits')).toBeInTheDocument();

    await app.user.clear(textbox(/Tare weight/));
    await app.user.type(textbox(/Tare weight/), '90000');
    await app.user.clear(textbox(/Car\/Equipment/));
    await app.user.type(textbox(/Car\/Equipment/), 'INV2001');
    await app.user.clear(textbox(/Invoice number/));
    await app.user.type(textbox(/Invoice number/), 'inv2001');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Gross Weight must be greater than Tare Weight')).toBeInTheDocument();
    expect(screen.getByText('Car/Equipment and Invoice Number must be different')).toBeInTheDocument();
  });

  it('should save through PUT /trucks-documentation/{id} and go to the admin home', async () => {
    const server = adminServer('SUPPLIER_INVOICED');
    server.on('PUT /api/trucks-documentation/:id', () => ({ status: 200, body: { truckDocumentation: { id: 40 } } }));
    const app = renderApp('/dashboard/admin/ticket-edit/7');
    const amount = await screen.findByRole('textbox', { name: /Invoice amount/ });
    await app.user.clear(amount);
    await app.user.type(amount, '13000');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Data updated successfully')).toBeInTheDocument();
    const put = server.calls.find((call) => call.method === 'PUT' && call.path === '/api/trucks-documentation/40');
    const body = put?.body as FormData;
    expect(body.getAll('files[]')).toEqual([]);
    const json = JSON.parse(await (body.get('truckDocumentation') as Blob).text()) as Record<string, unknown>;
    expect(json).toMatchObject({
      destinationId: 1,
      invoiceNumber: 'INV-2001',
      invoiceAmount: 13000,
      carEquipment: 'TRK123456',
      grossWeight: 80000,
      tareWeight: 30000,
      materialId: 2,
      purchaseOrderId: 9,
    });
    await waitFor(() => expect(app.path()).toMatch(/^\/dashboard\/admin/));
    expect(app.path()).not.toContain('ticket-edit');
  });

  it('should say Error updating data and stay when the save fails', async () => {
    const server = adminServer('SUPPLIER_INVOICED');
    server.on('PUT /api/trucks-documentation/:id', () => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' },
    }));
    const app = renderApp('/dashboard/admin/ticket-edit/7');
    await app.user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Error updating data')).toBeInTheDocument();
    expect(app.path()).toBe('/dashboard/admin/ticket-edit/7');
  });

  it('should not offer the edit once the ticket is TA invoiced and show the form read-only', async () => {
    adminServer('TA_INVOICED');
    const app = renderApp('/dashboard/admin/ta-invoice/7');
    await screen.findByText('Supplier documentation', {});
    expect(screen.queryByRole('link', { name: 'Edit documentation' })).not.toBeInTheDocument();
    await app.router.navigate('/dashboard/admin/ticket-edit/7');
    expect(await screen.findByText(/shown read-only/)).toBeInTheDocument();
    expect(textbox(/Invoice amount/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });
});
