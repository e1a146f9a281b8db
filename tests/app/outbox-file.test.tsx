/**
 * The outbox to and from a file (offline/outbox-file.ts and the drawer): a round trip keeps every item
 * and byte, an item already in the outbox is left alone, and a file of another user, a damaged one, one
 * of a newer portal or no outbox file at all is refused whole, said in the user's words.
 */
import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UserMenu } from '../../src/app/components/layout/user-menu';
import { activateLocale } from '../../src/app/lib/i18n';
import { db } from '../../src/app/offline/db';
import { listItems, makeItem, putItem } from '../../src/app/offline/outbox';
import { exportOutbox, importOutbox, OutboxFileError, readOutboxFile } from '../../src/app/offline/outbox-file';
import type { OutboxItem } from '../../src/app/offline/outbox-types';
import { USERS, installFakeServer, storeSession } from './fake-server';
import { renderWithProviders } from './render';

const supplier = USERS.supplier1;
/** Each item queued a minute after the one before: the outbox (and its file) keeps them in that order. */
let minute = 0;
const nextQueuedAt = () => new Date(Date.UTC(2026, 10, 28, 8, (minute += 1))).toISOString();

const accept = (ticketId: number): OutboxItem =>
  makeItem({
    userId: supplier.id,
    kind: 'accept',
    ticketId,
    queuedAt: nextQueuedAt(),
    request: { method: 'PUT', path: `/tickets/${ticketId}/confirm`, json: { ticket: { timezone: 360 } } },
    summary: { withdrawalDate: '2026-11-24T15:00:00.000Z' },
  });

/** A documentation whose parts are plain JSON (file parts are checked by bytes below, outside IndexedDB). */
const documentation = (ticketId: number): OutboxItem =>
  makeItem({
    userId: supplier.id,
    kind: 'documentation',
    ticketId,
    queuedAt: nextQueuedAt(),
    request: {
      method: 'POST',
      path: '/trucks-documentation',
      parts: [{ kind: 'json', name: 'truckDocumentation', json: `{"ticketId":${ticketId}}` }],
    },
    draft: { mode: 'TRUCK', values: { tripId: ticketId }, fileSlots: [] },
  });

/** A file as the export writes it, from `items` as JSON objects. */
const fileOf = (content: unknown) => new Blob([JSON.stringify(content)], { type: 'application/json' });

beforeEach(async () => {
  await db.outbox.clear();
});
afterEach(async () => {
  await activateLocale('en');
});

