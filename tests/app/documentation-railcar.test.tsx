import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/app/lib/i18n';
import { db } from '../../src/app/offline/db';
import { getItem, makeItem, putItem } from '../../src/app/offline/outbox';
import type { TicketStatus } from '../../src/shared/domain/ticket-status';
import { installFakeServer, storeSession } from './fake-server';
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

const PATH = '/dashboard/suppliers/railcar-documentation';
const CARRIERS = [
  { id: 1, businessName: 'Rápido Freight Lines', mode: 'TRUCK' },
  { id: 3, businessName: 'Northern Rail Logistics', mode: 'RAILCAR' },
];
const DEPOTS = [{ id: 11, name: 'South Chicago Yard', city: 'Chicago, IL' }];

function railcarServer() {
  const server = installFakeServer();
  server.on('GET /api/tickets', () => ({
    status: 200,
    body: { tickets: [docTicket(7, 'CONFIRMED', 'RAILCAR'), docTicket(8)], count: 2 },
  }));
  server.on('GET /api/carriers', () => ({ status: 200, body: { carriers: CARRIERS } }));
  server.on('GET /api/depots', () => ({ status: 200, body: { depots: DEPOTS } }));
  server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: DESTINATIONS } }));
  server.on('GET /api/materials', () => ({ status: 200, body: { materials: MATERIALS } }));
  server.on('GET /api/trucks-documentation/purchase-orders/material/:id', () => ({
    status: 200,
    body: { purchaseOrders: PURCHASE_ORDERS },
  }));
  storeSession(supplier);
  return server;
}

function railDoc(status: TicketStatus) {
  return {
    ...documentation(7, status),
    carrierId: 3,
    depotId: 11,
    waybill: '1234567',
    comments: 'Two cars',
    carEquipment: 'GATX12345',
  };
}

async function choose(app: AppRender, label: string | RegExp, option: string | RegExp) {
  await app.user.click(screen.getByRole('combobox', { name: label }));
  await app.user.click(await screen.findByRole('option', { name: option }));
}

const fileInput = (slot: string) => document.querySelector<HTMLInputElement>(`input[data-slot="${slot}"]`)!;
const textbox = (name: RegExp) => screen.getByRole('textbox', { name });

/** Click and paste: a whole value at once keeps the long form tests fast under a loaded test run. */
async function paste(app: AppRender, input: HTMLElement, value: string) {
  await app.user.click(input);
  await app.user.paste(value);
}

