/**
 * The home list the page asks for before the app loads (the server's page for a home path): the request
 * must be the very one the screen makes with nothing chosen, and its answer must become the screen's
 * list for that user only, once, without replacing a newer one.
 */
import { screen, waitFor } from '@testing-library/react';
import { hashKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { HOME_LISTS } from '../../src/app/home-lists';
import { takeFirstList } from '../../src/app/lib/first-list';
import { createQueryClient } from '../../src/app/lib/query-client';
import { ticketKeys } from '../../src/app/lib/query-keys';
import { clearSession, reloadSession } from '../../src/app/lib/session-store';
import { PATHS } from '../../src/app/paths';
import { firstListRequest } from '../../src/shared/domain/first-list';
import type { User } from '../../src/shared/schemas/user';
import { USERS, installFakeServer } from './fake-server';
import { renderApp } from './render';
import {
  CARRIERS,
  DESTINATIONS,
  carrierRapido,
  makeTicket,
  serveTickets,
  signedInAs,
  supplierWithYards,
} from './tickets-fixtures';

afterEach(() => {
  window.__firstList = undefined;
});

function listServer(user: User, tickets = [makeTicket(7)]) {
  const server = installFakeServer();
  serveTickets(server, tickets);
  server.on('GET /api/carriers', () => ({ status: 200, body: { carriers: CARRIERS } }));
  server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: DESTINATIONS } }));
  signedInAs(server, user);
  reloadSession();
  return server;
}

const listCalls = (server: ReturnType<typeof installFakeServer>) =>
  server.calls.filter((call) => call.method === 'GET' && call.path === '/api/tickets');

/** The supplier home's first list: its first work section (confirmed tickets needing documentation). */
const SUPPLIER_FIRST = firstListRequest(HOME_LISTS[PATHS.suppliers.root]!.list);
const askedForFirst = (server: ReturnType<typeof installFakeServer>) =>
  listCalls(server).filter((call) => `/api/tickets?${call.query.toString()}` === SUPPLIER_FIRST.url);

/** What the page leaves for the app: the supplier home's request, sent `ago` ms before now. */
function pageAsked(userId: number, answer: unknown, ago = 2_000) {
  const sentAt = Date.now() - ago;
  window.__firstList = {
    userId,
    sentAt,
    filters: SUPPLIER_FIRST.filters,
    answer: Promise.resolve(answer),
  };
  return sentAt;
}

const supplierKey = ticketKeys.list(SUPPLIER_FIRST.filters);

describe("a home path's first list", () => {
  it.each([
    [PATHS.suppliers.root, 'supplier1', supplierWithYards],
    [PATHS.carrier.root, 'carrier1', carrierRapido],
    [PATHS.admin.ongoing, 'admin', USERS.admin],
    [PATHS.admin.ongoing, 'adminro', USERS.adminro],
    [PATHS.customs.root, 'customs1', USERS.customs1],
  ])(
    'should be, at %s for %s, the request and the key of the screen with nothing chosen',
    async (path, _name, user) => {
      const home = HOME_LISTS[path]!;
      expect(home.roles).toContain(user.roles[0]!.name);
      const server = listServer(user);
      const queryClient = createQueryClient();
      renderApp(path, queryClient);
      const { url, filters } = firstListRequest(home.list);
      // The admin's screen asks for its tiles' counts too: the list's request is one of its requests.
      const asked = () => listCalls(server).map((call) => `/api/tickets?${call.query.toString()}`);
      await waitFor(() => expect(asked()).toContain(url));
      const keys = queryClient
        .getQueryCache()
        .findAll({ queryKey: [...ticketKeys.all, 'list'] })
        .map((query) => query.queryHash);
      expect(keys).toContain(hashKey(ticketKeys.list(filters)));
    },
  );

  it("should show the page's answer as the list, once, without the screen asking for it", async () => {
    const server = listServer(supplierWithYards, [makeTicket(7, { status: 'CONFIRMED' })]);
    const queryClient = createQueryClient();
    const sentAt = pageAsked(supplierWithYards.id, { tickets: [makeTicket(42, { status: 'CONFIRMED' })], count: 1 });
    await takeFirstList(queryClient, supplierWithYards.id);
    expect(window.__firstList).toBeUndefined();
    renderApp(PATHS.suppliers.root, queryClient);
    expect(await screen.findByRole('link', { name: /^Trip #42\b/ })).toBeInTheDocument();
    // The screen mounted on the page's answer and did not ask for it (its own answer would list trip 7).
    expect(askedForFirst(server)).toEqual([]);
    expect(screen.queryByRole('link', { name: /^Trip #7\b/ })).not.toBeInTheDocument();
    // It counts as read when the page sent it, so the event stream's opening fetches it again.
    expect(queryClient.getQueryState(supplierKey)?.dataUpdatedAt).toBe(sentAt);
  });

  it.each([
    ["another user's answer", USERS.carrier1.id, { tickets: [makeTicket(42)], count: 1 }],
    ['no usable answer (offline, a 401, a server error)', supplierWithYards.id, null],
    ['an answer that is not a list (a proxy, an older server)', supplierWithYards.id, { message: 'OK' }],
  ])('should leave the screen to ask for its list when the page has %s', async (_case, userId, answer) => {
    const server = listServer(supplierWithYards, [makeTicket(7, { status: 'CONFIRMED' })]);
    const queryClient = createQueryClient();
    pageAsked(userId, answer);
    await takeFirstList(queryClient, supplierWithYards.id);
    expect(queryClient.getQueryState(supplierKey)).toBeUndefined();
    renderApp(PATHS.suppliers.root, queryClient);
    expect(await screen.findByRole('link', { name: /^Trip #7\b/ })).toBeInTheDocument();
    expect(askedForFirst(server)).toHaveLength(1);
  });

  it('should not use the answer when the user has signed out while it travelled', async () => {
    const queryClient = createQueryClient();
    listServer(supplierWithYards);
    let answer!: (list: unknown) => void;
    window.__firstList = {
      userId: supplierWithYards.id,
      sentAt: Date.now(),
      filters: SUPPLIER_FIRST.filters,
      answer: new Promise((resolve) => (answer = resolve)),
    };
    const taken = takeFirstList(queryClient, supplierWithYards.id);
    clearSession();
    answer({ tickets: [makeTicket(42)], count: 1 });
    await taken;
    expect(queryClient.getQueryState(supplierKey)).toBeUndefined();
  });

  it('should not replace an answer of the screen newer than the page’s request', async () => {
    const queryClient = createQueryClient();
    const newer = { tickets: [makeTicket(9)], count: 1 };
    const sentAt = pageAsked(supplierWithYards.id, { tickets: [makeTicket(42)], count: 1 });
    queryClient.setQueryData(supplierKey, newer, { updatedAt: sentAt + 1 });
    signedInAs(installFakeServer(), supplierWithYards);
    reloadSession();
    await takeFirstList(queryClient, supplierWithYards.id);
    expect(queryClient.getQueryData(supplierKey)).toBe(newer);
  });
});
