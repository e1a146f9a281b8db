/**
 * Live updates of the signed-in frame: the /api/events stream (a small EventSource stand-in, since the test DOM
 * has none), the toast texts per event type in both languages, the refetch of ticket data, and what is
 * left for the service worker.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveUpdates } from '../../src/app/components/live-updates';
import { activateLocale } from '../../src/app/lib/i18n';
import { takeFirstList } from '../../src/app/lib/first-list';
import { DEFAULT_TEMPLATES, type LiveSettings } from '../../src/app/lib/live-events';
import { trackCreation } from '../../src/app/lib/own-tickets';
import { createQueryClient } from '../../src/app/lib/query-client';
import { clearSession, reloadSession, setSession } from '../../src/app/lib/session-store';
import { AppProviders } from '../../src/app/providers';
import { FakeEventSource } from './fake-event-source';
import { USERS, installFakeServer, storeSession, tokenFor } from './fake-server';

const ticketFrame = (stream: FakeEventSource, data: object) => stream.frame('ticket', data);
/** The one open stream, once the app has its ticket and has opened it. */
const current = () =>
  vi.waitFor(() => {
    const streams = FakeEventSource.open();
    expect(streams).toHaveLength(1);
    return streams[0]!;
  });
/** The address a ticket from the fake server opens the stream at, for a session token. */
const streamUrl = (token: string) => `/api/events?ticket=${encodeURIComponent(`ticket-for-${token}`)}`;

let saved: LiveSettings | null = null;
class FakeCache {
  put = async (_url: string, response: Response) => {
    saved = (await response.json()) as LiveSettings;
  };
  match = async () => undefined;
}

beforeEach(() => {
  FakeEventSource.all = [];
  saved = null;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('caches', { open: async () => new FakeCache() });
  installFakeServer();
  storeSession(USERS.supplier1);
  reloadSession();
});

afterEach(() => {
  vi.unstubAllEnvs();
  // Tests that move the clock use fake timers; a failing one must not leave them to the next.
  vi.useRealTimers();
});

/** A ticket list on screen: counts its fetches, as a user would see a list refresh. */
function TicketList() {
  const fetches = useRef(0);
  const { data } = useQuery({ queryKey: ['tickets', 'list', {}], queryFn: async () => ++fetches.current });
  return <p>list fetched {data ?? 0} times</p>;
}
/** TicketList, for a list whose first answer may be a page of tickets saying how often it was fetched. */
function PageList() {
  const fetches = useRef(0);
  const { data } = useQuery<{ fetched: number }>({
    queryKey: ['tickets', 'list', {}],
    queryFn: async () => ({ fetched: ++fetches.current }),
  });
  return <p>list fetched {data?.fetched ?? 0} times</p>;
}
function renderLive() {
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient} env="test">
      <MemoryRouter>
        <LiveUpdates userId={USERS.supplier1.id} home="/dashboard/suppliers" />
        <TicketList />
      </MemoryRouter>
    </AppProviders>,
  );
  return queryClient;
}

const EVENT = {
  eventId: 7,
  type: 'Ticket confirmed',
  supplierName: 'Midwest Scrap Recycling LLC',
  carrierName: 'Rápido Freight Lines',
};

async function toastWith(title: string) {
  const heading = await screen.findByText(title);
  return heading.closest('.mantine-Notification-root') as HTMLElement;
}