async function fillValidRailcar(app: AppRender) {
  await choose(app, /^Ticket/, /#7 · Northern Rail Logistics/);
  await app.user.click(screen.getByRole('button', { name: /Invoice date/ }));
  await app.user.click(within(await screen.findByRole('dialog')).getAllByRole('button', { name: /^1 / })[0]!);
  await paste(app, textbox(/Invoice number/), 'RINV-9');
  await paste(app, textbox(/Invoice amount/), '9876.54');
  await paste(app, textbox(/WayBill/), '7654321');
  await paste(app, screen.getByRole('combobox', { name: /Car\/Equipment/ }), 'GATX12345');
  await paste(app, textbox(/Gross weight/), '200000');
  await paste(app, textbox(/Tare weight/), '60000');
  await choose(app, /^Material/, 'HMS 1');
  await paste(app, textbox(/Material description/), 'Heavy melting');
  await choose(app, /Purchase order/, /4500001/);
  await paste(app, textbox(/Comments/), 'Two cars coupled');
  await app.user.upload(fileInput('salesInvoice'), pdfFile('sales.pdf'));
  await app.user.upload(fileInput('weightCertificate'), pdfFile('weight.pdf'));
  await app.user.upload(fileInput('BL'), pdfFile('bl.pdf'));
  await app.user.upload(fileInput('radioactiveCertificate'), pdfFile('radio.pdf'));
  await app.user.upload(fileInput('photos'), [pngFile('a.png')]);
  await screen.findByRole('button', { name: 'Remove photo 1' });
}

describe('railcar documentation', () => {
  it('should show every required railcar field and file message under its field', async () => {
    railcarServer();
    const app = renderApp(PATH);
    await app.user.click(await screen.findByRole('button', { name: 'Upload' }));
    for (const text of [
      'Ticket is a required field',
      'Carrier is a required field',
      'Yard is a required field',
      'Destination is a required field',
      'Invoice date is a required field',
      'Invoice number is a required field',
      'Invoice amount is a required field',
      'WayBill is a required field',
      'Car/Equipment is a required field',
      'Gross weight is a required field',
      'Tare weight is a required field',
      'This field is required',
      'Invoice is a required file',
      'Weight cert. is a required file',
      'B/L is a required file',
      'Radioactive cert. is a required file',
      'This is a required file',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
  });

  it('should refuse zero amounts and malformed waybill and equipment with the spec messages', async () => {
    railcarServer();
    const app = renderApp(PATH);
    await screen.findByRole('button', { name: 'Upload' });
    await app.user.type(textbox(/Tare weight/), '0');
    await app.user.type(textbox(/Gross weight/), '0');
    await app.user.type(textbox(/Invoice amount/), '0');
    await app.user.type(textbox(/WayBill/), '12a4');
    await app.user.type(screen.getByRole('combobox', { name: /Car\/Equipment/ }), 'AB-1');
    await app.user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Invoice Amount must be a positive number')).toBeInTheDocument();
    expect(screen.getByText('Tare Weight must be a positive number')).toBeInTheDocument();
    expect(screen.getByText('WayBill must contain only numeric digits (min 5)')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Car/Equipment cannot contain a hyphen (-): type the letters and digits together, e.g. TTGX123456',
      ),
    ).toBeInTheDocument();
  });

  it('should keep gross above tare and the waybill, equipment and invoice number apart', async () => {
    railcarServer();
    const app = renderApp(PATH);
    await screen.findByRole('button', { name: 'Upload' });
    await app.user.type(textbox(/Tare weight/), '500');
    await app.user.type(textbox(/Gross weight/), '100');
    await app.user.type(textbox(/WayBill/), '55555');
    await app.user.type(textbox(/Invoice number/), '55555');
    await app.user.type(screen.getByRole('combobox', { name: /Car\/Equipment/ }), '555550');
    await app.user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Gross Weight must be greater than Tare Weight')).toBeInTheDocument();
    expect(screen.getByText('WayBill and Invoice Number must be different')).toBeInTheDocument();

    await app.user.clear(textbox(/Invoice number/));
    await app.user.type(textbox(/Invoice number/), 'R-1');
    await app.user.clear(screen.getByRole('combobox', { name: /Car\/Equipment/ }));
    await app.user.type(screen.getByRole('combobox', { name: /Car\/Equipment/ }), '55555');
    await app.user.type(screen.getByRole('combobox', { name: /Car\/Equipment/ }), '5');
    await app.user.clear(textbox(/WayBill/));
    await app.user.type(textbox(/WayBill/), '555555');
    await app.user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Car/Equipment and WayBill must be different')).toBeInTheDocument();
  });

  it('should show the railcar rules in Spanish', async () => {
    railcarServer();
    await activateLocale('es');
    const app = renderApp(PATH);
    await app.user.click(await screen.findByRole('button', { name: 'Subir' }));
    expect(await screen.findByText('La carta de porte es un campo obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El patio es un campo obligatorio')).toBeInTheDocument();
    await app.user.type(textbox(/WayBill/), '12a');
    await app.user.click(screen.getByRole('button', { name: 'Subir' }));
    expect(
      await screen.findByText('La carta de porte debe contener solo dígitos numéricos (mín. 5)'),
    ).toBeInTheDocument();
  });

  it('should offer only railcar tickets and fill carrier, yard and destination from the picked ticket', async () => {
    railcarServer();
    const app = renderApp(PATH);
    await screen.findByRole('button', { name: 'Upload' });
    await app.user.click(screen.getByRole('combobox', { name: /^Ticket/ }));
    expect(await screen.findByRole('option', { name: /#7 · Northern Rail Logistics/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /#8/ })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('option', { name: /#7/ }));
    expect(screen.getByRole('combobox', { name: /^Carrier/ })).toHaveValue('Northern Rail Logistics');
    expect(screen.getByRole('combobox', { name: /^Yard/ })).toHaveValue('South Chicago Yard · Chicago, IL');
    expect(screen.getByRole('combobox', { name: /^Destination/ })).toHaveValue('Monterrey Steel Mill');
    expect(screen.getByTestId('ticket-summary')).toHaveTextContent('#7');
  });

  it('should clear the purchase order when the material changes', async () => {
    railcarServer();
    const app = renderApp(PATH);
    await screen.findByRole('button', { name: 'Upload' });
    await choose(app, /^Material/, 'HMS 1');
    await choose(app, /Purchase order/, /4500001/);
    expect(screen.getByRole('combobox', { name: /Purchase order/ })).toHaveValue('4500001 · Apr 2026 · 100 t');
    await choose(app, /^Material/, 'Shredded scrap');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Purchase order/ })).toHaveValue(''));
  });

  it('should send the railcar JSON part with the files in spec order, toast the id and go home', async () => {
    const server = railcarServer();
    server.on('POST /api/railcar-documentation', () => ({ status: 201, body: { railcarDocumentation: { id: 41 } } }));
    const app = renderApp(PATH);
    await screen.findByRole('button', { name: 'Upload' });
    await fillValidRailcar(app);
    await app.user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText(/^Railcar ID 7: /)).toBeInTheDocument();
    const post = server.calls.find((call) => call.method === 'POST' && call.path === '/api/railcar-documentation');
    const body = post?.body as FormData;
    expect((body.getAll('files[]') as File[]).map((f) => f.name)).toEqual([
      'sales.pdf',
      'weight.pdf',
      'bl.pdf',
      'radio.pdf',
      'a.png',
    ]);
    const json = JSON.parse(await (body.get('railcarDocumentation') as Blob).text()) as Record<string, unknown>;
    expect(json).toMatchObject({
      ticketId: 7,
      carrierId: 3,
      depotId: 11,
      destinationId: 1,
      invoiceNumber: 'RINV-9',
      invoiceAmount: 9876.54,
      waybill: '7654321',
      carEquipment: 'GATX12345',
      grossWeight: 200000,
      tareWeight: 60000,
      materialId: 2,
      materialDescription: 'Heavy melting',
      purchaseOrderId: 9,
      comments: 'Two cars coupled',
    });
    expect(json.invoiceDate).toMatch(/^\d{4}-\d{2}-01$/);
    // The suppliers home is a lazy route: the path changes once its module loaded.
    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers'));
  });

  it('should show the duplicate invoice number text under the field and the literal failure otherwise', async () => {
    const server = railcarServer();
    let answer = 409;
    server.on('POST /api/railcar-documentation', () =>
      answer === 409
        ? {
            status: 409,
            body: {
              statusCode: 409,
              error: 'Conflict',
              code: 'duplicate_invoice_number',
              message: 'duplicate key value violates unique constraint "railcar_invoice"',
            },
          }
        : { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } },
    );
    const app = renderApp(PATH);
    await screen.findByRole('button', { name: 'Upload' });
    await fillValidRailcar(app);
    await app.user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getAllByText('This invoice number was already used')).toHaveLength(2));
    answer = 500;
    await app.user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Failed to creat new railcar')).toBeInTheDocument();
    expect(app.path()).toBe(PATH);
  });

  it('should edit the stored documentation of a supplier-invoiced ticket and allow canceling it', async () => {
    const server = railcarServer();
    server.on('GET /api/railcar-documentation/:id/ticket', () => ({
      status: 200,
      body: { railcarDocumentation: railDoc('SUPPLIER_INVOICED') },
    }));
    server.on('PUT /api/railcar-documentation/:id', () => ({
      status: 200,
      body: { railcarDocumentation: { id: 40 } },
    }));
    const app = renderApp(PATH);
    await screen.findByRole('button', { name: 'Upload' });
    await app.router.navigate(PATH, { state: { ticket: docTicket(7, 'SUPPLIER_INVOICED', 'RAILCAR') } });
    expect(await screen.findByDisplayValue('1234567')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Ticket/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel ticket' })).toBeEnabled();
    await app.user.clear(textbox(/Comments/));
    await app.user.type(textbox(/Comments/), 'Three cars');
    await app.user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Railcar ID: 7 successful update')).toBeInTheDocument();
    const put = server.calls.find((call) => call.method === 'PUT' && call.path === '/api/railcar-documentation/40');
    const json = JSON.parse(await ((put?.body as FormData).get('railcarDocumentation') as Blob).text()) as Record<
      string,
      unknown
    >;
    expect(json).toMatchObject({ waybill: '1234567', comments: 'Three cars', carrierId: 3, depotId: 11 });
    // The suppliers home is a lazy route: the path changes once its module loaded.
    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers'));
  });

  it('should say the waybill and the saved update in Spanish, naming the trip id', async () => {
    const server = railcarServer();
    server.on('GET /api/railcar-documentation/:id/ticket', () => ({
      status: 200,
      body: { railcarDocumentation: railDoc('SUPPLIER_INVOICED') },
    }));
    server.on('PUT /api/railcar-documentation/:id', () => ({
      status: 200,
      body: { railcarDocumentation: { id: 40 } },
    }));
    await activateLocale('es');
    const app = renderApp(PATH);
    await screen.findByRole('button', { name: 'Subir' });
    await app.router.navigate(PATH, { state: { ticket: docTicket(7, 'SUPPLIER_INVOICED', 'RAILCAR') } });
    expect(await screen.findByDisplayValue('1234567', {})).toBeInTheDocument();
    expect(textbox(/^Carta de porte/)).toHaveValue('1234567');
    await app.user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(
      await screen.findByText('ID de viaje 7: documentación de vagón actualizada con éxito', {}),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Railcar ID/)).not.toBeInTheDocument();
  });

  it('should say Railcar update error and go back when an update fails', async () => {
    const server = railcarServer();
    server.on('GET /api/railcar-documentation/:id/ticket', () => ({
      status: 200,
      body: { railcarDocumentation: railDoc('SUPPLIER_INVOICED') },
    }));
    server.on('PUT /api/railcar-documentation/:id', () => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' },
    }));
    const app = renderApp(PATH);
    await screen.findByRole('button', { name: 'Upload' });
    await app.router.navigate(PATH, { state: { ticket: docTicket(7, 'SUPPLIER_INVOICED', 'RAILCAR') } });
    await screen.findByDisplayValue('1234567');
    await app.user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Railcar update error')).toBeInTheDocument();
    // The suppliers home is a lazy route: the path changes once its module loaded.
    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers'));
  });

  it('should be read-only with cancel disabled once the ticket is TA invoiced', async () => {
    const server = railcarServer();
    server.on('GET /api/railcar-documentation/:id/ticket', () => ({
      status: 200,
      body: { railcarDocumentation: railDoc('TA_INVOICED') },
    }));
    const app = renderApp(PATH);
    await screen.findByRole('button', { name: 'Upload' });
    await app.router.navigate(PATH, { state: { ticket: docTicket(7, 'TA_INVOICED', 'RAILCAR') } });
    expect(await screen.findByText(/can no longer change/)).toBeInTheDocument();
    expect(textbox(/WayBill/)).toBeDisabled();
    expect(textbox(/Comments/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel ticket' })).toBeDisabled();
  });

  it('should reopen a refused railcar item from the outbox with its values and give it back when the form is left', async () => {
    railcarServer();
    const item = {
      ...makeItem({
        userId: supplier.id,
        kind: 'documentation',
        ticketId: 7,
        request: {
          method: 'POST',
          path: '/railcar-documentation',
          parts: [{ kind: 'json', name: 'railcarDocumentation', json: '{}' }],
        },
        draft: {
          mode: 'RAILCAR',
          values: {
            ticketId: '7',
            carrierId: '3',
            depotId: '11',
            destinationId: '1',
            invoiceNumber: 'RINV-9',
            waybill: '7654321',
            carEquipment: 'GATX12345',
            comments: 'Two cars coupled',
          },
          fileSlots: [],
        },
      }),
      state: 'refused' as const,
      lastError: 'duplicate key value violates unique constraint',
    };
    await putItem(item);
    const app = renderApp('/dashboard/suppliers');
    await app.router.navigate(PATH, { state: { outboxId: item.id } });
    await waitFor(() => expect(textbox(/Invoice number/)).toHaveValue('RINV-9'));
    expect(textbox(/WayBill/)).toHaveValue('7654321');
    expect(textbox(/Comments/)).toHaveValue('Two cars coupled');
    await waitFor(async () => expect(await getItem(item.id)).toMatchObject({ state: 'editing' }));

    await app.router.navigate('/dashboard/suppliers');
    await waitFor(async () =>
      expect(await getItem(item.id)).toMatchObject({
        state: 'refused',
        lastError: 'duplicate key value violates unique constraint',
      }),
    );
    await db.outbox.clear();
  });
});
