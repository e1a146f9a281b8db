/**
 * The customs home and documentation lists open on the work waiting: the agent's unread documentation
 * first, with its count (GET /tickets?customsRead=false), then the tickets still at the border; delivered
 * ones are a status filter away; changing page brings the list's top into view.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketStatus } from '../../src/shared/domain/ticket-status';
import { USERS, installFakeServer, type FakeRequest } from './fake-server';
import { renderApp } from './render';
import { CARRIERS, DESTINATIONS, makeTicket, signedInAs } from './tickets-fixtures';

const invoiced = (id: number, status: TicketStatus, customsRead: boolean) => ({
  ...makeTicket(id, { status }),
  invoice: { id, number: `TA-${id}`, date: '2026-03-13' },
  truckDocumentation: { id, invoiceNumber: `INV-${id}`, carEquipment: `TRK${id}00` },
  customsRead,
});

const UNREAD = [invoiced(3, 'TA_INVOICED', false), invoiced(4, 'MX_TRANSIT', false)];
const AT_THE_BORDER = [invoiced(6, 'TA_INVOICED', true), ...UNREAD];

function customsServer({ unreadCount = UNREAD.length, homeCount = AT_THE_BORDER.length } = {}) {
  const server = installFakeServer();
  server.on('GET /api/tickets', (request) => {
    const unread = request.query.get('customsRead') === 'false';
    const tickets = unread ? UNREAD : AT_THE_BORDER;
    return { status: 200, body: { tickets, count: unread ? unreadCount : homeCount } };
  });
  server.on('GET /api/carriers', () => ({ status: 200, body: { carriers: CARRIERS } }));
  server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: DESTINATIONS } }));
  signedInAs(server, USERS.customs1);
  return server;
}

const listRequests = (server: ReturnType<typeof customsServer>) =>
  server.calls.filter((call) => call.method === 'GET' && call.path === '/api/tickets');
const isUnread = (call: FakeRequest) => call.query.get('customsRead') === 'false';

describe('customs home', () => {
  const scrolled = vi.fn();
  const noScroll = HTMLElement.prototype.scrollIntoView;
  beforeEach(() => {
    HTMLElement.prototype.scrollIntoView = scrolled;
  });
  afterEach(() => {
    HTMLElement.prototype.scrollIntoView = noScroll;
    scrolled.mockReset();
  });

  it('should open on the unread documentation with its count, oldest first, then the tickets at the border', async () => {
    const server = customsServer();
    renderApp('/dashboard/customs');
    const section = (await screen.findByRole('region', { name: 'Unread documentation' }))!;
    expect(await within(section).findByLabelText('2 unread')).toHaveTextContent('2');
    expect(within(section).getByRole('link', { name: 'Open documentation of trip 3' })).toHaveAttribute(
      'href',
      '/dashboard/customs/truck-documentation/3',
    );
    const unread = listRequests(server).find(isUnread)!;
    expect(unread.query.getAll('statusName')).toEqual(['TA_INVOICED', 'MX_TRANSIT']);
    expect(unread.query.get('orderBy')).toBe('ASC');
    // The list below holds the work still at the border: delivered tickets have left it.
    const home = listRequests(server).find((call) => !isUnread(call))!;
    expect(home.query.getAll('statusName')).toEqual(['TA_INVOICED', 'MX_TRANSIT']);
    // In the list below, the unread tickets say so beside their trip id; a read one does not.
    const row = (id: number) => document.querySelector(`[data-ticket-id="${id}"]`) as HTMLElement;
    await waitFor(() => expect(row(3)).not.toBeNull());
    expect(within(row(3)).getByText('New')).toBeInTheDocument();
    expect(within(row(4)).getByText('New')).toBeInTheDocument();
    expect(within(row(6)).queryByText('New')).not.toBeInTheDocument();
  });

  it('should keep delivered tickets one status filter away', async () => {
    // The status filter's Delivered option, as the list keeps it in the URL.
    const server = customsServer();
    renderApp('/dashboard/customs?status=DELIVERED');
    await screen.findByRole('region', { name: 'Unread documentation' });
    await waitFor(() =>
      expect(
        listRequests(server).some((call) => !isUnread(call) && call.query.getAll('statusName').join() === 'DELIVERED'),
      ).toBe(true),
    );
  });

  it("should bring the unread list's top into view when its page changes", async () => {
    const server = customsServer({ unreadCount: 12 });
    const app = renderApp('/dashboard/customs');
    const section = await screen.findByRole('region', { name: 'Unread documentation' });
    await within(section).findByLabelText('12 unread');
    await app.user.click(within(section).getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(listRequests(server).some((call) => isUnread(call) && call.query.get('page') === '2')).toBe(true),
    );
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(section);
  });

  it("should bring the ticket list's top into view when its page changes", async () => {
    const server = customsServer({ homeCount: 120 });
    const app = renderApp('/dashboard/customs');
    await screen.findByRole('region', { name: 'Unread documentation' });
    const pagers = await screen.findAllByTestId('pager');
    await app.user.click(within(pagers.at(-1)!).getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(listRequests(server).some((call) => !isUnread(call) && call.query.get('page') === '2')).toBe(true),
    );
    expect(scrolled).toHaveBeenCalledTimes(1);
    // The list itself, below the unread section: its first row is the new page's first.
    const list = scrolled.mock.contexts[0] as HTMLElement;
    expect(within(list).getAllByRole('link', { name: /3/ }).length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: 'Unread documentation' }).contains(list)).toBe(false);
  });
});

describe('customs documentation lists', () => {
  it('should put the unread documentation of the mode first and filter the list by unread', async () => {
    const server = customsServer();
    const app = renderApp('/dashboard/customs/truck-documentation');
    const section = await screen.findByRole('region', { name: 'Unread documentation' });
    expect(await within(section).findByLabelText('2 unread')).toBeInTheDocument();
    expect(listRequests(server).find(isUnread)!.query.get('carrierMode')).toBe('TRUCK');
    await app.user.click(screen.getByRole('radio', { name: 'Unread' }));
    await waitFor(() =>
      expect(
        listRequests(server).some(
          (call) => isUnread(call) && call.query.get('limit') === '10' && call.query.get('carrierMode') === 'TRUCK',
        ),
      ).toBe(true),
    );
  });
});
