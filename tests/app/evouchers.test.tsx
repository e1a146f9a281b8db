import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EvoucherView } from '../../src/shared/schemas/evoucher';
import { USERS, installFakeServer, storeSession } from './fake-server';
import { renderApp } from './render';

const voucher = (ticketId: number, priced: boolean): EvoucherView => ({
  ticketId,
  deliveredAt: '2026-11-10T18:00:00.000Z',
  withdrawalDate: '2026-11-08T16:00:00.000Z',
  carrier: { id: 40, businessName: 'Rápidos del Norte', mode: 'TRUCK' },
  supplier: { id: 30, businessName: 'Chatarras Monterrey' },
  origin: { id: 1, name: 'South Chicago Yard', city: 'Chicago, IL' },
  destination: { id: 2, name: 'Monterrey Steel Mill' },
  equipment: 'TRK48110',
  netWeight: '46500.00',
  contract: priced
    ? { id: 7, description: 'Truck freight 2026', price: '2450.00', from: '2026-01-01', to: '2026-12-31' }
    : null,
  amount: priced ? '2450.00' : null,
});

function evoucherServer(list: EvoucherView[]) {
  const server = installFakeServer();
  server.on('GET /api/evouchers', () => ({ status: 200, body: { evouchers: list, count: list.length } }));
  server.on('GET /api/carriers', () => ({
    status: 200,
    body: {
      carriers: [{ id: 40, businessName: 'Rápidos del Norte', mode: 'TRUCK', category: 1, enabledForAlgorithm: true }],
    },
  }));
  const inner = globalThis.fetch;
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      urls.push(String(input));
      if (String(input).includes('/pdf')) {
        return new Response(new Blob(['%PDF-1.7 voucher']), {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="tripID-9-evoucher-2026-11-10.pdf"',
          },
        });
      }
      return inner(input, init);
    }),
  );
  return { server, urls };
}

const cards = async () => within(await screen.findByRole('list', { name: 'E-vouchers' })).getAllByRole('listitem');

describe('e-voucher screens', () => {
  it('should show an admin each voucher with its contract and amount, and flag a trip without contract', async () => {
    evoucherServer([voucher(9, true), voucher(8, false)]);
    storeSession(USERS.admin);
    renderApp('/dashboard/admin/evouchers');
    const [priced, unpriced] = await cards();
    expect(priced).toHaveTextContent('Trip #9');
    expect(priced).toHaveTextContent('#7 Truck freight 2026');
    expect(priced).toHaveTextContent('US$2,450.00');
    // The day with its month named; the year once it is not this one.
    expect(priced).toHaveTextContent(/Delivered Nov 10(, 2026)?\b/);
    expect(priced).toHaveTextContent('46,500.00 lbs');
    expect(priced).toHaveTextContent('Rápidos del Norte');
    expect(unpriced).toHaveTextContent('No contract');
  });

  it('should filter by carrier from the drawer', async () => {
    const { urls } = evoucherServer([voucher(9, true)]);
    storeSession(USERS.admin);
    const app = renderApp('/dashboard/admin/evouchers');
    await cards();
    await app.user.click(screen.getByRole('button', { name: 'Filters' }));
    await app.user.click(
      within(await screen.findByRole('dialog', { name: 'Filters' })).getByLabelText('Carrier', { selector: 'input' }),
    );
    await app.user.click(await screen.findByRole('option', { name: 'Rápidos del Norte' }));
    await waitFor(() =>
      expect(urls.some((u) => u.startsWith('/api/evouchers?') && u.includes('carrierId=40'))).toBe(true),
    );
  });

  it('should let a carrier download its voucher PDF in its language, with no carrier filter', async () => {
    const { urls } = evoucherServer([voucher(9, true)]);
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:voucher');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    storeSession(USERS.carrier1);
    const app = renderApp('/dashboard/carrier/evouchers');
    const [card] = await cards();
    expect(card).not.toHaveTextContent('Rápidos del Norte');
    await app.user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Filters' })).queryByLabelText('Carrier', { selector: 'input' }),
    ).not.toBeInTheDocument();
    await app.user.click(within(card!).getByRole('button', { name: 'Download PDF e-voucher of trip 9' }));
    await waitFor(() => expect(saved).toEqual(['tripID-9-evoucher-2026-11-10.pdf']));
    // In its language, and with this device's time zone for the voucher's dates and pickup time.
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(urls).toContain(`/api/evouchers/9/pdf?${new URLSearchParams({ lang: 'en', tz }).toString()}`);
  });

  it('should say when there are no vouchers yet', async () => {
    evoucherServer([]);
    storeSession(USERS.carrier1);
    renderApp('/dashboard/carrier/evouchers');
    expect(await screen.findByText('No e-vouchers to show', {})).toBeInTheDocument();
  });
});
