import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Documentation } from '../../src/app/features/documentation/types';
import type { TicketStatus } from '../../src/shared/domain/ticket-status';
import type { User } from '../../src/shared/schemas/user';
import { activateLocale } from '../../src/app/lib/i18n';
import { USERS, installFakeServer, storeSession } from './fake-server';
import { DESTINATIONS, MATERIALS, PURCHASE_ORDERS, docTicket, documentation } from './documentation-fixtures';
import { renderApp } from './render';

function railcarDoc(status: TicketStatus): Documentation {
  return {
    ...documentation(8, status),
    id: 41,
    mode: 'RAILCAR',
    invoiceNumber: 'RAIL-3001',
    carEquipment: 'GATX123456',
    waybill: '9876543',
    comments: 'Two coupled cars',
    materialDescription: 'Heavy melt',
    carrierId: 3,
    depotId: 11,
  };
}

function railcarServer(status: TicketStatus, user: User = USERS.admin) {
  const server = installFakeServer();
  server.on('GET /api/tickets/:id', () => ({ status: 200, body: { ticket: docTicket(8, status, 'RAILCAR') } }));
  server.on('GET /api/railcar-documentation/:id/ticket', () => ({
    status: 200,
    body: { railcarDocumentation: railcarDoc(status) },
  }));
  server.on('GET /api/trucks-documentation/:id/ticket', () => ({
    status: 404,
    body: { statusCode: 404, error: 'Not Found', message: 'Truck documentation not found' },
  }));
  server.on('GET /api/invoices/:id/ticket', () => ({ status: 200, body: { invoices: [] } }));
  server.on('GET /api/border-crossings/all', () => ({ status: 200, body: { borderCrossings: [] } }));
  server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: DESTINATIONS } }));
  server.on('GET /api/materials', () => ({ status: 200, body: { materials: MATERIALS } }));
  server.on('GET /api/trucks-documentation/purchase-orders/material/:id', () => ({
    status: 200,
    body: { purchaseOrders: PURCHASE_ORDERS },
  }));
  storeSession(user);
  return server;
}

// Car/Equipment is a combobox (it suggests the carrier's registered equipment); the rest are text boxes.
const textbox = (name: RegExp) => screen.queryByRole('textbox', { name }) ?? screen.getByRole('combobox', { name });

async function replace(app: ReturnType<typeof renderApp>, name: RegExp, value: string) {
  await app.user.clear(textbox(name));
  if (value !== '') await app.user.type(textbox(name), value);
}

