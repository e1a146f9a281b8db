/**
 * Each role's home opens on the work waiting for that user (issue 27, B6): the carrier's offers with
 * the time left and its pickups by local day, the supplier's confirmed tickets needing documentation
 * and what was refused, the admin's invoice and payment work tiles; delivered and cancelled tickets
 * leave the home lists, and another page starts at the top of the list.
 */
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/app/offline/db';
import { makeItem, putItem, updateItem } from '../../src/app/offline/outbox';
import type { Ticket } from '../../src/app/features/tickets/types';
import { USERS, installFakeServer } from './fake-server';
import { renderApp } from './render';
import {
  COUNTS,
  carrierRapido,
  makeTicket,
  pretendDesktop,
  serveTickets,
  signedInAs,
  supplierWithYards,
  ticketListQueries,
} from './tickets-fixtures';

/** Wednesday 11 March 2026, 10:00 on this machine's clock. */
const NOW = new Date(2026, 2, 11, 10, 0);
const minutesAgo = (n: number) => new Date(NOW.getTime() - n * 60_000).toISOString();
const at = (day: number, hour: number) => new Date(2026, 2, day, hour, 0).toISOString();

/** A PENDING offer to Rápido made `offeredMinutesAgo` minutes before NOW. */
function offer(id: number, offeredMinutesAgo: number): Ticket {
  const ticket = makeTicket(id);
  return {
    ...ticket,
    ticketAssignments: ticket.ticketAssignments.map((a) => ({ ...a, createdAt: minutesAgo(offeredMinutesAgo) })),
  };
}
const confirmed = (id: number, withdrawalDate: string): Ticket => ({
  ...makeTicket(id, { status: 'CONFIRMED' }),
  withdrawalDate,
});
const delivered = (id: number): Ticket => makeTicket(id, { status: 'DELIVERED' });

const cardOf = (section: HTMLElement, id: number) =>
  within(section)
    .getByRole('link', { name: `Trip #${id}` })
    .closest('[data-ticket-id]') as HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(async () => {
  vi.useRealTimers();
  await db.outbox.clear();
});

