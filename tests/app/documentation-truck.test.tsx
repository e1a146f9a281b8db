import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../src/app/offline/db';
import { listItems } from '../../src/app/offline/outbox';
import { installFakeServer, storeSession } from './fake-server';
import {
  DESTINATIONS,
  MATERIALS,
  PURCHASE_ORDERS,
  docTicket,
  documentation,
  pdfFile,
  pngFile,
  sizedFile,
  supplier,
} from './documentation-fixtures';
import { renderApp, type AppRender } from './render';

const PATH = '/dashboard/suppliers/truck-documentation';

function truckServer() {
  const server = installFakeServer();
  server.on('GET /api/tickets', () => ({ status: 200, body: { tickets: [docTicket(7)], count: 1 } }));
  server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: DESTINATIONS } }));
  server.on('GET /api/materials', () => ({ status: 200, body: { materials: MATERIALS } }));
  server.on('GET /api/trucks-documentation/purchase-orders/material/:id', () => ({
    status: 200,
    body: { purchaseOrders: PURCHASE_ORDERS },
  }));
  storeSession(supplier);
  return server;
}

async function choose(app: AppRender, label: string | RegExp, option: string | RegExp) {
  await app.user.click(screen.getByRole('combobox', { name: label }));
  await app.user.click(await screen.findByRole('option', { name: option }));
}

const fileInput = (slot: string) => document.querySelector<HTMLInputElement>(`input[data-slot="${slot}"]`)!;

