import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OfflineBadge } from '../../src/app/components/offline-badge';
import { UserMenu } from '../../src/app/components/layout/user-menu';
import { ApiError } from '../../src/app/lib/api-client';
import { activateLocale, i18n } from '../../src/app/lib/i18n';
import { itemTitle, sentToast } from '../../src/app/offline/outbox-messages';
import { db } from '../../src/app/offline/db';
import {
  dropSupersededReadFlags,
  getItem,
  holdForEditing,
  listItems,
  makeItem,
  putItem,
  releaseEditing,
} from '../../src/app/offline/outbox';
import type { OutboxItem } from '../../src/app/offline/outbox-types';
import { OutOfSpaceError } from '../../src/app/offline/storage';
import { submitThroughOutbox } from '../../src/app/offline/submit';
import { reloadSession } from '../../src/app/lib/session-store';
import { USERS, installFakeServer, storeSession } from './fake-server';
import { renderWithProviders } from './render';
import { Route, Routes, useLocation } from 'react-router-dom';

function Where() {
  const location = useLocation();
  return <span data-testid="where">{`${location.pathname}${location.search}`}</span>;
}

const supplier = USERS.supplier1;

function acceptItem(overrides: Partial<OutboxItem> = {}): OutboxItem {
  return {
    ...makeItem({
      userId: supplier.id,
      kind: 'accept',
      ticketId: 21,
      request: {
        method: 'PUT',
        path: '/tickets/21/confirm',
        json: { ticket: { withdrawalDate: '2026-11-24T15:00:00.000Z', timezone: 0 } },
      },
      summary: { withdrawalDate: '2026-11-24T15:00:00.000Z' },
    }),
    ...overrides,
  };
}

function signIn() {
  storeSession(supplier);
  reloadSession();
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

beforeEach(async () => {
  await db.outbox.clear();
});
afterEach(async () => {
  await activateLocale('en');
});

describe('outbox store', () => {
  it("should list a user's items oldest first and leave other users' items alone", async () => {
    await putItem(acceptItem({ queuedAt: '2026-11-23T10:05:00.000Z', ticketId: 2 }));
    await putItem(acceptItem({ queuedAt: '2026-11-23T10:00:00.000Z', ticketId: 1 }));
    await putItem(acceptItem({ userId: USERS.carrier1.id, ticketId: 3 }));
    expect((await listItems(supplier.id)).map((item) => item.ticketId)).toEqual([1, 2]);
    expect((await listItems(USERS.carrier1.id)).map((item) => item.ticketId)).toEqual([3]);
  });

  it('should hold an item while its form is open and give it back its state when the form is left', async () => {
    const item = acceptItem({ state: 'refused', lastError: 'duplicate key value violates unique constraint' });
    await putItem(item);
    await holdForEditing(item.id);
    expect(await getItem(item.id)).toMatchObject({ state: 'editing' });
    await releaseEditing(item.id);
    expect(await getItem(item.id)).toMatchObject({
      state: 'refused',
      lastError: 'duplicate key value violates unique constraint',
    });
  });

  it('should keep only the newest queued read flag of a ticket', async () => {
    const older = acceptItem({ kind: 'customs-read', queuedAt: '2026-11-23T10:00:00.000Z' });
    const newer = acceptItem({ kind: 'customs-read', queuedAt: '2026-11-23T10:01:00.000Z' });
    await putItem(older);
    await putItem(newer);
    await dropSupersededReadFlags(supplier.id, 21, newer.id);
    expect((await listItems(supplier.id)).map((item) => item.id)).toEqual([newer.id]);
  });

  it('should name a queued pass on an offer and say so once it was sent, in both languages', async () => {
    const pass = acceptItem({
      kind: 'pass',
      ticketId: 42,
      request: { method: 'PUT', path: '/tickets/42/pass', json: { ticket: { reason: 'No driver' } } },
      summary: { reason: 'No driver' },
    });
    expect(itemTitle(i18n, pass)).toBe('Pass on the offer · Trip ID 42');
    expect(sentToast(i18n, pass)).toEqual({ message: 'You passed on trip ID 42 (sent from the outbox).' });
    await activateLocale('es');
    expect(itemTitle(i18n, pass)).toBe('Declinar la oferta · ID de viaje 42');
    expect(sentToast(i18n, pass)).toEqual({
      message: 'Declinaste el ID de viaje 42 (enviado desde la bandeja de salida).',
    });
  });

  it('should say the device is out of space when the item cannot be stored offline', async () => {
    signIn();
    setOnline(false);
    vi.spyOn(db.outbox, 'put').mockRejectedValue(Object.assign(new Error('quota'), { name: 'QuotaExceededError' }));
    await expect(
      submitThroughOutbox({
        kind: 'decline',
        ticketId: 21,
        request: { method: 'PUT', path: '/tickets/21/decline', json: {} },
      }),
    ).rejects.toBeInstanceOf(OutOfSpaceError);
  });
});

describe('sending through the outbox', () => {
  it('should queue the write without a connection and keep it for its user', async () => {
    signIn();
    installFakeServer();
    setOnline(false);
    const result = await submitThroughOutbox({
      kind: 'decline',
      ticketId: 21,
      request: { method: 'PUT', path: '/tickets/21/decline', json: { ticket: { reason: 'flat tyre' } } },
    });
    expect(result).toMatchObject({ status: 'queued', reason: 'offline' });
    const [item] = await listItems(supplier.id);
    expect(item).toMatchObject({
      kind: 'decline',
      state: 'pending',
      attempts: 0,
      request: { json: { ticket: { reason: 'flat tyre' } } },
    });
  });

  it('should keep the same request and key in the outbox when the direct send gets no answer', async () => {
    signIn();
    const server = installFakeServer();
    server.on('PUT /api/tickets/:id/decline', () => 'network-error');
    const result = await submitThroughOutbox({
      kind: 'decline',
      ticketId: 21,
      request: { method: 'PUT', path: '/tickets/21/decline', json: { ticket: { reason: 'x' } } },
    });
    expect(result.status).toBe('queued');
    const sentKey = server.calls
      .find((call) => call.path === '/api/tickets/21/decline')
      ?.headers.get('Idempotency-Key');
    const [item] = await listItems(supplier.id);
    expect(item?.id).toBe(sentKey);
    expect(item).toMatchObject({ attempts: 1, lastError: 'No connection to the server' });
  });

  it('should hand a refusal to the form and keep nothing', async () => {
    signIn();
    const server = installFakeServer();
    server.on('PUT /api/tickets/:id/decline', () => ({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'Ticket is PENDING' },
    }));
    const sent = submitThroughOutbox({
      kind: 'decline',
      ticketId: 21,
      request: { method: 'PUT', path: '/tickets/21/decline', json: {} },
    });
    await expect(sent).rejects.toBeInstanceOf(ApiError);
    await expect(sent).rejects.toMatchObject({ status: 409, message: 'Ticket is PENDING' });
    expect(await listItems(supplier.id)).toEqual([]);
  });
});