describe('the outbox as a file', () => {
  it('should carry every item, its request and its draft, with the same key, and add each once', async () => {
    const items = [accept(50), documentation(51)];
    for (const item of items) await putItem(item);
    const { file } = await exportOutbox(supplier.id);
    await db.outbox.clear();

    const read = await readOutboxFile(file, supplier.id);
    const wanted = (item: OutboxItem) => ({ ...item, request: { ...item.request, parts: item.request.parts } });
    expect(read).toEqual(items.map(wanted));
    expect(await importOutbox(read)).toEqual({ added: 2, alreadyHere: 0 });
    expect((await listItems(supplier.id)).map((item) => item.id)).toEqual(items.map((item) => item.id));
    expect(await importOutbox(await readOutboxFile(file, supplier.id))).toEqual({ added: 0, alreadyHere: 2 });
  });

  it("should keep a file part's bytes and type, checked by their SHA-256", async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x00, 0xff, 0x80]);
    const content = {
      format: 'scrap-portal-outbox',
      version: 1,
      userId: supplier.id,
      exportedAt: '2026-11-28T10:00:00.000Z',
      items: [
        {
          id: crypto.randomUUID(),
          kind: 'documentation',
          ticketId: 52,
          queuedAt: '2026-11-28T09:00:00.000Z',
          request: {
            method: 'POST',
            path: '/trucks-documentation',
            parts: [
              {
                name: 'salesInvoice',
                kind: 'file',
                filename: 'invoice.pdf',
                type: 'application/pdf',
                size: bytes.length,
                sha256: Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (byte) =>
                  byte.toString(16).padStart(2, '0'),
                ).join(''),
                base64: btoa(String.fromCharCode(...bytes)),
              },
            ],
          },
        },
      ],
    };
    const [item] = await readOutboxFile(fileOf(content), supplier.id);
    const part = item?.request.parts?.[0];
    expect(part?.kind === 'file' && part.filename).toBe('invoice.pdf');
    const blob = part?.kind === 'file' ? part.blob : null;
    expect(blob?.type).toBe('application/pdf');
    expect(new Uint8Array(await blob!.arrayBuffer())).toEqual(bytes);

    // One byte changed in the file: refused whole.
    const changed = structuredClone(content);
    changed.items[0]!.request.parts[0]!.base64 = btoa(String.fromCharCode(...bytes.map((b, i) => (i === 8 ? 0 : b))));
    await expect(readOutboxFile(fileOf(changed), supplier.id)).rejects.toEqual(new OutboxFileError('damaged'));
  });

  it("should refuse another user's file, a newer portal's and anything else, adding nothing", async () => {
    await putItem(accept(53));
    const { file } = await exportOutbox(supplier.id);
    const content = JSON.parse(await file.text()) as Record<string, unknown>;
    const problem = (blob: Blob, userId = supplier.id) =>
      readOutboxFile(blob, userId).then(
        () => 'read',
        (error: unknown) => (error instanceof OutboxFileError ? error.problem : String(error)),
      );
    expect(await problem(file, USERS.carrier1.id)).toBe('other-user');
    expect(await problem(fileOf({ ...content, version: 2 }))).toBe('newer-version');
    expect(await problem(new Blob(['not json']))).toBe('unreadable');
    expect(await problem(fileOf({ ...content, items: [{ id: 'x' }] }))).toBe('unreadable');
    expect(await problem(fileOf({ ...content, format: 'something-else' }))).toBe('unreadable');
  });
});

describe('the outbox file in the drawer', () => {
  async function openOutboxFromMenu() {
    storeSession(supplier);
    installFakeServer();
    const view = renderWithProviders(<UserMenu user={supplier} onLogout={() => undefined} />);
    await view.user.click(screen.getByRole('button', { name: /^(Account of|Cuenta de)/ }));
    await view.user.click(await screen.findByRole('menuitem', { name: /^(Outbox|Bandeja de salida)$/ }));
    return { ...view, drawer: await screen.findByRole('dialog') };
  }

  it('should add the items of a file to an empty outbox from the account menu, and say so', async () => {
    await putItem(accept(54));
    await putItem(accept(55));
    const file = new File([(await exportOutbox(supplier.id)).file], 'outbox.json', { type: 'application/json' });
    await db.outbox.clear();

    const { user, drawer } = await openOutboxFromMenu();
    expect(within(drawer).getByText('Nothing waiting to be sent.')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Save to a file' })).not.toBeInTheDocument();
    await user.upload(drawer.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    expect(await within(drawer).findByTestId('outbox-file-result')).toHaveTextContent(
      '2 items added from the file. They are sent in turn.',
    );
    expect((await listItems(supplier.id)).map((item) => item.ticketId)).toEqual([54, 55]);
  });

  it("should say in Spanish why another user's file is refused", async () => {
    await activateLocale('es');
    await putItem({ ...accept(56), userId: USERS.carrier1.id });
    const file = new File([(await exportOutbox(USERS.carrier1.id)).file], 'outbox.json', { type: 'application/json' });
    const { user, drawer } = await openOutboxFromMenu();
    await user.upload(drawer.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    expect(await within(drawer).findByTestId('outbox-file-result')).toHaveTextContent(
      'Este archivo tiene la bandeja de salida de otro usuario.',
    );
    expect(await listItems(supplier.id)).toEqual([]);
  });
});
