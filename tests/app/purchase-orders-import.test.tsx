import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/app/lib/i18n';
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
          { row: 4, reason: 'unknownSupplier', value: 'X9', message: 'Unknown supplier SAP id X9' },
          { row: 7, reason: 'badQuantity', message: 'quantity must be a positive number of tonnes' },
        ],
      },
    }));
    storeSession(USERS.admin);
    const app = renderApp(PATH);
    await app.user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('This is a required file')).toBeInTheDocument();
    await app.user.upload(fileInput(), csv());
    await app.user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('12 purchase orders imported')).toBeInTheDocument();
    const rows = screen.getByRole('table', { name: 'Rows not imported' });
    expect(rows).toHaveTextContent('Unknown supplier SAP id X9');
    expect(rows).toHaveTextContent('The quantity must be a positive number of tonnes');
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
    await screen.findByRole('button', { name: 'Import' });
    await app.user.upload(fileInput(), csv());
    await app.user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Missing columns: quantity')).toBeInTheDocument();
  });

  it('should give each refused row and a missing column in Spanish', async () => {
    const server = installFakeServer();
    const answers = [
      {
        status: 200,
        body: {
          imported: 0,
          errors: [
            { row: 2, reason: 'duplicate', value: '4500009', message: 'Purchase order 4500009 appears twice' },
            { row: 3, reason: 'unknownMaterial', value: 'HMS9', message: 'Unknown material code HMS9' },
            { row: 4, reason: 'badDate', message: 'earlyDeliveryDate must be a date (YYYY-MM-DD)' },
            {
              row: 5,
              reason: 'formula',
              message: 'Cells must not start with =, +, - or @ (formulas are not imported)',
            },
          ],
        },
      },
      {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Missing columns: quantity, materialCode',
          details: { file: 'Missing columns: quantity, materialCode' },
        },
      },
    ];
    server.on('POST /api/purchase-orders/import', () => answers.shift()!);
    storeSession(USERS.admin);
    const app = renderApp(PATH);
    await screen.findByRole('button', { name: 'Import' });
    await act(() => activateLocale('es'));
    await app.user.upload(fileInput(), csv());
    await app.user.click(screen.getByRole('button', { name: 'Importar' }));
    const rows = await screen.findByRole('table', { name: 'Filas no importadas' });
    expect(rows).toHaveTextContent('La orden de compra 4500009 aparece dos veces');
    expect(rows).toHaveTextContent('Código de material desconocido: HMS9');
    expect(rows).toHaveTextContent('La fecha de entrega (earlyDeliveryDate) debe ser una fecha (AAAA-MM-DD)');
    expect(rows).toHaveTextContent('Las celdas no deben empezar con =, +, - o @ (no se importan fórmulas)');
    await app.user.upload(fileInput(), csv());
    await app.user.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('Faltan columnas: quantity, materialCode')).toBeInTheDocument();
  });

  it('should disable the import for a read-only administrator', async () => {
    installFakeServer();
    storeSession(USERS.adminro);
    renderApp(PATH);
    expect(await screen.findByRole('button', { name: 'Import' })).toBeDisabled();
  });
});
