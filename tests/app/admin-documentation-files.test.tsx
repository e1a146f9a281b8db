import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USERS, installFakeServer, storeSession } from './fake-server';
import {
  DESTINATIONS,
  MATERIALS,
  PURCHASE_ORDERS,
  docTicket,
  documentation,
  pdfFile,
  pngFile,
} from './documentation-fixtures';
import { renderApp } from './render';

function adminServer() {
  const server = installFakeServer();
  server.on('GET /api/tickets/:id', () => ({ status: 200, body: { ticket: docTicket(7, 'SUPPLIER_INVOICED') } }));
  server.on('GET /api/trucks-documentation/:id/ticket', () => ({
    status: 200,
    body: { truckDocumentation: documentation(7) },
  }));
  server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: DESTINATIONS } }));
  server.on('GET /api/materials', () => ({ status: 200, body: { materials: MATERIALS } }));
  server.on('GET /api/trucks-documentation/purchase-orders/material/:id', () => ({
    status: 200,
    body: { purchaseOrders: PURCHASE_ORDERS },
  }));
  server.on('PUT /api/trucks-documentation/:id', () => ({
    status: 200,
    body: { truckDocumentation: documentation(7) },
  }));
  storeSession(USERS.admin);
  return server;
}

/** A PNG (by its first bytes) of exactly `size` bytes. */
const pngOfSize = (size: number, name = 'big.png') => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type: 'image/png' });
};
const input = (slot: string) => document.querySelector<HTMLInputElement>(`input[data-slot="${slot}"]`)!;

async function openForm() {
  const server = adminServer();
  const app = renderApp('/dashboard/admin/ticket-edit/7');
  await screen.findByDisplayValue('INV-2001', {});
  return { server, app };
}

describe('admin documentation files', () => {
  it('should show the stored files and send only the replaced sales invoice and the new photos', async () => {
    const { server, app } = await openForm();
    expect(screen.getByText('Stored: invoice.pdf')).toBeInTheDocument();
    expect(screen.getByText('Stored: photo1.jpg')).toBeInTheDocument();
    await app.user.upload(input('salesInvoice'), pdfFile('corrected-invoice.pdf'));
    await app.user.upload(input('photos'), [pngFile('front.png'), pngFile('side.png')]);
    expect(await screen.findByText('corrected-invoice.pdf')).toBeInTheDocument();
    expect(screen.getByText('side.png')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Data updated successfully')).toBeInTheDocument();
    const body = server.calls.find((call) => call.method === 'PUT' && call.path === '/api/trucks-documentation/40')
      ?.body as FormData;
    expect((body.get('salesInvoice') as File).name).toBe('corrected-invoice.pdf');
    expect(body.getAll('photos').map((file) => (file as File).name)).toEqual(['front.png', 'side.png']);
    expect(body.get('weightCertificate')).toBeNull();
    expect(body.get('BL')).toBeNull();
  });

  it('should take a photo of 3,670,015 bytes and refuse one of 3,670,016 bytes as too big', async () => {
    const { app } = await openForm();
    await app.user.upload(input('photos'), pngOfSize(3_670_015, 'just-under.png'));
    expect(await screen.findByText('just-under.png')).toBeInTheDocument();
    await app.user.upload(input('photos'), pngOfSize(3_670_016, 'too-big.png'));
    expect(await screen.findByText('File is too big (max. size: 3,5 Mb.)')).toBeInTheDocument();
    expect(screen.queryByText('too-big.png')).not.toBeInTheDocument();
  });

  it('should refuse a PNG renamed .pdf and an empty PDF for a document', async () => {
    const { app } = await openForm();
    const renamed = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], 'scan.pdf', {
      type: 'application/pdf',
    });
    await app.user.upload(input('BL'), renamed);
    expect(await screen.findByText('The file format should be .pdf')).toBeInTheDocument();
    await app.user.upload(input('weightCertificate'), new File([], 'empty.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('The file is empty')).toBeInTheDocument();
    expect(screen.queryByText('scan.pdf')).not.toBeInTheDocument();
  });

  it('should take 4 photos and refuse a fifth', async () => {
    const { app } = await openForm();
    await app.user.upload(input('photos'), [pngFile('1.png'), pngFile('2.png'), pngFile('3.png')]);
    await screen.findByText('3.png');
    await app.user.upload(input('photos'), [pngFile('4.png'), pngFile('5.png')]);
    expect(await screen.findByText('At most 4 photos are allowed')).toBeInTheDocument();
    await app.user.upload(input('photos'), pngFile('4.png'));
    expect(await screen.findByText('4.png')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add photos' })).toBeDisabled();
  });

  it('should show the file messages in Spanish', async () => {
    const { app } = await openForm();
    await app.user.click(screen.getByText('ES'));
    await app.user.upload(input('photos'), pngOfSize(3_670_016, 'too-big.png'));
    expect(await screen.findByText('El archivo es demasiado grande (tamaño máx.: 3,5 Mb.)')).toBeInTheDocument();
  });
});
