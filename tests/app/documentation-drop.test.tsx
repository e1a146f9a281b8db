/**
 * On a desktop the documentation file fields take dropped files (Mantine Dropzone) and check them like
 * picked ones: a PDF slot keeps a dropped PDF and refuses a picture with the spec's message.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer, storeSession } from './fake-server';
import { DESTINATIONS, MATERIALS, docTicket, pdfFile, pngFile, supplier } from './documentation-fixtures';
import { renderApp } from './render';
import { pretendDesktop } from './tickets-fixtures';

function truckServer() {
  const server = installFakeServer();
  server.on('GET /api/tickets', () => ({ status: 200, body: { tickets: [docTicket(7)], count: 1 } }));
  server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: DESTINATIONS } }));
  server.on('GET /api/materials', () => ({ status: 200, body: { materials: MATERIALS } }));
  storeSession(supplier);
  return server;
}

const drop = (zone: HTMLElement, file: File) =>
  fireEvent.drop(zone, {
    dataTransfer: {
      files: [file],
      items: [{ kind: 'file', type: file.type, getAsFile: () => file }],
      types: ['Files'],
    },
  });

describe('documentation files dropped on a desktop', () => {
  it('should keep a PDF dropped on the sales invoice and refuse a picture there with the PDF message', async () => {
    pretendDesktop();
    truckServer();
    renderApp('/dashboard/suppliers/truck-documentation');
    await screen.findByRole('button', { name: 'Upload' });
    const zones = screen.getAllByTestId('file-drop');
    const sales = zones.find((zone) => zone.querySelector('input[data-slot="salesInvoice"]'))!;
    drop(sales, pdfFile('dropped-sales.pdf'));
    expect(await within(sales).findByText('dropped-sales.pdf', {})).toBeInTheDocument();

    const weight = zones.find((zone) => zone.querySelector('input[data-slot="weightCertificate"]'))!;
    drop(weight, pngFile('photo.png'));
    expect(await screen.findByText('The file format should be .pdf', {})).toBeInTheDocument();
    expect(within(weight).queryByText('photo.png')).not.toBeInTheDocument();
  });
});
