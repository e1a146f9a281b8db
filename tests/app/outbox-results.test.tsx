/** What a user reads when the sync delivers an item queued earlier: one toast naming the trip and the outbox. */
import 'fake-indexeddb/auto';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/app/lib/i18n';
import { makeItem } from '../../src/app/offline/outbox';
import type { OutboxItem } from '../../src/app/offline/outbox-types';
import { onOutcome } from '../../src/app/offline/page-sync';
import { USERS, installFakeServer, storeSession } from './fake-server';
import { renderWithProviders } from './render';

const truckDocumentation = (ticketId: number): OutboxItem =>
  makeItem({
    userId: USERS.supplier1.id,
    kind: 'documentation',
    ticketId,
    request: { method: 'POST', path: '/trucks-documentation', parts: [] },
    draft: { mode: 'TRUCK', values: {}, fileSlots: [] },
  });

afterEach(async () => {
  await activateLocale('en');
});

describe('an item the outbox delivered', () => {
  it.each([
    ['en' as const, 'Trip ID 123: truck documentation loaded (sent from the outbox).'],
    ['es' as const, 'ID de viaje 123: documentación de camión cargada (enviada desde la bandeja de salida).'],
  ])('should show one result toast in %s naming the trip and the outbox', async (locale, text) => {
    storeSession(USERS.supplier1);
    installFakeServer();
    await activateLocale(locale);
    renderWithProviders(<p>home</p>);
    await act(() => onOutcome({ type: 'sent', item: truckDocumentation(123), body: {} }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getAllByText(/123/)).toHaveLength(1);
  });
});
