/**
 * An outbox that says how long it has held its oldest item and whether the browser keeps it, and a home
 * that warns once something has waited longer than a shift (offline/outbox-age.ts, offline/storage.ts).
 */
import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OfflineBadge } from '../../src/app/components/offline-badge';
import { activateLocale } from '../../src/app/lib/i18n';
import { db } from '../../src/app/offline/db';
import { makeItem, putItem } from '../../src/app/offline/outbox';
import { formatWait, lateInOutbox, OUTBOX_WAIT_WARNING_MS } from '../../src/app/offline/outbox-age';
import type { OutboxItem } from '../../src/app/offline/outbox-types';
import { requestPersistentStorage } from '../../src/app/offline/storage';
import { USERS, installFakeServer, storeSession } from './fake-server';
import { renderApp, renderWithProviders } from './render';

const HOUR = 60 * 60 * 1000;
const supplier = USERS.supplier1;

/** An accept queued `hoursAgo` hours ago. */
function queued(hoursAgo: number, ticketId: number): OutboxItem {
  return {
    ...makeItem({
      userId: supplier.id,
      kind: 'accept',
      ticketId,
      request: { method: 'PUT', path: `/tickets/${ticketId}/confirm`, json: { ticket: {} } },
    }),
    queuedAt: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
  };
}

/** What the browser answers to navigator.storage.persist() (the test DOM has no storage manager). */
function browserKeepsStorage(answer: boolean | 'unsupported') {
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: answer === 'unsupported' ? undefined : { persisted: async () => false, persist: async () => answer },
  });
}

beforeEach(async () => {
  await db.outbox.clear();
  storeSession(supplier);
  installFakeServer();
});
afterEach(async () => {
  browserKeepsStorage('unsupported');
  await activateLocale('en');
});

async function openOutbox() {
  const { user } = renderWithProviders(<OfflineBadge />);
  await user.click(await screen.findByRole('button', { name: /^Outbox|^Bandeja de salida/ }));
  return screen.findByRole('dialog');
}

describe('how long the outbox has held its items', () => {
  it('should word a wait in its largest whole unit, in both languages', () => {
    expect(formatWait(45 * 60_000, 'en')).toBe('45 minutes');
    expect(formatWait(3 * HOUR + 59 * 60_000, 'en')).toBe('3 hours');
    expect(formatWait(49 * HOUR, 'en')).toBe('2 days');
    expect(formatWait(10_000, 'en')).toBe('1 minute');
    expect(formatWait(45 * 60_000, 'es')).toBe('45 minutos');
    expect(formatWait(3 * HOUR, 'es')).toBe('3 horas');
    expect(formatWait(49 * HOUR, 'es')).toBe('2 días');
  });

  it('should show the oldest item’s wait and that the browser keeps the outbox', async () => {
    browserKeepsStorage(true);
    expect(await requestPersistentStorage()).toBe(true);
    await putItem(queued(1, 40));
    await putItem(queued(5, 41));
    const drawer = await openOutbox();
    expect(await within(drawer).findByTestId('outbox-oldest')).toHaveTextContent('The oldest has waited 5 hours.');
    expect(within(drawer).getByTestId('outbox-kept')).toHaveTextContent(
      'This browser keeps the outbox on this device until it is sent.',
    );
    expect(within(drawer).queryByTestId('outbox-not-kept')).not.toBeInTheDocument();
  });

  it('should say when the browser refused to keep the outbox, in Spanish too', async () => {
    browserKeepsStorage(false);
    expect(await requestPersistentStorage()).toBe(false);
    await activateLocale('es');
    await putItem(queued(26, 42));
    const drawer = await openOutbox();
    expect(await within(drawer).findByTestId('outbox-oldest')).toHaveTextContent('Lleva 26 horas esperando.');
    expect(within(drawer).getByTestId('outbox-not-kept')).toHaveTextContent(
      'Este navegador no aceptó conservar la bandeja de salida',
    );
    expect(within(drawer).queryByTestId('outbox-kept')).not.toBeInTheDocument();
  });
});

describe('the home’s warning about the outbox', () => {
  it('should warn on the home once an item has waited more than 12 hours, and open the outbox from there', async () => {
    expect(OUTBOX_WAIT_WARNING_MS).toBe(12 * HOUR);
    await putItem(queued(13, 43));
    await putItem(queued(2, 44));
    const app = renderApp('/dashboard/suppliers');
    const warning = await screen.findByTestId('outbox-wait-warning');
    expect(warning).toHaveTextContent(
      '1 item has waited in the outbox for more than 12 hours (the oldest for 13 hours). It is only on this device until it is sent.',
    );
    await app.user.click(within(warning).getByRole('button', { name: 'Open the outbox' }));
    const drawer = await screen.findByRole('dialog', { name: 'Outbox' });
    expect(await within(drawer).findAllByTestId('outbox-item')).toHaveLength(2);
  });

  it('should count every late item, in Spanish', async () => {
    await activateLocale('es');
    await putItem(queued(30, 45));
    await putItem(queued(14, 46));
    renderApp('/dashboard/suppliers');
    expect(await screen.findByTestId('outbox-wait-warning')).toHaveTextContent(
      '2 elementos llevan más de 12 horas esperando en la bandeja de salida (el más antiguo, 30 horas).',
    );
  });

  it('should warn only once the oldest item has waited 12 hours, counting the late ones', () => {
    const now = Date.parse('2026-11-28T20:00:00.000Z');
    const at = (hoursAgo: number) => ({ queuedAt: new Date(now - hoursAgo * HOUR).toISOString() });
    expect(lateInOutbox([], now)).toBeNull();
    expect(lateInOutbox([at(11.99), at(1)], now)).toBeNull();
    expect(lateInOutbox([at(12), at(1)], now)).toEqual({ late: 1, oldest: now - 12 * HOUR });
    expect(lateInOutbox([at(1), at(30), at(14)], now)).toEqual({ late: 2, oldest: now - 30 * HOUR });
  });

  it('should warn on the home only, and as soon as the user goes home', async () => {
    await putItem(queued(20, 48));
    const app = renderApp('/dashboard/suppliers/truck-documentation');
    // The outbox was read on this screen (its indicator counts the item); the warning is the home's.
    expect(await screen.findByRole('button', { name: 'Outbox: 1 waiting to be sent' })).toBeInTheDocument();
    expect(screen.queryByTestId('outbox-wait-warning')).not.toBeInTheDocument();
    await app.router.navigate('/dashboard/suppliers');
    expect(await screen.findByTestId('outbox-wait-warning')).toHaveTextContent('(the oldest for 20 hours)');
  });
});
