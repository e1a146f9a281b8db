/**
 * Amounts and weights typed as a user types them, in English and in Spanish (Mexican Spanish, where
 * `20,500.50` is written as in English): the field shows the amount the user meant once they leave
 * it, the request carries that amount, and text with no single meaning is refused, never reread as
 * another number.
 */
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/app/lib/i18n';
import type { TicketStatus } from '../../src/shared/domain/ticket-status';
import { USERS, installFakeServer, storeSession } from './fake-server';
import {
  DESTINATIONS,
  MATERIALS,
  PURCHASE_ORDERS,
  docTicket,
  documentation,
  pdfFile,
  pngFile,
  supplier,
} from './documentation-fixtures';
import { renderApp, type AppRender } from './render';

const LABELS = {
  en: {
    ticket: /Ticket \(by carrier\)/,
    destination: /Destination/,
    invoiceDate: /Invoice date/,
    invoiceNumber: /Invoice number/,
    amount: /Invoice amount/,
    equipment: /Car\/Equipment/,
    gross: /Gross weight/,
    tare: /Tare weight/,
    material: /Material/,
    order: /Purchase order/,
    upload: 'Upload',
    save: 'Save changes',
    formatError: 'Type it like US$20,500.50: commas for thousands, a point for decimals',
    decimalsError: 'At most 2 decimals are allowed',
  },
  es: {
    ticket: /Ticket \(por transportista\)/,
    destination: /Destino/,
    invoiceDate: /Fecha de factura/,
    invoiceNumber: /Número de factura/,
    amount: /Importe de la factura/,
    equipment: /Carro\/Equipo/,
    gross: /Peso bruto/,
    tare: /Tara/,
    material: /^Material/,
    order: /Orden de compra/,
    upload: 'Subir',
    save: 'Guardar cambios',
    formatError: 'Escríbelo así: US$20,500.50 (comas para los miles, punto para los decimales)',
    decimalsError: 'Se permiten como máximo 2 decimales',
  },
} as const;
type Language = keyof typeof LABELS;

async function useLanguage(language: Language) {
  localStorage.setItem('locale', language);
  await activateLocale(language);
}

/**
 * 20,500.50 typed in the create form, with a point in English and grouped in Spanish. Every other
 * reading (refusals, pastes, the admin's edit) is in number-fields.test.tsx.
 */
const CASES = [
  ['en', '20500.5'],
  ['es', '20,500.50'],
] as const;

async function choose(app: AppRender, label: RegExp, option: RegExp) {
  await app.user.click(screen.getByRole('combobox', { name: label }));
  await app.user.click(await screen.findByRole('option', { name: option }));
}

const fileInput = (slot: string) => document.querySelector<HTMLInputElement>(`input[data-slot="${slot}"]`)!;

async function jsonPart(body: unknown, name: string): Promise<Record<string, unknown>> {
  return JSON.parse(await ((body as FormData).get(name) as Blob).text()) as Record<string, unknown>;
}

function truckServer() {
  const server = installFakeServer();
  server.on('GET /api/tickets', () => ({ status: 200, body: { tickets: [docTicket(7)], count: 1 } }));
  server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: DESTINATIONS } }));
  server.on('GET /api/materials', () => ({ status: 200, body: { materials: MATERIALS } }));
  server.on('GET /api/trucks-documentation/purchase-orders/material/:id', () => ({
    status: 200,
    body: { purchaseOrders: PURCHASE_ORDERS },
  }));
  server.on('POST /api/trucks-documentation', () => ({ status: 201, body: { truckDocumentation: { id: 40 } } }));
  storeSession(supplier);
  return server;
}

function adminServer(status: TicketStatus = 'SUPPLIER_INVOICED') {
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
  server.on('PUT /api/trucks-documentation/:id', () => ({ status: 200, body: { truckDocumentation: { id: 40 } } }));
  storeSession(USERS.admin);
  return server;
}

