/**
 * A ticket's documentation waiting in the outbox: its card says so instead of offering to load it again,
 * the documentation form leaves the ticket out of its pick list (and says why), and a copy refused
 * because the ticket moved on says what happened and what to do, in both languages.
 */
import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OfflineBadge } from '../../src/app/components/offline-badge';
import { activateLocale } from '../../src/app/lib/i18n';
import { db } from '../../src/app/offline/db';
import { makeItem, putItem } from '../../src/app/offline/outbox';
import type { OutboxItem } from '../../src/app/offline/outbox-types';
import { installFakeServer, storeSession } from './fake-server';
import { DESTINATIONS, MATERIALS, docTicket, supplier } from './documentation-fixtures';
import { renderApp, renderWithProviders } from './render';
import { CARRIERS, makeTicket, serveTickets, signedInAs, supplierWithYards } from './tickets-fixtures';

function truckDocumentationItem(ticketId: number, overrides: Partial<OutboxItem> = {}): OutboxItem {
  return {
    ...makeItem({
      userId: supplier.id,
      kind: 'documentation',
      ticketId,
      request: { method: 'POST', path: '/trucks-documentation', parts: [] },
      draft: { mode: 'TRUCK', values: { ticketId: String(ticketId) }, fileSlots: [] },
    }),
    ...overrides,
  };
}

beforeEach(async () => {
  await db.outbox.clear();
});
afterEach(async () => {
  await activateLocale('en');
});

describe('a documentation waiting in the outbox', () => {
  it("should show on its ticket's card instead of 'Load documentation'", async () => {
    const server = installFakeServer();
    const tickets = [makeTicket(12, { status: 'CONFIRMED' }), makeTicket(13, { status: 'CONFIRMED' })];
    serveTickets(server, tickets);
    server.on('GET /api/carriers', () => ({ status: 200, body: { carriers: CARRIERS } }));
    server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: DESTINATIONS } }));
    signedInAs(server, supplierWithYards);
    await putItem(truckDocumentationItem(12));
    renderApp('/dashboard/suppliers');
    const card = (await screen.findByRole('link', { name: /^Trip #12\b/ })).closest('[data-ticket-id]') as HTMLElement;
    expect(await within(card).findByText('Documentation waiting to be sent')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Load documentation' })).not.toBeInTheDocument();
    // The other confirmed ticket still offers it.
    const other = screen.getByRole('link', { name: /^Trip #13\b/ }).closest('[data-ticket-id]') as HTMLElement;
    expect(within(other).getByRole('link', { name: 'Load documentation' })).toBeInTheDocument();
  });

  it('should not be offered again by the truck documentation form, which says where it went', async () => {
    const server = installFakeServer();
    server.on('GET /api/tickets', () => ({ status: 200, body: { tickets: [docTicket(7), docTicket(8)], count: 2 } }));
    server.on('GET /api/destinations', () => ({ status: 200, body: { destinations: DESTINATIONS } }));
    server.on('GET /api/materials', () => ({ status: 200, body: { materials: MATERIALS } }));
    storeSession(supplier);
    await putItem(truckDocumentationItem(7));
    const app = renderApp('/dashboard/suppliers/truck-documentation');
    expect(
      await screen.findByText('Trip ID 7 is not listed: its documentation is waiting in the outbox.', undefined),
    ).toBeInTheDocument();
    await app.user.click(screen.getByRole('combobox', { name: /Ticket \(by carrier\)/ }));
    expect(await screen.findByRole('option', { name: /^#8 / })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /^#7 / })).not.toBeInTheDocument();
  });

  it.each([
    [
      'en' as const,
      'Outbox: 1 item refused by the server',
      'Outbox',
      /trip ID 31 no longer waits for documentation.*discard this copy/,
    ],
    [
      'es' as const,
      'Bandeja de salida: 1 elemento rechazado por el servidor',
      'Bandeja de salida',
      /ID de viaje 31 ya no espera documentación.*descarta esta copia/,
    ],
  ])(
    'should say, in %s, that a copy refused because the ticket moved on came too late',
    async (locale, button, title, text) => {
      storeSession(supplier);
      installFakeServer();
      await activateLocale(locale);
      await putItem(
        truckDocumentationItem(31, {
          state: 'refused',
          lastStatus: 409,
          lastError: 'Ticket 31 is SUPPLIER_INVOICED; documentation needs CONFIRMED',
          lastCode: 'ticket_status',
        }),
      );
      const { user } = renderWithProviders(<OfflineBadge />);
      await user.click(await screen.findByRole('button', { name: button }));
      const drawer = await screen.findByRole('dialog', { name: title });
      const alert = await within(drawer).findByRole('alert');
      expect(alert).toHaveTextContent(text);
      // Not the generic 'reload it', which in Spanish ('vuelve a cargarlo') read as 'upload it again'.
      expect(alert).not.toHaveTextContent(/vuelve a cargar|reload it/);
    },
  );
});
