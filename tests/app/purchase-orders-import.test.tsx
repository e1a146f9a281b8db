import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USERS, installFakeServer, storeSession } from './fake-server';
import { renderApp } from './render';

const PATH = '/dashboard/admin/settings';
const csv = () =>
  new File(
    ['documentNumberId,supplierSapId,materialCode,earlyDeliveryDate,quantity\n4500009,SAP1,HMS1,2026-05-01,50\n'],
    'orders.csv',
    { type: 'text/csv' },
  );
const fileInput = () => document.querySelector<HTMLInputElement>('input[data-slot="purchaseOrders"]')!;

describe('purchase order import', () => {
  it('should upload the spreadsheet and show the imported count and each refused row', async () => {
    const server = installFakeServer();
    server.on('POST /api/purchase-orders/import', () => ({
      status: 200,
      body: {
        imported: 12,
        errors: [
          { row: 4, message: 'Unknown supplier SAP id X9' },
          { row: 7, message: 'quantity must be a positive number of tonnes' },
        ],
      },
    }));
    storeSession(USERS.admin);
    const app = renderApp(PATH);
    await app.user.click(await screen.findByRole('button', { name: 'Import' }, { timeout: 15_000 }));
    expect(await screen.findByText('This is a required file')).toBeInTheDocument();
    await app.user.upload(fileInput(), csv());
    await app.user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('12 purchase orders imported')).toBeInTheDocument();
    const rows = screen.getByRole('table', { name: 'Rows not imported' });
    expect(rows).toHaveTextContent('Unknown supplier SAP id X9');
    expect(rows).toHaveTextContent('quantity must be a positive number of tonnes');
    const post = server.calls.find((call) => call.method === 'POST' && call.path === '/api/purchase-orders/import');
    expect(((post?.body as FormData).get('file') as File).name).toBe('orders.csv');
  });

  it('should show the server reason under the field when the file is refused', async () => {
    const server = installFakeServer();
    server.on('POST /api/purchase-orders/import', () => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Missing columns: quantity',
        details: { file: 'Missing columns: quantity' },
      },
    }));
    storeSession(USERS.admin);
    const app = renderApp(PATH);
    await screen.findByRole('button', { name: 'Import' }, { timeout: 15_000 });
    await app.user.upload(fileInput(), csv());
    await app.user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Missing columns: quantity')).toBeInTheDocument();
  });

  it('should disable the import for a read-only administrator', async () => {
    installFakeServer();
    storeSession(USERS.adminro);
    renderApp(PATH);
    expect(await screen.findByRole('button', { name: 'Import' }, { timeout: 15_000 })).toBeDisabled();
  });
});