async function fillForm(app: AppRender) {
  await choose(app, /Ticket \(by carrier\)/, /#7 · Rápido Freight Lines/);
  await choose(app, /Destination/, 'Monterrey Steel Mill');
  await app.user.click(screen.getByRole('button', { name: /Invoice date/ }));
  await app.user.click(within(await screen.findByRole('dialog')).getAllByRole('button', { name: /^1 / })[0]!);
  await app.user.type(screen.getByRole('textbox', { name: /Invoice number/ }), 'INV-77');
  await app.user.type(screen.getByRole('textbox', { name: /Invoice amount/ }), '12345.5');
  await app.user.type(screen.getByRole('combobox', { name: /Car\/Equipment/ }), 'TRK123456');
  await app.user.type(screen.getByRole('textbox', { name: /Gross weight/ }), '80000');
  await app.user.type(screen.getByRole('textbox', { name: /Tare weight/ }), '30000');
  await choose(app, /Material/, 'HMS 1');
  await choose(app, /Purchase order/, /4500001 · Apr 2026 · 100 t/);
  await app.user.upload(fileInput('salesInvoice'), pdfFile('sales.pdf'));
  await app.user.upload(fileInput('weightCertificate'), pdfFile('weight.pdf'));
  await app.user.upload(fileInput('BL'), pdfFile('bl.pdf'));
  await app.user.upload(fileInput('radioactiveCertificate'), pdfFile('radio.pdf'));
  await app.user.upload(fileInput('photos'), [pngFile('a.png'), pngFile('b.png')]);
  expect(await screen.findByRole('button', { name: 'Remove photo 2' })).toBeInTheDocument();
}

describe('truck documentation', () => {
  it("should say the lists could not be loaded, instead of 'no tickets', and load them on a retry", async () => {
    const server = truckServer();
    let answer = { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Bad request' } as unknown };
    server.on('GET /api/tickets', () => answer);
    const app = renderApp('/dashboard/suppliers/truck-documentation');
    const alert = await screen.findByRole('alert', { name: 'Error retrieving the carriers' });
    expect(alert).toHaveTextContent("Some of the form's lists could not be loaded.");
    answer = { status: 200, body: { tickets: [docTicket(7)], count: 1 } };
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: 'Error retrieving the carriers' })).not.toBeInTheDocument(),
    );
    await app.user.click(screen.getByRole('combobox', { name: /Ticket \(by carrier\)/ }));
    expect(await screen.findByRole('option', { name: /^#7 / })).toBeInTheDocument();
  });

  it("should suggest the ticket carrier's registered equipment ids and still take any other id", async () => {
    const server = truckServer();
    const asked: string[] = [];
    server.on('GET /api/vehicles/suggestions', ({ query }) => {
      asked.push(query.get('ticketId') ?? '');
      return { status: 200, body: { equipmentIds: ['TRK100200', 'TRK300400'] } };
    });
    const app = renderApp(PATH);
    await screen.findByRole('button', { name: 'Upload' });
    await choose(app, /Ticket \(by carrier\)/, /#7 · Rápido Freight Lines/);
    const car = screen.getByRole('combobox', { name: /Car\/Equipment/ });
    await app.user.click(car);
    await app.user.click(await screen.findByRole('option', { name: 'TRK300400' }));
    expect(car).toHaveValue('TRK300400');
    expect(asked).toEqual(['7']);
    await app.user.clear(car);
    await app.user.type(car, 'TRK999888');
    expect(car).toHaveValue('TRK999888');
    expect(screen.queryByRole('option', { name: 'TRK100200' })).not.toBeInTheDocument();
  });

  it('should say there is no confirmed truck ticket, and how to get one, before anything is filled', async () => {
    const server = truckServer();
    server.on('GET /api/tickets', () => ({ status: 200, body: { tickets: [], count: 0 } }));
    renderApp(PATH);
    const notice = await screen.findByTestId('no-ticket-notice', {});
    expect(notice).toHaveTextContent('You have no confirmed truck ticket to document');
    expect(notice).toHaveTextContent('Tickets you requested appear here once a carrier accepts them.');
    expect(within(notice).getByRole('link', { name: 'Request a new ticket' })).toHaveAttribute(
      'href',
      '/dashboard/suppliers?action=new-ticket',
    );
    // Above the form's first field.
    const ticketField = screen.getByRole('combobox', { name: /Ticket \(by carrier\)/ });
    expect(notice.compareDocumentPosition(ticketField) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('should not say so while a confirmed ticket waits', async () => {
    truckServer();
    renderApp(PATH);
    await screen.findByRole('button', { name: 'Upload' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Ticket \(by carrier\)/ })).toBeEnabled());
    expect(screen.queryByTestId('no-ticket-notice')).not.toBeInTheDocument();
  });

  it('should name the fault of a car/equipment id (a hyphen, small letters) and keep what was typed', async () => {
    truckServer();
    const app = renderApp(PATH);
    const upload = await screen.findByRole('button', { name: 'Upload' });
    const car = screen.getByRole('combobox', { name: /Car\/Equipment/ });
    for (const [typed, message] of [
      [
        'TTGX-123456',
        'Car/Equipment cannot contain a hyphen (-): type the letters and digits together, e.g. TTGX123456',
      ],
      ['ttgx123456', 'Car/Equipment must be written in capital letters, as it is painted on the car'],
    ] as const) {
      await app.user.clear(car);
      await app.user.type(car, typed);
      await app.user.click(upload);
      expect(await screen.findByText(message)).toBeInTheDocument();
      // What was typed stays as typed.
      expect(car).toHaveValue(typed);
    }
  });

  it('should show every validation message of the spec under its field', async () => {
    truckServer();
    const app = renderApp(PATH);
    await app.user.click(await screen.findByRole('button', { name: 'Upload' }));
    for (const text of [
      'Ticket is a required field',
      'Destination is a required field',
      'Invoice date is a required field',
      'Invoice number is a required field',
      'Invoice amount is a required field',
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
    await app.user.type(screen.getByRole('textbox', { name: /Tare weight/ }), '500');
    await app.user.type(screen.getByRole('textbox', { name: /Gross weight/ }), '100');
    await app.user.type(screen.getByRole('textbox', { name: /Invoice amount/ }), '0');
    await app.user.type(screen.getByRole('combobox', { name: /Car\/Equipment/ }), 'AB1');
    await app.user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Gross Weight must be greater than Tare Weight')).toBeInTheDocument();
    expect(screen.getByText('Invoice Amount must be a positive number')).toBeInTheDocument();
    expect(screen.getByText('Car/Equipment must have at least 6 letters and digits')).toBeInTheDocument();
    const car = screen.getByRole('combobox', { name: /Car\/Equipment/ });
    await app.user.clear(car);
    await app.user.type(car, 'ABC123');
    await app.user.type(screen.getByRole('textbox', { name: /Invoice number/ }), 'abc123');
    await app.user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Car/Equipment and Invoice Number must be different')).toBeInTheDocument();
  });

  it('should refuse a non-PDF and a file of 2,097,153 bytes with the spec messages', async () => {
    truckServer();
    const app = renderApp(PATH);
    await screen.findByRole('button', { name: 'Upload' });
    await app.user.upload(fileInput('salesInvoice'), new File(['hello'], 'notes.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('The file format should be .pdf')).toBeInTheDocument();
    await app.user.upload(fileInput('BL'), sizedFile(2_097_153));
    expect(await screen.findByText('The file exceeds the maximum size of 2 MB')).toBeInTheDocument();
    await app.user.upload(fileInput('BL'), sizedFile(2_097_152));
    await waitFor(() =>
      expect(screen.queryByText('The file exceeds the maximum size of 2 MB')).not.toBeInTheDocument(),
    );
  });

  it('should send the files in the spec order with the JSON part and go back home', async () => {
    const server = truckServer();
    server.on('POST /api/trucks-documentation', () => ({ status: 201, body: { truckDocumentation: { id: 40 } } }));
    const app = renderApp(PATH);
    await screen.findByRole('button', { name: 'Upload' });
    await fillForm(app);
    await app.user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Truck ID 7')).toBeInTheDocument();
    const post = server.calls.find((call) => call.method === 'POST' && call.path === '/api/trucks-documentation');
    const body = post?.body as FormData;
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect((body.getAll('files[]') as File[]).map((f) => f.name)).toEqual([
      'sales.pdf',
      'weight.pdf',
      'bl.pdf',
      'radio.pdf',
      'a.png',
      'b.png',
    ]);
    const json = JSON.parse(await (body.get('truckDocumentation') as Blob).text()) as Record<string, unknown>;
    expect(json).toMatchObject({
      ticketId: 7,
      destinationId: 1,
      invoiceNumber: 'INV-77',
      invoiceAmount: 12345.5,
      carEquipment: 'TRK123456',
      grossWeight: 80000,
      tareWeight: 30000,
      materialId: 2,
      materialDescription: 'HMS 1',
      purchaseOrderId: 9,
    });
    expect(json.invoiceDate).toMatch(/^\d{4}-\d{2}-01$/);
    // The suppliers home is a lazy route: the path changes once its module loaded.
    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers'));
  });

  it('should keep the documentation with its files in the outbox without a connection and go home', async () => {
    const server = truckServer();
    const app = renderApp(PATH);
    await screen.findByRole('button', { name: 'Upload' });
    await fillForm(app);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await app.user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText(/No connection: saved in the outbox/)).toBeInTheDocument();
    // The suppliers home is a lazy route: the path changes once its module loaded, and the form stays on
    // screen until the home shows (going back to the form before then would find the same form).
    await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers'));
    expect(await screen.findByRole('heading', { name: 'My requests' })).toBeInTheDocument();
    expect(server.calls.some((call) => call.path === '/api/trucks-documentation')).toBe(false);
    const [item] = await listItems(supplier.id);
    expect(item).toMatchObject({
      kind: 'documentation',
      ticketId: 7,
      state: 'pending',
      request: { method: 'POST', path: '/trucks-documentation' },
    });
    expect(item?.request.parts?.map((part) => (part.kind === 'file' ? part.filename : part.name))).toEqual([
      'sales.pdf',
      'weight.pdf',
      'bl.pdf',
      'radio.pdf',
      'a.png',
      'b.png',
      'truckDocumentation',
    ]);
    expect(item?.draft).toMatchObject({
      mode: 'TRUCK',
      fileSlots: ['salesInvoice', 'weightCertificate', 'BL', 'radioactiveCertificate', 'photos', 'photos'],
      values: { ticketId: '7', invoiceNumber: 'INV-77' },
    });
    // The next load starts from an empty form: nothing of the queued one comes back as a typed draft
    // (the queued ticket leaving the pick list once saved the whole form again as one).
    await act(() => app.router.navigate(PATH));
    expect(await screen.findByRole('textbox', { name: /Invoice number/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Gross weight/ })).toHaveValue('');
    await db.outbox.clear();
  });

  describe('editing', () => {
    async function openEdit(status: 'SUPPLIER_INVOICED' | 'TA_INVOICED', server = truckServer()) {
      server.on('GET /api/trucks-documentation/:id/ticket', () => ({
        status: 200,
        body: { truckDocumentation: documentation(7, status) },
      }));
      const app = renderApp(PATH);
      await screen.findByRole('button', { name: 'Upload' });
      await app.router.navigate(PATH, { state: { ticket: docTicket(7, status) } });
      await screen.findByDisplayValue('INV-2001', {});
      return { app, server };
    }

    it('should lock the ticket and destination, offer Update, and keep a cleared invoice number as stored', async () => {
      const server = truckServer();
      server.on('PUT /api/trucks-documentation/:id', () => ({ status: 200, body: { truckDocumentation: { id: 40 } } }));
      const { app } = await openEdit('SUPPLIER_INVOICED', server);
      expect(screen.getByRole('combobox', { name: /Ticket \(by carrier\)/ })).toBeDisabled();
      expect(screen.getByRole('combobox', { name: /Destination/ })).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
      await app.user.clear(screen.getByRole('textbox', { name: /Invoice number/ }));
      await app.user.clear(screen.getByRole('combobox', { name: /Car\/Equipment/ }));
      await app.user.type(screen.getByRole('combobox', { name: /Car\/Equipment/ }), 'TRK654321');
      await app.user.click(screen.getByRole('button', { name: 'Update' }));
      expect(await screen.findByText('Truck documentation updated successfully')).toBeInTheDocument();
      const put = server.calls.find((call) => call.method === 'PUT' && call.path === '/api/trucks-documentation/40');
      const body = put?.body as FormData;
      const json = JSON.parse(await (body.get('truckDocumentation') as Blob).text()) as Record<string, unknown>;
      expect(json).toMatchObject({ carEquipment: 'TRK654321' });
      expect(json).not.toHaveProperty('invoiceNumber');
      // No file picked: every stored document and photo stays.
      expect(body.getAll('salesInvoice')).toEqual([]);
      expect(body.getAll('photos')).toEqual([]);
      await waitFor(() => expect(app.path()).toBe('/dashboard/suppliers'));
    });

    it('should show the duplicate text under the invoice number when an update reuses one', async () => {
      const server = truckServer();
      server.on('PUT /api/trucks-documentation/:id', () => ({
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          code: 'duplicate_invoice_number',
          message: 'duplicate key value violates unique constraint "shipping_documents_invoice"',
        },
      }));
      const { app } = await openEdit('SUPPLIER_INVOICED', server);
      const number = screen.getByRole('textbox', { name: /Invoice number/ });
      await app.user.clear(number);
      await app.user.type(number, 'INV-2002');
      await app.user.click(screen.getByRole('button', { name: 'Update' }));
      expect((await screen.findAllByText('This invoice number was already used')).length).toBeGreaterThan(0);
      expect(app.path()).toBe(PATH);
    });

    it('should keep Cancel disabled on a supplier-invoiced ticket, as the spec says, and say who cancels it', async () => {
      await openEdit('SUPPLIER_INVOICED');
      const cancel = screen.getByRole('button', { name: 'Cancel ticket' });
      expect(cancel).toBeDisabled();
      expect(cancel).toHaveAccessibleDescription(
        "A truck ticket is canceled by an administrator: ask them to cancel it from the ticket's page.",
      );
    });

    it('should be read-only once the ticket is TA invoiced', async () => {
      await openEdit('TA_INVOICED');
      expect(await screen.findByText(/can no longer change/)).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: /Invoice amount/ })).toBeDisabled();
      expect(screen.getByRole('textbox', { name: /Gross weight/ })).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Cancel ticket' })).toBeDisabled();
    });
  });
});
