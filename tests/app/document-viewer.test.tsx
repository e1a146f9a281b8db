/**
 * Reviewers see documents without downloading them: photos as thumbnails that open full size, PDFs in
 * the page, each fetched through PUT /download?inline=1 (the download's authorization), closed by Escape.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USERS, installFakeServer, storeSession, type FakeRequest } from './fake-server';
import { INVOICE, docTicket, documentation } from './documentation-fixtures';
import { renderApp } from './render';

const realCreate = URL.createObjectURL;
const realRevoke = URL.revokeObjectURL;
let made = 0;
beforeEach(() => {
  made = 0;
  URL.createObjectURL = vi.fn(() => `blob:http://localhost/view-${++made}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  URL.createObjectURL = realCreate;
  URL.revokeObjectURL = realRevoke;
});

function reviewServer(user: 'customs1' | 'admin', download: (request: FakeRequest) => number = () => 200) {
  const server = installFakeServer();
  server.on('GET /api/tickets/:id', () => ({
    status: 200,
    body: { ticket: { ...docTicket(7, 'TA_INVOICED'), customsRead: true } },
  }));
  server.on('GET /api/trucks-documentation/:id/ticket', () => ({
    status: 200,
    body: { truckDocumentation: documentation(7, 'TA_INVOICED') },
  }));
  server.on('PUT /api/download', (request) => {
    const status = download(request);
    return status === 200
      ? { status, body: { bytes: 'stand-in' } }
      : { status, body: { statusCode: status, error: 'Not Found', message: 'File not found' } };
  });
  storeSession(USERS[user]);
  return server;
}

const shown = (server: ReturnType<typeof reviewServer>) =>
  server.calls
    .filter((call) => call.method === 'PUT' && call.path === '/api/download')
    .map((call) => ({ inline: call.query.get('inline'), key: (call.body as { key: string }).key }));

describe('document viewer', () => {
  it('should show a photo as a thumbnail fetched inline and open it full size, closing on Escape', async () => {
    const server = reviewServer('customs1');
    const app = renderApp('/dashboard/customs/truck-documentation/7');
    const thumb = await screen.findByRole('img', { name: 'Photo 1' });
    expect(thumb).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(shown(server)).toEqual([{ inline: '1', key: 'key-photo1.jpg' }]);
    await app.user.click(screen.getByRole('button', { name: 'View Photo 1 full size' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo 1' });
    expect(within(dialog).getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', thumb.getAttribute('src'));
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Photo 1' })).not.toBeInTheDocument());
    // Focus goes back once the modal's closing transition ended.
    await waitFor(() => expect(screen.getByRole('button', { name: 'View Photo 1 full size' })).toHaveFocus());
  });

  it('should show a PDF in the page when asked, from the inline answer, for an admin too', async () => {
    const server = reviewServer('admin');
    server.on('GET /api/invoices/:id/ticket', () => ({ status: 200, body: { invoices: [] } }));
    const app = renderApp('/dashboard/admin/ta-invoice/7');
    await app.user.click(await screen.findByRole('button', { name: 'View Sales invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sales invoice' });
    const frame = await within(dialog).findByTitle('Sales invoice');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(within(dialog).getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute(
      'href',
      frame.getAttribute('src'),
    );
    expect(shown(server)).toContainEqual({ inline: '1', key: 'key-invoice.pdf' });
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sales invoice' })).not.toBeInTheDocument());
    // The object URL goes with the viewer.
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith(frame.getAttribute('src')));
  });

  it("should show the provider invoice's PDF and the payment voucher's photo on the admin's page", async () => {
    const server = reviewServer('admin');
    server.on('GET /api/invoices/:id/ticket', () => ({
      status: 200,
      body: {
        invoices: [
          {
            ...INVOICE,
            paymentNumber: 'PAY-1',
            paymentDate: '2026-03-13',
            paymentFile: { key: 'key-voucher.jpg', name: 'voucher.jpg' },
          },
        ],
      },
    }));
    const app = renderApp('/dashboard/admin/ta-invoice/7');
    // The voucher photo is a thumbnail, fetched inline like the supplier's photos.
    const voucher = await screen.findByRole('img', { name: 'Payment voucher' });
    expect(voucher).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(shown(server)).toContainEqual({ inline: '1', key: 'key-voucher.jpg' });
    // The invoice PDF opens in the page.
    await app.user.click(screen.getByRole('button', { name: 'View TA invoice PDF' }));
    const dialog = await screen.findByRole('dialog', { name: 'TA invoice PDF' });
    expect(await within(dialog).findByTitle('TA invoice PDF')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(shown(server)).toContainEqual({ inline: '1', key: 'key-ta.pdf' });
  });

  it('should say a document could not be loaded when the server refuses it', async () => {
    reviewServer('customs1', () => 404);
    const app = renderApp('/dashboard/customs/truck-documentation/7');
    expect(await screen.findByLabelText('Photo 1 could not be loaded', {})).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'View Sales invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sales invoice' });
    expect(
      await within(dialog).findByText('This document could not be loaded. Try again, or download it.'),
    ).toBeInTheDocument();
  });
});