describe('the event stream', () => {
  it("should open /api/events with a ticket asked for with the session's token, never the token itself", async () => {
    renderLive();
    expect((await current()).url).toBe(streamUrl(tokenFor(USERS.supplier1)));
  });

  it('should keep the open stream when the token is renewed, use the new token to reconnect, and close at sign-out', async () => {
    renderLive();
    const first = await current();
    act(() => first.open());
    await screen.findByText('list fetched 1 times');
    act(() => setSession('token-renewed', USERS.supplier1));
    // The silent sign-in on every start renews the token: the stream (and the lists) are left alone.
    expect(await current()).toBe(first);
    expect(screen.getByText('list fetched 1 times')).toBeInTheDocument();
    // The server drops the connection: EventSource would retry the old address; a stream with the new
    // token opens at once instead.
    act(() => first.refuse());
    expect((await current()).url).toBe(streamUrl('token-renewed'));
    act(() => clearSession());
    expect(FakeEventSource.open()).toHaveLength(0);
  });

  it("should reconnect with the renewed token when the server ends the old token's session", async () => {
    renderLive();
    const first = await current();
    act(() => first.open());
    // A password changed in this tab: the answer brought a new token, and the server ends the old one.
    act(() => setSession('token-after-password-change', USERS.supplier1));
    act(() => first.frame('session-ended', {}));
    expect(localStorage.getItem('token')).toBe('token-after-password-change');
    expect((await current()).url).toBe(streamUrl('token-after-password-change'));
  });

  it('should not fetch again, when the stream first opens, the list fetched in the same render', async () => {
    const queryClient = renderLive();
    await screen.findByText('list fetched 1 times');
    await act(async () => (await current()).open());
    // An event after the opening refetches the list once; had the opening refetched it too, it would
    // have been fetched three times.
    await act(async () => ticketFrame(await current(), { ...EVENT, title: 'confirmed', ticketNumber: 41 }));
    await screen.findByText('list fetched 2 times');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getByText('list fetched 2 times')).toBeInTheDocument();
  });

  describe('the list a home page asked for before the app loaded', () => {
    // The page sent its request before the app ran: the server read the list then, before the stream
    // existed, so it must be fetched again once the stream is open, whenever its answer comes in. The
    // answer stands for a list this test's list counts as fetched 10 times.
    let answer: (list: unknown) => void;
    let taken: Promise<void>;
    let queryClient: ReturnType<typeof createQueryClient>;
    beforeEach(() => {
      queryClient = createQueryClient();
      window.__firstList = {
        userId: USERS.supplier1.id,
        sentAt: Date.now() - 5_000,
        filters: {},
        answer: new Promise((resolve) => (answer = resolve)),
      };
      taken = takeFirstList(queryClient, USERS.supplier1.id);
    });
    const arrives = () =>
      act(async () => {
        answer({ tickets: [], fetched: 10 });
        await taken;
      });
    /** The frame, with the list on screen or not yet (its screen's code still on its way). */
    const frame = (list: boolean) => (
      <AppProviders queryClient={queryClient} env="test">
        <MemoryRouter>
          <LiveUpdates userId={USERS.supplier1.id} home="/dashboard/suppliers" />
          {list && <PageList />}
        </MemoryRouter>
      </AppProviders>
    );

    it('should show it at once and fetch it again when the stream opens', async () => {
      await arrives();
      render(frame(true));
      expect(screen.getByText('list fetched 10 times')).toBeInTheDocument();
      await act(async () => (await current()).open());
      expect(await screen.findByText('list fetched 1 times')).toBeInTheDocument();
    });

    it('should fetch it again when it arrives while the stream is being set up', async () => {
      const { rerender } = render(frame(false));
      const stream = await current();
      await arrives();
      act(() => stream.open());
      rerender(frame(true));
      expect(await screen.findByText('list fetched 1 times')).toBeInTheDocument();
    });

    it('should fetch it again when it arrives after the stream opened', async () => {
      const { rerender } = render(frame(false));
      await act(async () => (await current()).open());
      await arrives();
      rerender(frame(true));
      expect(await screen.findByText('list fetched 1 times')).toBeInTheDocument();
    });
  });

  it('should refetch the ticket list when the stream opens again after a dropped connection', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderLive();
    await screen.findByText('list fetched 1 times');
    const stream = await current();
    act(() => stream.open());
    // The connection drops; EventSource reconnects by itself a while later.
    act(() => stream.drop());
    expect(await current()).toBe(stream);
    act(() => vi.advanceTimersByTime(60_000));
    act(() => stream.open());
    expect(await screen.findByText('list fetched 2 times')).toBeInTheDocument();
  });

  it('should refetch, when a stream opens after a refused one, the list fetched before it was asked for', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderLive();
    await screen.findByText('list fetched 1 times');
    await act(async () => (await current()).refuse());
    // The next stream is asked for after the backoff.
    act(() => vi.advanceTimersByTime(5_000));
    await act(async () => (await current()).open());
    expect(await screen.findByText('list fetched 2 times')).toBeInTheDocument();
  });

  it('should open a new stream after the server refused one (expired token)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderLive();
    const refused = await current();
    act(() => refused.refuse());
    expect(FakeEventSource.open()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(5_000));
    // After the backoff: a new ticket, a new stream.
    expect(await current()).not.toBe(refused);
  });
});

