/**
 * The outbox store: writes waiting for the server, per user, in IndexedDB.
 * Items are kept across sign-out and sent only while their own user is signed in again (see
 * decisions/0003-offline-outbox.md); nothing leaves the outbox without being sent or discarded by the user.
 */
import { db } from './db';
import type { OutboxItem, OutboxKind, OutboxRequest, StoredBytesPart } from './outbox-types';
import { OutOfSpaceError, isQuotaError } from './storage';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Tells this context's views that the outbox changed (other contexts hear Dexie's own broadcast). */
export function notifyOutboxChanged(): void {
  for (const listener of listeners) listener();
}

export function subscribeOutbox(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function newKey(): string {
  return crypto.randomUUID();
}

export interface NewItem {
  id?: string;
  userId: number;
  kind: OutboxKind;
  ticketId: number;
  request: OutboxRequest;
  queuedAt?: string;
  summary?: OutboxItem['summary'];
  draft?: OutboxItem['draft'];
}

export function makeItem(input: NewItem): OutboxItem {
  return {
    id: input.id ?? newKey(),
    userId: input.userId,
    kind: input.kind,
    ticketId: input.ticketId,
    queuedAt: input.queuedAt ?? new Date().toISOString(),
    attempts: 0,
    state: 'pending',
    nextAttemptAt: 0,
    request: input.request,
    summary: input.summary,
    draft: input.draft,
  };
}

/**
 * Stores the item; a full device rejects with OutOfSpaceError. A browser that refuses Blobs in IndexedDB
 * (WebKit's private windows fail the transaction) gets the files' bytes instead, marked `filesAsBytes`:
 * the outbox then says that such a window loses them when it closes. Any other failure rejects as it
 * came: the caller decides (submit.ts).
 */
export async function putItem(item: OutboxItem): Promise<void> {
  try {
    await db.outbox.put(item);
  } catch (error) {
    if (isQuotaError(error)) throw new OutOfSpaceError(error);
    if (!item.request.parts?.some((part) => part.kind === 'file')) throw error;
    try {
      await db.outbox.put(await withFileBytes(item));
    } catch (second) {
      if (isQuotaError(second)) throw new OutOfSpaceError(second);
      throw error;
    }
  }
  notifyOutboxChanged();
}

async function withFileBytes(item: OutboxItem): Promise<OutboxItem> {
  const parts = await Promise.all(
    (item.request.parts ?? []).map(async (part) =>
      part.kind === 'file'
        ? ({
            name: part.name,
            kind: 'bytes',
            bytes: await part.blob.arrayBuffer(),
            type: part.blob.type,
            filename: part.filename,
          } satisfies StoredBytesPart)
        : part,
    ),
  );
  // Stored as IndexedDB holds it; read back through db.ts, which gives the Blobs again.
  return {
    ...item,
    filesAsBytes: true,
    request: { ...item.request, parts: parts as unknown as OutboxRequest['parts'] },
  };
}

/** The user's items, oldest first (the order they are replayed in). */
export async function listItems(userId: number): Promise<OutboxItem[]> {
  const items = await db.outbox.where('userId').equals(userId).toArray();
  return items.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt) || a.id.localeCompare(b.id));
}

export function getItem(id: string): Promise<OutboxItem | undefined> {
  return db.outbox.get(id);
}

export async function removeItem(id: string): Promise<void> {
  await db.outbox.delete(id);
  notifyOutboxChanged();
}

export async function updateItem(id: string, changes: Partial<OutboxItem>): Promise<void> {
  await db.outbox.update(id, changes);
  notifyOutboxChanged();
}

/** A form reopened the item: it is not sent until saved again or the form is left. */
export async function holdForEditing(id: string): Promise<OutboxItem | undefined> {
  const item = await db.outbox.get(id);
  if (!item) return undefined;
  if (item.state !== 'editing') await updateItem(id, { state: 'editing', stateBeforeEdit: item.state });
  return item;
}

/** The form was left without saving: the item goes back to what it was. */
export async function releaseEditing(id: string): Promise<void> {
  const item = await db.outbox.get(id);
  if (item?.state === 'editing')
    await updateItem(id, { state: item.stateBeforeEdit ?? 'pending', stateBeforeEdit: undefined });
}

/** After a restart no form holds an item any more. */
export async function releaseAllEditing(): Promise<void> {
  const held = await db.outbox
    .where('userId')
    .above(-Infinity)
    .filter((item) => item.state === 'editing')
    .toArray();
  for (const item of held) await releaseEditing(item.id);
}

/** A newer read flag for the same ticket makes an older queued one pointless (last write wins). */
export async function dropSupersededReadFlags(userId: number, ticketId: number, keepId: string): Promise<void> {
  const items = await listItems(userId);
  const stale = items.filter(
    (item) =>
      item.kind === 'customs-read' && item.ticketId === ticketId && item.id !== keepId && item.state !== 'editing',
  );
  if (stale.length === 0) return;
  await db.outbox.bulkDelete(stale.map((item) => item.id));
  notifyOutboxChanged();
}

/** Sends a waiting item at the next run instead of after its backoff. */
export async function retryNow(id: string): Promise<void> {
  const item = await db.outbox.get(id);
  if (item?.state === 'pending') await updateItem(id, { nextAttemptAt: 0 });
}
