import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/app/offline/db';
import { listItems } from '../../src/app/offline/outbox';
import { installFakeServer } from './fake-server';
import { renderApp } from './render';
import { formatDateTime } from '../../src/app/features/tickets/ticket-format';
import { carrierRapido, makeTicket, serveTickets, signedInAs, ticketListQueries } from './tickets-fixtures';

/** Wednesday 11 March 2026, 16:50 on this machine's clock: today keeps 17:30 and 17:45 only. */
const NOW = new Date(2026, 2, 11, 16, 50);

function carrierServer() {
  const server = installFakeServer();
  const tickets = [makeTicket(42), makeTicket(43, { status: 'CONFIRMED' }), makeTicket(44, { status: 'TA_INVOICED' })];
  serveTickets(server, tickets);
  server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: [] } }));
  signedInAs(server, carrierRapido);
  return server;
}

describe('carrier tickets', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should show the offer actions and TRANSIT for invoiced tickets', async () => {
    carrierServer();
    renderApp('/dashboard/carrier');
    const card42 = (await screen.findByRole('link', { name: /^Trip #42\b/ })).closest(
      '[data-ticket-id]',
    ) as HTMLElement;
    expect(within(card42).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    const card43 = screen.getByRole('link', { name: /^Trip #43\b/ }).closest('[data-ticket-id]') as HTMLElement;
    expect(within(card43).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(within(card43).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    const card44 = screen.getByRole('link', { name: /^Trip #44\b/ });
    expect(within(card44).getByText('Transit')).toBeInTheDocument();
    expect(ticketListQueries()[0]?.get('limit')).toBe('50');
  });

  it('should offer only valid withdrawal slots and send the ISO instant with the offset', async () => {
    const server = carrierServer();
    server.on('PUT /api/tickets/:id/confirm', () => ({
      status: 200,
      body: { ticket: makeTicket(42, { status: 'CONFIRMED' }) },
    }));
    const app = renderApp('/dashboard/carrier');
    const card = (await screen.findByRole('link', { name: /^Trip #42\b/ })).closest('[data-ticket-id]') as HTMLElement;
    await app.user.click(within(card).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept trip #42' });

    // Today, the next two business days; never the weekend, yesterday or the day after the window.
    expect(within(dialog).getByRole('button', { name: 'Wednesday 11 March 2026' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Thursday 12 March 2026' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Friday 13 March 2026' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Tuesday 10 March 2026' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Saturday 14 March 2026' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Monday 16 March 2026' })).toBeDisabled();

    // Today's list starts 30 minutes ahead on the quarter hour.
    const time = within(dialog).getByRole('combobox', { name: 'Withdrawal time' });
    await app.user.click(time);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent?.replace(/\s/g, ' '))).toEqual([
      '5:30 PM',
      '5:45 PM',
    ]);
    await app.user.keyboard('{Escape}');

    await app.user.click(within(dialog).getByRole('button', { name: 'Thursday 12 March 2026' }));
    await app.user.click(time);
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(36);
    expect(options[0]).toHaveTextContent('9:00 AM');
    expect(options.at(-1)).toHaveTextContent('5:45 PM');
    await app.user.click(screen.getByRole('option', { name: /^9:15\sAM$/ }));
    // The slots are this device's time: the list and the summary name its time zone.
    const zone = /^Times in (\S+), the time zone of this device$/.exec(
      within(dialog).getByText(/^Times in /).textContent ?? '',
    )?.[1];
    expect(zone).toBeTruthy();
    expect(within(dialog).getByText(`Pickup: Thursday, Mar 12, 9:15 AM ${zone}`)).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(server.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = server.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/tickets/42/confirm');
    expect(put.body).toEqual({
      ticket: { withdrawalDate: new Date(2026, 2, 12, 9, 15).toISOString(), timezone: new Date().getTimezoneOffset() },
    });
    expect(put.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(put.headers.get('X-Queued-At')).toBe(NOW.toISOString());
    expect(await screen.findByText(/Trip ID 42 accepted/)).toBeInTheDocument();
  });

  it('should keep an accept made offline in the outbox with its queued time and show it in the header', async () => {
    const server = carrierServer();
    const app = renderApp('/dashboard/carrier');
    const card = (await screen.findByRole('link', { name: /^Trip #42\b/ })).closest('[data-ticket-id]') as HTMLElement;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByRole('status', { name: 'Offline' })).toBeInTheDocument();
    await app.user.click(within(card).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept trip #42' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText(/No connection: saved in the outbox/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Outbox: 1 waiting to be sent' })).toBeInTheDocument();
    // The card says the accept is on its way and does not offer it a second time.
    expect(await within(card).findByText('Accept waiting to be sent')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'PUT')).toBe(false);
    const [item] = await listItems(carrierRapido.id);
    expect(item).toMatchObject({
      kind: 'accept',
      ticketId: 42,
      queuedAt: NOW.toISOString(),
      request: { method: 'PUT', path: '/tickets/42/confirm', headers: { 'X-Queued-At': NOW.toISOString() } },
    });
    await db.outbox.clear();
    vi.restoreAllMocks();
    window.dispatchEvent(new Event('online'));
  });

  it("should show the server's message when the accept is refused", async () => {
    const server = carrierServer();
    server.on('PUT /api/tickets/:id/confirm', () => ({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'Ticket 42 is CONFIRMED; it cannot be accepted' },
    }));
    const app = renderApp('/dashboard/carrier');
    const card = (await screen.findByRole('link', { name: /^Trip #42\b/ })).closest('[data-ticket-id]') as HTMLElement;
    await app.user.click(within(card).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept trip #42' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect((await screen.findAllByText('Ticket 42 is CONFIRMED; it cannot be accepted')).length).toBeGreaterThan(0);
  });

  it('should require a reason to decline and send it', async () => {
    const server = carrierServer();
    server.on('PUT /api/tickets/:id/decline', () => ({ status: 200, body: { ticket: makeTicket(43) } }));
    const app = renderApp('/dashboard/carrier');
    const card = (await screen.findByRole('link', { name: /^Trip #43\b/ })).closest('[data-ticket-id]') as HTMLElement;
    await app.user.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline trip #43' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'PUT')).toBe(false);

    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Truck broke down');
    await app.user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText(/Trip ID 43 declined/)).toBeInTheDocument();
    const put = server.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/tickets/43/decline');
    expect(put.body).toEqual({ ticket: { reason: 'Truck broke down' } });
  });

  it('should pass on an offer from its card with a required reason, sent trimmed', async () => {
    const server = carrierServer();
    server.on('PUT /api/tickets/:id/pass', () => ({ status: 200, body: { ticket: makeTicket(42) } }));
    const app = renderApp('/dashboard/carrier');
    const card = (await screen.findByRole('link', { name: /^Trip #42\b/ })).closest('[data-ticket-id]') as HTMLElement;
    // Only the offer waiting for an answer can be passed on; the confirmed ticket keeps its decline.
    const card43 = screen.getByRole('link', { name: /^Trip #43\b/ }).closest('[data-ticket-id]') as HTMLElement;
    expect(within(card43).queryByRole('button', { name: /Pass/ })).not.toBeInTheDocument();
    await app.user.click(within(card).getByRole('button', { name: 'Pass on the offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pass on trip #42' });
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '   ');
    await app.user.click(within(dialog).getByRole('button', { name: 'Pass on the offer' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'PUT')).toBe(false);

    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'No truck near Chicago  ');
    await app.user.click(within(dialog).getByRole('button', { name: 'Pass on the offer' }));
    expect(await screen.findByText(/You passed on trip ID 42/)).toBeInTheDocument();
    const put = server.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/tickets/42/pass');
    expect(put.body).toEqual({ ticket: { reason: 'No truck near Chicago' } });
    expect(put.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    [42, 'Pass on the offer', 'Pass on trip #42'],
    [43, 'Decline', 'Decline trip #43'],
  ])('should refuse a reason longer than 500 characters without cutting it (%s, %s)', async (id, button, title) => {
    const server = carrierServer();
    const app = renderApp('/dashboard/carrier');
    const card = (await screen.findByRole('link', { name: new RegExp(`^Trip #${id}\\b`) })).closest(
      '[data-ticket-id]',
    ) as HTMLElement;
    await app.user.click(within(card).getByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog', { name: title });
    const field = within(dialog).getByRole('textbox', { name: 'Reason' });
    await app.user.click(field);
    await app.user.paste('x'.repeat(501));
    expect(field).toHaveValue('x'.repeat(501));
    await app.user.click(within(dialog).getByRole('button', { name: button }));
    expect(await within(dialog).findByText(/500/)).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('should keep a typed reason when the session ends, and drop it on Cancel', async () => {
    carrierServer();
    const app = renderApp('/dashboard/carrier');
    const openDecline = async () => {
      const card = (await screen.findByRole('link', { name: /^Trip #43\b/ })).closest(
        '[data-ticket-id]',
      ) as HTMLElement;
      await app.user.click(within(card).getByRole('button', { name: 'Decline' }));
      return within(await screen.findByRole('dialog', { name: 'Decline trip #43' })).getByRole('textbox', {
        name: 'Reason',
      });
    };
    await app.user.type(await openDecline(), 'Truck broke down near Laredo');

    // Midnight: the session ends and the page unmounts with the dialog open; signed in again, the
    // carrier opens the same decline and finds the reason as typed.
    app.unmount();
    const again = renderApp('/dashboard/carrier');
    const card = (await screen.findByRole('link', { name: /^Trip #43\b/ })).closest('[data-ticket-id]') as HTMLElement;
    await again.user.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline trip #43' });
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Truck broke down near Laredo');

    // Cancel means the carrier changed their mind: the next decline starts empty.
    await again.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await again.user.click(within(card).getByRole('button', { name: 'Decline' }));
    const reopened = await screen.findByRole('dialog', { name: 'Decline trip #43' });
    expect(within(reopened).getByRole('textbox', { name: 'Reason' })).toHaveValue('');
  });

  it('should keep a pass made offline in the outbox and say so on the card', async () => {
    const server = carrierServer();
    const app = renderApp('/dashboard/carrier');
    const card = (await screen.findByRole('link', { name: /^Trip #42\b/ })).closest('[data-ticket-id]') as HTMLElement;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByRole('status', { name: 'Offline' })).toBeInTheDocument();
    await app.user.click(within(card).getByRole('button', { name: 'Pass on the offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pass on trip #42' });
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'No driver');
    await app.user.click(within(dialog).getByRole('button', { name: 'Pass on the offer' }));
    expect(await screen.findByText(/No connection: saved in the outbox/)).toBeInTheDocument();
    expect(await within(card).findByText('Pass waiting to be sent')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Pass on the offer' })).not.toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'PUT')).toBe(false);
    const [item] = await listItems(carrierRapido.id);
    expect(item).toMatchObject({
      kind: 'pass',
      ticketId: 42,
      request: { method: 'PUT', path: '/tickets/42/pass', json: { ticket: { reason: 'No driver' } } },
    });
    await db.outbox.clear();
    vi.restoreAllMocks();
    window.dispatchEvent(new Event('online'));
  });

  it("should show the spec's toast when the decline fails", async () => {
    const server = carrierServer();
    server.on('PUT /api/tickets/:id/decline', () => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal', message: 'boom' },
    }));
    const app = renderApp('/dashboard/carrier');
    const card = (await screen.findByRole('link', { name: /^Trip #43\b/ })).closest('[data-ticket-id]') as HTMLElement;
    await app.user.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline trip #43' });
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'No driver');
    await app.user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Error declining the request')).toBeInTheDocument();
  });

  it('should show the ticket page with its offer history and the accept action', async () => {
    const server = carrierServer();
    const ticket = makeTicket(42);
    ticket.ticketAssignments.unshift({
      id: 1,
      status: { name: 'REJECTED' },
      carrier: { id: 9, businessName: 'Old Road Trucking', mode: 'TRUCK' },
      reason: 'expired',
      manual: false,
      createdAt: '2026-03-09T15:04:00.000Z',
      respondedAt: '2026-03-10T05:17:00.000Z',
    });
    server.on('GET /api/tickets/:id', () => ({ status: 200, body: { ticket } }));
    renderApp('/dashboard/carrier/ticket?id=42');
    expect(await screen.findByRole('heading', { name: 'Trip #42' })).toBeInTheDocument();
    expect(screen.getByText('Old Road Trucking')).toBeInTheDocument();
    expect(screen.getByText('Reason: No answer in time')).toBeInTheDocument();
    expect(screen.getByText('Withdrawn')).toBeInTheDocument();
    expect(screen.getByText('Offered')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pass on the offer' })).toBeInTheDocument();
  });

  it('should show when each offer was made and when it was answered, not the offer time twice', async () => {
    const ticket = makeTicket(42);
    ticket.ticketAssignments.unshift({
      id: 1,
      status: { name: 'DECLINED' },
      carrier: { id: 9, businessName: 'Old Road Trucking', mode: 'TRUCK' },
      reason: 'No truck that day',
      manual: false,
      createdAt: '2026-03-09T09:12:00.000Z',
      respondedAt: '2026-03-10T05:17:00.000Z',
    });
    const server = installFakeServer();
    server.on('GET /api/tickets/:id', () => ({ status: 200, body: { ticket } }));
    server.on('GET /api/tickets', () => ({ status: 200, body: { tickets: [ticket], count: 1 } }));
    signedInAs(server, carrierRapido);
    renderApp('/dashboard/carrier/ticket?id=42');
    expect(await screen.findByRole('heading', { name: 'Trip #42' })).toBeInTheDocument();
    const declined = screen.getByText('Reason: No truck that day').closest('.mantine-Timeline-item') as HTMLElement;
    // toHaveTextContent folds the page's white space (Intl's narrow space before AM) but not the expected text's.
    const folded = (text: string) => text.replace(/\s+/g, ' ');
    expect(declined).toHaveTextContent(folded(`Truck · Offered ${formatDateTime('2026-03-09T09:12:00.000Z')}`));
    expect(within(declined).getByTestId('offer-answered')).toHaveTextContent(
      folded(`Declined ${formatDateTime('2026-03-10T05:17:00.000Z')}`),
    );
    // The waiting offer has no answer time yet.
    const waiting = screen.getByText('Offered').closest('.mantine-Timeline-item') as HTMLElement;
    expect(within(waiting).queryByTestId('offer-answered')).not.toBeInTheDocument();
  });
});
