/** Tickets as GET /tickets answers them, and helpers to read what the app asked the fake server. */
import { vi } from 'vitest';
import type { Ticket } from '../../src/app/features/tickets/types';
import { pretendMedia } from './media-queries';
import type { TicketStatus } from '../../src/shared/domain/ticket-status';
import type { User } from '../../src/shared/schemas/user';
import { USERS, storeSession, tokenFor, type FakeServer } from './fake-server';

export const RAPIDO = { id: 1, businessName: 'Rápido Freight Lines', mode: 'TRUCK' as const };
export const BORDER = { id: 2, businessName: 'Border Haulers Co.', mode: 'TRUCK' as const };
export const NORTHERN = { id: 3, businessName: 'Northern Rail Logistics', mode: 'RAILCAR' as const };

export const YARDS = [
  { id: 11, name: 'South Chicago Yard', city: 'Chicago, IL', address: '11600 S Burley Ave' },
  { id: 12, name: 'Houston Ship Channel Yard', city: 'Houston, TX', address: '8300 Clinton Dr' },
  { id: 13, name: 'Gary Yard', city: 'Gary, IN', address: '1 Steel Ave' },
];

export const supplierWithYards: User = {
  ...USERS.supplier1,
  userDetail: {
    ...USERS.supplier1.userDetail,
    supplier: { id: 30, businessName: 'Midwest Scrap Recycling LLC', depots: YARDS },
  },
};

export const carrierRapido: User = {
  ...USERS.carrier1,
  userDetail: {
    ...USERS.carrier1.userDetail,
    carrier: { id: RAPIDO.id, businessName: RAPIDO.businessName, mode: 'TRUCK' },
  },
};

interface TicketOptions {
  status?: TicketStatus;
  yard?: number;
  offer?: typeof RAPIDO | null;
  offerStatus?: 'PENDING' | 'CONFIRMED';
}

export function makeTicket(
  id: number,
  { status = 'PENDING', yard = 11, offer = RAPIDO, offerStatus }: TicketOptions = {},
): Ticket {
  const origin = YARDS.find((y) => y.id === yard) ?? YARDS[0]!;
  const assignmentStatus = offerStatus ?? (status === 'PENDING' ? 'PENDING' : 'CONFIRMED');
  return {
    id,
    createAt: '2026-03-10T15:04:00.000Z',
    status: { name: status },
    supplier: { id: 30, businessName: 'Midwest Scrap Recycling LLC' },
    carrier: offer,
    ticketAssignments: offer
      ? [
          {
            id: id * 10,
            status: { name: assignmentStatus },
            carrier: offer,
            reason: null,
            manual: false,
            createdAt: '2026-03-10T15:04:00.000Z',
            respondedAt: assignmentStatus === 'PENDING' ? null : '2026-03-10T16:30:00.000Z',
          },
        ]
      : [],
    origin: { ...origin, location: { type: 'Point', coordinates: [-87.5, 41.6] }, borderCrossingId: 1 },
    destination: status === 'PENDING' ? null : { id: 1, name: 'Monterrey Steel Mill' },
    withdrawalDate: status === 'PENDING' ? null : '2026-03-12T15:00:00.000Z',
    timezone: null,
    comments: null,
    invoice: null,
    truckDocumentation: null,
    railcarDocumentation: null,
    customsRead: false,
    destinationNetWeight: null,
    rpa: null,
  };
}

/**
 * GET /api/tickets as the server filters it: by the stored statuses asked for (all when none), by
 * `unassigned` (PENDING without an open offer), by `unpaid` (an invoice without payment), a page of
 * `limit`, the total in `count`. Each home section and list then sees only its own tickets.
 */
export function serveTickets(server: FakeServer, tickets: readonly Ticket[]): void {
  server.on('GET /api/tickets', ({ query }) => {
    const statuses = query.getAll('statusName');
    const matching = tickets.filter(
      (ticket) =>
        (statuses.length === 0 || statuses.includes(ticket.status.name)) &&
        (query.get('unassigned') !== 'true' ||
          (ticket.status.name === 'PENDING' && !ticket.ticketAssignments.some((a) => a.status.name === 'PENDING'))) &&
        (query.get('unpaid') !== 'true' || (ticket.invoice !== null && ticket.invoice.paymentDate === null)),
    );
    const limit = Number(query.get('limit') ?? 50);
    const page = Number(query.get('page') ?? 1);
    return { status: 200, body: { tickets: matching.slice((page - 1) * limit, page * limit), count: matching.length } };
  });
}

/** The silent login answers this user (with its yards or carrier), as the real server would. */
export function signedInAs(server: FakeServer, user: User): void {
  storeSession(user);
  server.on('POST /api/auth/login/token', () => ({ status: 200, body: { token: tokenFor(user), user } }));
}

/** The URLs the app fetched (the fake server's fetch is a vi.fn). */
export function fetchedUrls(): URL[] {
  return vi.mocked(fetch).mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
}

export function ticketListQueries(): URLSearchParams[] {
  return fetchedUrls()
    .filter((url) => url.pathname === '/api/tickets')
    .map((url) => url.searchParams);
}

export const COUNTS = [
  { status: 'PENDING', total: 4, oldestCount: 2 },
  { status: 'CONFIRMED', total: 3, oldestCount: 1 },
  { status: 'SUPPLIER_INVOICED', total: 5, oldestCount: 0 },
  { status: 'TA_INVOICED', total: 2, oldestCount: 0 },
  { status: 'MX_TRANSIT', total: 1, oldestCount: 0 },
  { status: 'DELIVERED', total: 9, oldestCount: 9 },
  { status: 'CANCELED', total: 1, oldestCount: 1 },
];

export const CARRIERS = [RAPIDO, BORDER, NORTHERN].map((c) => ({ ...c, category: 1, enabledForAlgorithm: true }));
export const DESTINATIONS = [
  { id: 1, name: 'Monterrey Steel Mill' },
  { id: 2, name: 'Saltillo Depot' },
];

/** Makes Mantine's useMediaQuery report a desktop (992 px and wider) screen. */
export function pretendDesktop(): void {
  pretendMedia((query) => query.includes('min-width'));
}
