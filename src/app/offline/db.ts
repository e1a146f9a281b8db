/**
 * The app's IndexedDB database (Dexie), shared by the page and the service worker:
 * - `kv`: small string values written through from memory (the persisted TanStack Query cache, one
 *   key per user, see persister.ts);
 * - `outbox`: writes waiting for the server, files included as Blobs (outbox.ts), or as their bytes where
 *   the browser refuses Blobs in IndexedDB (WebKit's private windows): read back as Blobs either way;
 * - `session`: the token and user id the service worker needs to replay the outbox (it has no
 *   localStorage); mirrored from the page's session and removed on sign-out.
 */
import { Dexie, type EntityTable } from 'dexie';
import { DB_NAME, type KeyValue } from './db-schema';
import type { OutboxItem, OutboxPart, StoredBytesPart } from './outbox-types';

export { DB_NAME, type KeyValue };

export interface StoredSession {
  id: 'current';
  token: string;
  userId: number;
}

export type OfflineDb = Dexie & {
  kv: EntityTable<KeyValue, 'key'>;
  outbox: EntityTable<OutboxItem, 'id'>;
  session: EntityTable<StoredSession, 'id'>;
};

function open(): OfflineDb {
  const db = new Dexie(DB_NAME) as OfflineDb;
  db.version(1).stores({ kv: 'key', outbox: 'id, userId, queuedAt', session: 'id' });
  db.outbox.hook('reading', fromStoredBytes);
  return db;
}

export const db: OfflineDb = open();

/**
 * An item as read: file parts kept as bytes become Blobs again (outbox.ts, putItem). Dexie calls it for a
 * key that holds nothing too (`get` of a sent item), with undefined.
 */
function fromStoredBytes(item: OutboxItem | undefined): OutboxItem | undefined {
  const parts = item?.request?.parts as (OutboxPart | StoredBytesPart)[] | undefined;
  if (!item || !parts?.some((part) => part.kind === 'bytes')) return item;
  const asRead = parts.map((part): OutboxPart =>
    part.kind === 'bytes'
      ? {
          name: part.name,
          kind: 'file',
          blob: new File([part.bytes], part.filename, { type: part.type }),
          filename: part.filename,
        }
      : part,
  );
  return { ...item, request: { ...item.request, parts: asRead } };
}