describe("the carrier's home", () => {
  function carrierHome(tickets: Ticket[], hours = 3) {
    const server = installFakeServer();
    serveTickets(server, tickets);
    server.on('GET /api/configurations/offer-window', () => ({ status: 200, body: { hours } }));
    server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: [] } }));
    signedInAs(server, carrierRapido);
    return renderApp('/dashboard/carrier');
  }

  it('should open on the offers waiting for an answer, with the time left and the clock time of its zone', async () => {
    // Eight delivered tickets are newer than the offers: the offers still come first.
    carrierHome([...[50, 51, 52, 53, 54, 55, 56, 57].map(delivered), offer(42, 50), offer(41, 160)]);
    const section = await screen.findByTestId('work-offers', {});
    await waitFor(() => expect(within(section).getByTestId('work-offers-count')).toHaveTextContent('2'));
    const first = cardOf(section, 42);
    expect(within(first).getByTestId('time-left')).toHaveTextContent(/^2 h 10 min left · Answer by 12:10 PM \S+/);
    expect(within(first).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    // 20 minutes left: still open, said in minutes.
    expect(within(cardOf(section, 41)).getByTestId('time-left')).toHaveTextContent(/^20 min left/);
    expect(within(section).queryByRole('link', { name: 'Trip #50' })).not.toBeInTheDocument();
  });

  it('should say when an offer has no time limit and when its time is up', async () => {
    carrierHome([offer(42, 50)], 0);
    const section = await screen.findByTestId('work-offers', {});
    await waitFor(() => expect(within(section).getByTestId('time-left')).toHaveTextContent('No time limit to answer'));
  });

  it('should say the offer is moving on once its time is up', async () => {
    carrierHome([offer(42, 200)], 3);
    const section = await screen.findByTestId('work-offers', {});
    await waitFor(() =>
      expect(within(section).getByTestId('time-left')).toHaveTextContent(
        /^Time is up: it moves on to the next carrier/,
      ),
    );
  });

  it("should list today's and tomorrow's pickups apart, by the local day of the withdrawal", async () => {
    carrierHome([
      confirmed(60, at(11, 15)),
      confirmed(61, at(12, 9)),
      confirmed(62, at(12, 16)),
      confirmed(63, at(13, 9)),
      confirmed(64, at(10, 9)),
    ]);
    const today = await screen.findByTestId('work-pickups-today', {});
    await waitFor(() => expect(within(today).getByTestId('work-pickups-today-count')).toHaveTextContent('1'));
    expect(within(cardOf(today, 60)).getByTestId('pickup-time')).toHaveTextContent(
      /Pickup Wednesday, Mar 11, 3:00 PM \S+/,
    );
    const tomorrow = screen.getByTestId('work-pickups-tomorrow');
    expect(
      within(tomorrow)
        .getAllByRole('listitem')
        .map((card) => card.dataset.ticketId),
    ).toEqual(['61', '62']);
    expect(
      within(screen.getByTestId('work-pickups-later')).getByRole('link', { name: 'Trip #63' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByTestId('work-pickups-overdue')).getByRole('link', { name: 'Trip #64' }),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('work-offers')).getByText('No offer is waiting for you.')).toBeInTheDocument();
  });

  it('should find an offer by a search on the home, in the list, with the sections out of the way', async () => {
    const app = carrierHome([offer(42, 10), makeTicket(44, { status: 'TA_INVOICED' })]);
    await screen.findByTestId('work-offers', {});
    await app.user.type(screen.getByRole('textbox', { name: 'Search text' }), '42{Enter}');
    const card = (await screen.findByRole('link', { name: /^Trip #42\b/ })).closest('[data-ticket-id]') as HTMLElement;
    expect(within(card).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(screen.queryByTestId('carrier-work')).not.toBeInTheDocument();
    const searched = ticketListQueries().find((query) => query.get('ticketId') === '42')!;
    expect(searched.getAll('statusName')).toEqual([
      'PENDING',
      'CONFIRMED',
      'SUPPLIER_INVOICED',
      'TA_INVOICED',
      'MX_TRANSIT',
    ]);
  });

  it('should leave delivered and cancelled tickets out of the home list (they are under All tickets)', async () => {
    carrierHome([offer(42, 10), delivered(50)]);
    await screen.findByTestId('work-offers', {});
    await waitFor(() => expect(ticketListQueries().length).toBeGreaterThanOrEqual(3));
    for (const query of ticketListQueries()) {
      expect(query.getAll('statusName')).not.toContain('DELIVERED');
      expect(query.getAll('statusName')).not.toContain('CANCELED');
    }
    expect(screen.queryByRole('link', { name: 'Trip #50' })).not.toBeInTheDocument();
  });
});

describe("the supplier's home", () => {
  function supplierHome(tickets: Ticket[], path = '/dashboard/suppliers') {
    const server = installFakeServer();
    serveTickets(server, tickets);
    server.on('GET /api/carriers', () => ({ status: 200, body: { carriers: [] } }));
    server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: [] } }));
    signedInAs(server, supplierWithYards);
    return renderApp(path);
  }
  const invoiced = (id: number) => makeTicket(id, { status: 'SUPPLIER_INVOICED' });

  it('should open on the confirmed tickets needing documentation, with the button that loads it', async () => {
    // Seven invoiced tickets are newer than the three confirmed ones: page 1 of the list holds none.
    supplierHome([
      ...[80, 81, 82, 83, 84, 85, 86].map(invoiced),
      ...[70, 71, 72].map((id) => confirmed(id, at(12, 9))),
    ]);
    const section = await screen.findByTestId('work-documentation', {});
    await waitFor(() => expect(within(section).getByTestId('work-documentation-count')).toHaveTextContent('3'));
    for (const id of [70, 71, 72]) {
      const link = within(cardOf(section, id)).getByRole('link', { name: 'Load documentation' });
      expect(link).toHaveAttribute('href', '/dashboard/suppliers/truck-documentation');
    }
    expect(within(section).queryByRole('link', { name: 'Trip #80' })).not.toBeInTheDocument();
  });

  it('should show as refused the requests no carrier took and the writes the server refused', async () => {
    const item = makeItem({
      userId: supplierWithYards.id,
      kind: 'documentation',
      ticketId: 73,
      request: { method: 'POST', path: '/trucks-documentation' },
      draft: { mode: 'TRUCK', values: {}, fileSlots: [] },
    });
    await putItem(item);
    await updateItem(item.id, { state: 'refused', lastStatus: 409, lastError: 'Ticket 73 is SUPPLIER_INVOICED' });
    supplierHome([makeTicket(90, { offer: null }), makeTicket(91), confirmed(73, at(12, 9))]);
    const section = await screen.findByTestId('work-refused', {});
    await waitFor(() => expect(within(section).getByTestId('work-refused-count')).toHaveTextContent('2'));
    expect(within(section).getByText('No carrier took these requests')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Trip #90' })).toBeInTheDocument();
    // Still offered to a carrier: not refused.
    expect(within(section).queryByRole('link', { name: 'Trip #91' })).not.toBeInTheDocument();
    expect(within(section).getByTestId('work-refused-outbox')).toHaveTextContent('Truck documentation · Trip ID 73');
    expect(within(section).getByRole('button', { name: 'Fix or discard in the outbox' })).toBeInTheDocument();
    // Its documentation waits in the outbox: not asked for again.
    expect(within(screen.getByTestId('work-documentation')).queryByRole('link', { name: 'Trip #73' })).toBeNull();
  });

  it('should start another page at the top of the list, without the work sections', async () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const app = supplierHome([...Array.from({ length: 12 }, (_, i) => invoiced(100 + i))]);
    await screen.findByRole('link', { name: /^Trip #100\b/ });
    expect(scrolled).not.toHaveBeenCalled();
    await app.user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('link', { name: /^Trip #110\b/ });
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(screen.getByTestId('list-top'));
    expect(screen.queryByTestId('supplier-work')).not.toBeInTheDocument();
  });
});

describe("the admin's home", () => {
  it('should count documentation waiting for a provider invoice and invoices waiting for a voucher, each a link to them', async () => {
    pretendDesktop();
    const server = installFakeServer();
    const invoice = { id: 1, number: 'TA-1', date: '2026-03-01', borderCrossingId: 1, sapValidationStatus: 'pending' };
    serveTickets(server, [
      { ...makeTicket(20, { status: 'TA_INVOICED' }), invoice: { ...invoice, paymentDate: null } },
      { ...makeTicket(21, { status: 'DELIVERED' }), invoice: { ...invoice, paymentDate: null } },
      { ...makeTicket(22, { status: 'DELIVERED' }), invoice: { ...invoice, paymentDate: '2026-03-05' } },
      makeTicket(23, { status: 'SUPPLIER_INVOICED' }),
    ]);
    server.on('GET /api/tickets/count/states', () => ({ status: 200, body: COUNTS }));
    server.on('GET /api/carriers', () => ({ status: 200, body: { carriers: [] } }));
    server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: [] } }));
    signedInAs(server, USERS.admin);
    const app = renderApp('/dashboard/admin/ongoing');
    const tiles = await screen.findByTestId('work-tiles', {});
    const invoiceTile = within(tiles).getByRole('link', { name: /Documentation waiting for a provider invoice/ });
    await waitFor(() => expect(invoiceTile).toHaveTextContent(/^5/));
    expect(invoiceTile).toHaveAttribute('href', '/dashboard/admin/ongoing?status=SUPPLIER_INVOICED');
    const paymentTile = within(tiles).getByRole('link', { name: /Invoices waiting for a payment voucher/ });
    await waitFor(() => expect(paymentTile).toHaveTextContent(/^2/));

    await app.user.click(paymentTile);
    // The table names each trip by its id: the invoiced ones without a voucher, delivered or not.
    const table = await screen.findByRole('table', { name: 'Tickets' });
    await within(table).findByRole('link', { name: '#21' });
    expect(within(table).getByRole('link', { name: '#20' })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: '#22' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: '#23' })).not.toBeInTheDocument();
    expect(screen.getByText('Waiting for a payment voucher')).toBeInTheDocument();
    expect(paymentTile).toHaveAttribute('aria-current', 'page');
    const asked = ticketListQueries().at(-1)!;
    expect(asked.get('unpaid')).toBe('true');
    expect(asked.getAll('statusName')).toEqual(['TA_INVOICED', 'MX_TRANSIT', 'DELIVERED']);
  });
});
