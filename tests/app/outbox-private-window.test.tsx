/**
 * An outbox in a browser that will not store what it is given: WebKit's private windows refuse a Blob in
 * IndexedDB (the transaction fails), and some browsers refuse IndexedDB altogether. Nothing typed is lost,
 * and the user is told in their words (offline/outbox.ts, offline/submit.ts, offline/outbox-messages.ts).
 */
import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OfflineBadge } from '../../src/app/components/offline-badge';
import { activateLocale, i18n } from '../../src/app/lib/i18n';
import { reloadSession } from '../../src/app/lib/session-store';
import { db } from '../../src/app/offline/db';
import { getItem, listItems, makeItem, putItem } from '../../src/app/offline/outbox';
import { toastNotKept } from '../../src/app/offline/outbox-messages';
import type { OutboxItem } from '../../src/app/offline/outbox-types';
import { buildBody } from '../../src/app/offline/request';
import { OutboxUnavailableError } from '../../src/app/offline/storage';
import { submitThroughOutbox } from '../../src/app/offline/submit';
import { USERS, installFakeServer, storeSession } from './fake-server';
import { renderWithProviders } from './render';

const supplier = USERS.supplier1;
const realPut = db.outbox.put.bind(db.outbox);

/** A railcar documentation with one PDF and one photo, as its form queues it. */
function documentation(): OutboxItem {
  return makeItem({
    userId: supplier.id,
    kind: 'documentation',
    ticketId: 31,
    request: {
      method: 'POST',
      path: '/railcar-documentation',
      parts: [
        { kind: 'json', name: 'data', json: '{"carEquipment":"GATX123456"}' },
        {
          kind: 'file',
          name: 'files[]',
          blob: new File(['%PDF-1.4 invoice'], 'invoice.pdf', { type: 'application/pdf' }),
          filename: 'invoice.pdf',
        },
        {
          kind: 'file',
          name: 'files[]',
          blob: new File([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], 'side.jpg', { type: 'image/jpeg' }),
          filename: 'side.jpg',
        },
      ],
    },
    draft: { mode: 'RAILCAR', values: {}, fileSlots: ['salesInvoice', 'photos'] },
  });
}

/** IndexedDB as a WebKit private window has it: a record holding a Blob fails its transaction. */
function refuseBlobs() {
  return vi.spyOn(db.outbox, 'put').mockImplementation((item, key) =>
    Dexie.Promise.resolve().then(() => {
      if (item.request.parts?.some((part) => 'blob' in part && part.blob instanceof Blob))
        throw Object.assign(new Error('Error preparing Blob/File data to be stored in object store'), {
          name: 'UnknownError',
        });
      return realPut(item, key);
    }),
  );
}

beforeEach(async () => {
  await db.outbox.clear();
  storeSession(supplier);
  reloadSession();
  installFakeServer();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await activateLocale('en');
});

describe('a browser that refuses files in IndexedDB', () => {
  it('should keep the files as their bytes and give them back as the same files to send', async () => {
    const put = refuseBlobs();
    const item = documentation();
    await putItem(item);
    // Refused as Blobs, then stored as bytes.
    expect(put).toHaveBeenCalledTimes(2);
    const stored = (await getItem(item.id))!;
    expect(stored.filesAsBytes).toBe(true);
    const form = buildBody(stored.request).body as FormData;
    const [pdf, photo] = form.getAll('files[]') as File[];
    expect({ name: pdf!.name, type: pdf!.type, text: await pdf!.text() }).toEqual({
      name: 'invoice.pdf',
      type: 'application/pdf',
      text: '%PDF-1.4 invoice',
    });
    expect({ name: photo!.name, type: photo!.type, bytes: [...new Uint8Array(await photo!.arrayBuffer())] }).toEqual({
      name: 'side.jpg',
      type: 'image/jpeg',
      bytes: [0xff, 0xd8, 0xff, 1, 2, 3],
    });
    expect(await (form.get('data') as Blob).text()).toBe('{"carEquipment":"GATX123456"}');
    // A browser that takes Blobs stores them as they are.
    put.mockRestore();
    const other = documentation();
    await putItem(other);
    expect((await getItem(other.id))!.filesAsBytes).toBeUndefined();
  });

  it('should say in the outbox that such a window loses its files when it closes, in both languages', async () => {
    refuseBlobs();
    await putItem(documentation());
    const { user } = renderWithProviders(<OfflineBadge />);
    await user.click(await screen.findByRole('button', { name: /^Outbox/ }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByTestId('outbox-window-only')).toHaveTextContent(
      'This browser window does not keep files once it is closed, as private windows do. Keep it open until these are sent, or save them to a file below.',
    );
    expect(within(drawer).queryByTestId('outbox-not-kept')).not.toBeInTheDocument();
    await activateLocale('es');
    expect(await within(drawer).findByTestId('outbox-window-only')).toHaveTextContent(
      'Esta ventana del navegador no conserva los archivos una vez cerrada',
    );
  });
});

describe('a browser that stores nothing', () => {
  it('should refuse with a reason the form tells, keeping nothing half-stored, when the connection is lost on sending', async () => {
    vi.spyOn(db.outbox, 'put').mockImplementation(() =>
      Dexie.Promise.reject(Object.assign(new Error('The operation failed'), { name: 'UnknownError' })),
    );
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const server = installFakeServer();
    server.on('PUT /api/tickets/:id/decline', () => 'network-error');
    const sent = submitThroughOutbox({
      kind: 'decline',
      ticketId: 21,
      request: { method: 'PUT', path: '/tickets/21/decline', json: { ticket: { reason: 'flat tyre' } } },
    });
    await expect(sent).rejects.toBeInstanceOf(OutboxUnavailableError);
    expect(await listItems(supplier.id)).toEqual([]);
  });

  it('should tell the user in their words, in both languages', async () => {
    renderWithProviders(<div />);
    expect(toastNotKept(i18n, new OutboxUnavailableError(new Error('x')))).toBe(true);
    expect(await screen.findByText('This browser cannot keep it for later')).toBeInTheDocument();
    expect(
      screen.getByText(/Your entries are still in the form: send it when the connection returns/),
    ).toBeInTheDocument();
    await activateLocale('es');
    expect(toastNotKept(i18n, new OutboxUnavailableError(new Error('x')))).toBe(true);
    expect(await screen.findByText('Este navegador no puede guardarlo para después')).toBeInTheDocument();
    expect(toastNotKept(i18n, new Error('Ticket is PENDING'))).toBe(false);
  });
});