describe('admin railcar ticket edit', () => {
  it('should open from the TA invoice page with the stored waybill, comments and description, the destination locked', async () => {
    railcarServer('SUPPLIER_INVOICED');
    const app = renderApp('/dashboard/admin/ta-invoice/8');
    await app.user.click(await screen.findByRole('link', { name: 'Edit documentation' }));
    expect(await screen.findByDisplayValue('9876543')).toBeInTheDocument();
    expect(app.path()).toBe('/dashboard/admin/ticket-edit/8');
    expect(screen.getByRole('heading', { name: 'Railcar documentation' })).toBeInTheDocument();
    expect(textbox(/Comments/)).toHaveValue('Two coupled cars');
    expect(textbox(/Material description/)).toHaveValue('Heavy melt');
    expect(textbox(/Car\/Equipment/)).toHaveValue('GATX123456');
    expect(screen.getByRole('combobox', { name: /Destination/ })).toBeDisabled();
    expect(textbox(/Yard/)).toHaveValue('South Chicago Yard · Chicago, IL');
    expect(textbox(/Yard/)).toBeDisabled();
  });

  it('should list the no-radioactivity certificate of a railcar among the downloads of the TA invoice page', async () => {
    railcarServer('SUPPLIER_INVOICED');
    renderApp('/dashboard/admin/ta-invoice/8');
    expect(await screen.findByRole('button', { name: 'Download No-radioactivity certificate' })).toBeInTheDocument();
    expect(screen.getByText('9876543')).toBeInTheDocument();
    expect(screen.getByText('Two coupled cars')).toBeInTheDocument();
  });

  it('should show the railcar rules of the edit form under their fields', async () => {
    railcarServer('SUPPLIER_INVOICED');
    const app = renderApp('/dashboard/admin/ticket-edit/8');
    await screen.findByDisplayValue('9876543', {});
    await replace(app, /WayBill/, '12ab');
    await replace(app, /Invoice amount/, '');
    await replace(app, /Tare weight/, '0');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('WayBill must contain only numeric digits (min 5)')).toBeInTheDocument();
    expect(screen.getByText('Invoice amount is a required field')).toBeInTheDocument();
    expect(screen.getByText('Tare Weight must be a positive number')).toBeInTheDocument();

    await replace(app, /WayBill/, '55555');
    await replace(app, /Invoice number/, '55555');
    await replace(app, /Invoice amount/, '100');
    await replace(app, /Tare weight/, '90000');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('WayBill and Invoice Number must be different')).toBeInTheDocument();
    expect(screen.getByText('Gross Weight must be greater than Tare Weight')).toBeInTheDocument();

    await replace(app, /Invoice number/, 'RAIL-3001');
    await replace(app, /Car\/Equipment/, '55555X');
    await replace(app, /WayBill/, '12345');
    await replace(app, /Car\/Equipment/, 'ab12');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Car/Equipment must be written in capital letters, as it is painted on the car'),
    ).toBeInTheDocument();
  });

  it('should refuse a car/equipment equal to the waybill', async () => {
    railcarServer('SUPPLIER_INVOICED');
    const app = renderApp('/dashboard/admin/ticket-edit/8');
    await screen.findByDisplayValue('9876543', {});
    await replace(app, /Car\/Equipment/, '9876543');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Car/Equipment and WayBill must be different')).toBeInTheDocument();
  });

  it('should save through PUT /railcar-documentation/{id} and go to the admin home', async () => {
    const server = railcarServer('SUPPLIER_INVOICED');
    server.on('PUT /api/railcar-documentation/:id', () => ({
      status: 200,
      body: { railcarDocumentation: railcarDoc('SUPPLIER_INVOICED') },
    }));
    const app = renderApp('/dashboard/admin/ticket-edit/8');
    await screen.findByDisplayValue('9876543', {});
    await replace(app, /Comments/, 'Three coupled cars');
    await replace(app, /WayBill/, '1234567');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Data updated successfully')).toBeInTheDocument();
    const put = server.calls.find((call) => call.method === 'PUT' && call.path === '/api/railcar-documentation/41');
    const body = put?.body as FormData;
    expect(body.getAll('photos')).toEqual([]);
    const json = JSON.parse(await (body.get('railcarDocumentation') as Blob).text()) as Record<string, unknown>;
    expect(json).toMatchObject({
      destinationId: 1,
      invoiceNumber: 'RAIL-3001',
      invoiceAmount: 12500.5,
      waybill: '1234567',
      carEquipment: 'GATX123456',
      comments: 'Three coupled cars',
      materialDescription: 'Heavy melt',
      materialId: 2,
      purchaseOrderId: 9,
    });
    expect(json).not.toHaveProperty('carrierId');
    expect(json).not.toHaveProperty('depotId');
    await waitFor(() => expect(app.path()).not.toContain('ticket-edit'));
    expect(app.path()).toMatch(/^\/dashboard\/admin/);
  });

  it('should say Error updating data and keep the duplicate invoice number under its field', async () => {
    const server = railcarServer('SUPPLIER_INVOICED');
    server.on('PUT /api/railcar-documentation/:id', () => ({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        code: 'duplicate_invoice_number',
        message: 'duplicate key value violates unique constraint "doc_invoice": invoice number RAIL-1 is already used',
      },
    }));
    const app = renderApp('/dashboard/admin/ticket-edit/8');
    await app.user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Error updating data')).toBeInTheDocument();
    expect(screen.getByText('This invoice number was already used')).toBeInTheDocument();
    expect(app.path()).toBe('/dashboard/admin/ticket-edit/8');
  });

  it('should say Error retrieving the trains when the railcar documentation does not load', async () => {
    const server = railcarServer('SUPPLIER_INVOICED');
    server.on('GET /api/railcar-documentation/:id/ticket', () => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' },
    }));
    renderApp('/dashboard/admin/ticket-edit/8');
    expect(await screen.findByText('Error retrieving the trains', {})).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('should say Error retrieving the trains on the TA invoice page instead of claiming there is no documentation', async () => {
    const server = railcarServer('SUPPLIER_INVOICED');
    server.on('GET /api/railcar-documentation/:id/ticket', () => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' },
    }));
    renderApp('/dashboard/admin/ta-invoice/8');
    expect(await screen.findByText('Error retrieving the trains', {})).toBeInTheDocument();
    expect(screen.queryByText('This ticket has no supplier documentation.')).not.toBeInTheDocument();
  });

  it('should say Error retrieving the invoices and not offer a new TA invoice when the invoices do not load', async () => {
    const server = railcarServer('TA_INVOICED');
    server.on('GET /api/invoices/:id/ticket', () => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' },
    }));
    renderApp('/dashboard/admin/ta-invoice/8');
    expect(await screen.findByText('Error retrieving the invoices', {})).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add TA invoice' })).not.toBeInTheDocument();
  });

  it('should say Error al obtener los trenes in Spanish', async () => {
    const server = railcarServer('SUPPLIER_INVOICED');
    server.on('GET /api/railcar-documentation/:id/ticket', () => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' },
    }));
    await activateLocale('es');
    renderApp('/dashboard/admin/ticket-edit/8');
    expect(await screen.findByText('Error al obtener los trenes', {})).toBeInTheDocument();
  });

  it('should show the form read-only to a read-only admin, with no save button', async () => {
    railcarServer('SUPPLIER_INVOICED', USERS.adminro);
    renderApp('/dashboard/admin/ticket-edit/8');
    expect(await screen.findByText('A read-only admin sees this form but cannot save it.', {})).toBeInTheDocument();
    expect(textbox(/WayBill/)).toBeDisabled();
    expect(textbox(/Comments/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });

  it('should lock every field once the railcar ticket is TA invoiced', async () => {
    railcarServer('TA_INVOICED');
    const app = renderApp('/dashboard/admin/ta-invoice/8');
    await screen.findByText('Supplier documentation', {});
    expect(screen.queryByRole('link', { name: 'Edit documentation' })).not.toBeInTheDocument();
    await app.router.navigate('/dashboard/admin/ticket-edit/8');
    expect(await screen.findByText(/shown read-only/)).toBeInTheDocument();
    expect(textbox(/WayBill/)).toBeDisabled();
    expect(textbox(/Invoice amount/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });
});