describe('typing an amount in the truck documentation form', () => {
  it.each(CASES)(
    'should read %s %s as 20,500.50, show it with its dollar sign and send 20500.5',
    async (language, typed) => {
      await useLanguage(language);
      const l = LABELS[language];
      const server = truckServer();
      const app = renderApp('/dashboard/suppliers/truck-documentation');
      await screen.findByRole('button', { name: l.upload });
      await choose(app, l.ticket, /#7 · Rápido Freight Lines/);
      await choose(app, l.destination, /Monterrey Steel Mill/);
      await app.user.click(screen.getByRole('button', { name: l.invoiceDate }));
      await app.user.click(within(await screen.findByRole('dialog')).getAllByRole('button', { name: /^1 / })[0]!);
      await app.user.type(screen.getByRole('textbox', { name: l.invoiceNumber }), 'INV-77');
      const amount = screen.getByRole('textbox', { name: l.amount });
      await app.user.type(amount, typed);
      await app.user.type(screen.getByRole('combobox', { name: l.equipment }), 'TRK123456');
      expect(amount).toHaveValue('US$20,500.50');
      await app.user.type(screen.getByRole('textbox', { name: l.gross }), '80,000');
      await app.user.type(screen.getByRole('textbox', { name: l.tare }), '30000.25');
      await choose(app, l.material, /HMS 1/);
      expect(screen.getByRole('textbox', { name: l.gross })).toHaveValue('80,000.00 lbs');
      expect(screen.getByRole('textbox', { name: l.tare })).toHaveValue('30,000.25 lbs');
      await choose(app, l.order, /^4500001 · /);
      await app.user.upload(fileInput('salesInvoice'), pdfFile('sales.pdf'));
      await app.user.upload(fileInput('weightCertificate'), pdfFile('weight.pdf'));
      await app.user.upload(fileInput('BL'), pdfFile('bl.pdf'));
      await app.user.upload(fileInput('radioactiveCertificate'), pdfFile('radio.pdf'));
      await app.user.upload(fileInput('photos'), [pngFile('a.png')]);
      await app.user.click(screen.getByRole('button', { name: l.upload }));

      await waitFor(() =>
        expect(server.calls.some((call) => call.method === 'POST' && call.path === '/api/trucks-documentation')).toBe(
          true,
        ),
      );
      const post = server.calls.find((call) => call.method === 'POST' && call.path === '/api/trucks-documentation');
      expect(await jsonPart(post?.body, 'truckDocumentation')).toMatchObject({
        invoiceAmount: 20500.5,
        grossWeight: 80000,
        tareWeight: 30000.25,
      });
    },
    40_000, // a whole form with five uploads, typed key by key
  );
});

describe('amounts on the pages in Spanish (es-MX)', () => {
  it('should show the documentation amount, weights and tonnes as es-MX writes them, in the page and in the edit form', async () => {
    await useLanguage('es');
    adminServer();
    const app = renderApp('/dashboard/admin/ta-invoice/7');
    const details = await screen.findByRole('heading', { name: 'Documentación del proveedor' });
    const section = details.closest('div.mantine-Paper-root') as HTMLElement;
    expect(within(section).getByText('US$12,500.50')).toBeInTheDocument();
    expect(within(section).getByText('80,000.00')).toBeInTheDocument();
    expect(within(section).getByText('30,000.00')).toBeInTheDocument();
    expect(within(section).getByText('22.68')).toBeInTheDocument();
    // The month named (never 11/03, which reads as Nov 3 in English); the year once it is not this one.
    expect(within(section).getByText(/^11 mar( 2026)?$/)).toBeInTheDocument();

    await app.user.click(screen.getByRole('link', { name: 'Editar documentación' }));
    expect(await screen.findByRole('textbox', { name: /Importe de la factura/ })).toHaveValue('US$12,500.50');
    expect(screen.getByRole('textbox', { name: /Peso bruto/ })).toHaveValue('80,000.00 lbs');
    expect(document.documentElement.lang).toBe('es-MX');
  });
});