describe('the event stream offline', () => {
  const setOnline = (online: boolean) => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  };
  afterEach(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  });

  it('should close the stream while the device is offline, try nothing meanwhile, and reopen it online', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderLive();
    const first = await current();
    act(() => first.open());
    act(() => setOnline(false));
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    // The browser reports the dropped connection too; still nothing is opened while offline.
    act(() => first.dispatchEvent(new Event('error')));
    act(() => vi.advanceTimersByTime(120_000));
    expect(FakeEventSource.all).toHaveLength(1);
    act(() => setOnline(true));
    // Online again: a new ticket, a new stream.
    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(2));
    expect((await current()).url).toBe(first.url);
  });

  it('should not open a stream while starting offline, and open one when the network is back', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    const server = installFakeServer();
    renderLive();
    expect(FakeEventSource.all).toHaveLength(0);
    // Not even a ticket is asked for while offline.
    expect(server.calls.filter((call) => call.path === '/api/events/ticket')).toEqual([]);
    act(() => setOnline(true));
    await current();
  });
});

describe('a ticket event', () => {
  it('should refetch the ticket list without a reload', async () => {
    renderLive();
    await screen.findByText('list fetched 1 times');
    await act(async () => ticketFrame(await current(), { ...EVENT, title: 'confirmed', ticketNumber: 41 }));
    expect(await screen.findByText('list fetched 2 times')).toBeInTheDocument();
  });

  it.each([
    ['new', 'New ticket', 'Trip ID 41 requested by Midwest Scrap Recycling LLC'],
    ['confirmed', 'Ticket confirmed', 'Trip ID 41 confirmed by Rápido Freight Lines'],
    ['truck', 'Truck loaded', 'Trip ID 41 loaded by Midwest Scrap Recycling LLC'],
    ['railcar', 'Railcar loaded', 'Trip ID 41 loaded by Midwest Scrap Recycling LLC'],
    ['invoiced', 'Ticket invoiced', 'Trip ID 41 invoiced by Aduanas del Norte'],
    ['customs', 'Changed Customs Agent', 'Trip ID 41: the customs agent is now Aduanas del Norte'],
  ])('should show a 20-second toast for %s naming the trip', async (title, heading, message) => {
    renderLive();
    await act(async () =>
      ticketFrame(await current(), { ...EVENT, title, ticketNumber: 41, providerName: 'Aduanas del Norte' }),
    );
    const toast = await toastWith(heading);
    expect(within(toast).getByText(message)).toBeInTheDocument();
  });

  it.each([
    ['new', 'Nuevo ticket', 'ID de viaje 41 solicitado por Midwest Scrap Recycling LLC'],
    ['confirmed', 'Ticket confirmado', 'ID de viaje 41 confirmado por Rápido Freight Lines'],
    ['truck', 'Camión cargado', 'ID de viaje 41 cargado por Midwest Scrap Recycling LLC'],
    ['railcar', 'Vagón cargado', 'ID de viaje 41 cargado por Midwest Scrap Recycling LLC'],
    ['invoiced', 'Ticket facturado', 'ID de viaje 41 facturado por Aduanas del Norte'],
    ['customs', 'Cambio de agente aduanal', 'ID de viaje 41: el agente aduanal ahora es Aduanas del Norte'],
  ])('should show the %s toast in Spanish', async (title, heading, message) => {
    await activateLocale('es');
    renderLive();
    await act(async () =>
      ticketFrame(await current(), { ...EVENT, title, ticketNumber: 41, providerName: 'Aduanas del Norte' }),
    );
    const toast = await toastWith(heading);
    expect(within(toast).getByText(message)).toBeInTheDocument();
  });

  it("should not toast 'New ticket' for tickets this browser just created, even before the creation is answered", async () => {
    renderLive();
    await screen.findByText('list fetched 1 times');
    let answer: (tickets: { id: number }[]) => void = () => {};
    const creating = trackCreation(new Promise<{ id: number }[]>((resolve) => (answer = resolve)));
    // The server's event can overtake the answer to the POST that created the ticket.
    await act(async () =>
      ticketFrame(await current(), { ...EVENT, eventId: 70, type: 'New ticket', title: 'new', ticketNumber: 77 }),
    );
    answer([{ id: 77 }]);
    await act(async () => {
      await creating;
    });
    // A ticket a colleague created still shows its toast.
    await act(async () =>
      ticketFrame(await current(), { ...EVENT, eventId: 71, type: 'New ticket', title: 'new', ticketNumber: 78 }),
    );
    const toast = await toastWith('New ticket');
    expect(within(toast).getByText('Trip ID 78 requested by Midwest Scrap Recycling LLC')).toBeInTheDocument();
    expect(screen.queryByText(/Trip ID 77/)).not.toBeInTheDocument();
    expect(screen.getAllByText('New ticket')).toHaveLength(1);
    // The list still refreshes for both.
    expect(await screen.findByText('list fetched 3 times')).toBeInTheDocument();
  });

  it("should refresh the lists but show no second toast for the user's own action", async () => {
    renderLive();
    await screen.findByText('list fetched 1 times');
    // supplier1's own truck load: the form's toast already said it.
    const stream = await current();
    act(() =>
      ticketFrame(stream, { ...EVENT, eventId: 80, title: 'truck', ticketNumber: 81, actorId: USERS.supplier1.id }),
    );
    // A colleague's load of another trip, sent after it, still shows.
    act(() => ticketFrame(stream, { ...EVENT, eventId: 81, title: 'truck', ticketNumber: 82, actorId: 999 }));
    const toast = await toastWith('Truck loaded');
    expect(within(toast).getByText('Trip ID 82 loaded by Midwest Scrap Recycling LLC')).toBeInTheDocument();
    expect(screen.getAllByText('Truck loaded')).toHaveLength(1);
    expect(screen.queryByText(/Trip ID 81/)).not.toBeInTheDocument();
    expect(await screen.findByText('list fetched 3 times')).toBeInTheDocument();
  });

  it('should name only the trip when the provider is not known yet', async () => {
    renderLive();
    await act(async () => ticketFrame(await current(), { ...EVENT, title: 'invoiced', ticketNumber: 9 }));
    const toast = await toastWith('Ticket invoiced');
    expect(within(toast).getByText('Trip ID 9 invoiced')).toBeInTheDocument();
  });

  it("should show the spec's default message for an unknown title", async () => {
    renderLive();
    await act(async () => ticketFrame(await current(), { ...EVENT, title: 'archived', ticketNumber: 12 }));
    const toast = await toastWith('Trip ID 12');
    expect(within(toast).getByText('Default message (not specified)')).toBeInTheDocument();
  });

  it('should show one toast when the same event arrives twice', async () => {
    renderLive();
    const stream = await current();
    act(() => {
      ticketFrame(stream, { ...EVENT, title: 'confirmed', ticketNumber: 41 });
      ticketFrame(stream, { ...EVENT, title: 'confirmed', ticketNumber: 41 });
    });
    await screen.findByText('Ticket confirmed');
    expect(screen.getAllByText('Ticket confirmed')).toHaveLength(1);
  });
});

describe('what the service worker gets', () => {
  it('should store the English texts the service worker falls back to, and the home list', async () => {
    renderLive();
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved).toEqual({ templates: DEFAULT_TEMPLATES, home: '/dashboard/suppliers' });
  });

  it("should store the texts in the user's language", async () => {
    await activateLocale('es');
    renderLive();
    await waitFor(() => expect(saved?.templates.byTitle.confirmed.title).toBe('Ticket confirmado'));
    expect(saved?.templates.unknown.body).toBe('Mensaje predeterminado (no especificado)');
  });
});