describe('outbox in the header', () => {
  it("should count the waiting items and show a refused one with the server's message until it is discarded", async () => {
    storeSession(supplier);
    installFakeServer();
    await putItem(acceptItem({ ticketId: 30, queuedAt: '2026-11-23T10:00:00.000Z' }));
    await putItem(
      acceptItem({
        kind: 'documentation',
        ticketId: 31,
        queuedAt: '2026-11-23T10:05:00.000Z',
        state: 'refused',
        lastStatus: 409,
        lastError: 'duplicate key value violates unique constraint "invoice_number"',
        lastCode: 'duplicate_invoice_number',
        request: { method: 'POST', path: '/trucks-documentation', parts: [] },
        draft: { mode: 'TRUCK', values: {}, fileSlots: [] },
      }),
    );
    const { user } = renderWithProviders(<OfflineBadge />);
    const button = await screen.findByRole('button', { name: 'Outbox: 2 waiting, some refused by the server' });
    await user.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Outbox' });
    const entries = await within(drawer).findAllByTestId('outbox-item');
    expect(entries.map((entry) => entry.getAttribute('data-state'))).toEqual(['pending', 'refused']);
    expect(within(entries[1]!).getByText('Truck documentation · Trip ID 31')).toBeInTheDocument();
    expect(within(entries[1]!).getByRole('alert')).toHaveTextContent('This invoice number was already used');
    expect(within(entries[1]!).getByRole('button', { name: 'Edit' })).toBeInTheDocument();

    await user.click(within(entries[1]!).getByRole('button', { name: 'Discard' }));
    await user.click(within(entries[1]!).getByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Outbox: 1 waiting to be sent' })).toBeInTheDocument(),
    );
    expect((await listItems(supplier.id)).map((item) => item.ticketId)).toEqual([30]);
  });

  it('should let a carrier answer a refused accept again from the ticket, leaving the refused item behind', async () => {
    storeSession(USERS.carrier1);
    installFakeServer();
    await putItem(
      acceptItem({
        userId: USERS.carrier1.id,
        ticketId: 44,
        state: 'refused',
        lastStatus: 422,
        lastError: 'Withdrawal date must be a weekday',
      }),
    );
    const { user } = renderWithProviders(
      <>
        <OfflineBadge />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Outbox: 1 item refused by the server' }));
    const drawer = await screen.findByRole('dialog', { name: 'Outbox' });
    await user.click(within(drawer).getByRole('button', { name: 'Choose another time' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/carrier?ticketId=44'));
    expect(await listItems(USERS.carrier1.id)).toEqual([]);
  });

  it('should show the outbox in Spanish', async () => {
    storeSession(supplier);
    installFakeServer();
    await activateLocale('es');
    await putItem(acceptItem({ state: 'refused', lastError: 'Withdrawal date must be a weekday' }));
    const { user } = renderWithProviders(<OfflineBadge />);
    await user.click(
      await screen.findByRole('button', { name: 'Bandeja de salida: 1 elemento rechazado por el servidor' }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Bandeja de salida' });
    expect(await within(drawer).findByRole('alert')).toHaveTextContent(/día hábil|entre semana|laborable/i);
    expect(within(drawer).getByRole('button', { name: 'Descartar' })).toBeInTheDocument();
  });

  it('should say that unsent items stay on the device before logging out', async () => {
    storeSession(supplier);
    installFakeServer();
    await putItem(acceptItem());
    const onLogout = vi.fn();
    const { user } = renderWithProviders(<UserMenu user={supplier} onLogout={onLogout} />);
    await waitFor(async () => expect(await listItems(supplier.id)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: /Account of/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out with unsent items?' });
    expect(dialog).toHaveTextContent('1 item in the outbox has not reached the server');
    expect(onLogout).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
