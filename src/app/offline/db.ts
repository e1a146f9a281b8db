/**
 * The app's IndexedDB database (Dexie), shared by the page and the service worker:
 * - `kv`: small string values written through from memory (the persisted TanStack Query cache, one
 *   key per user, see persister.ts);
 * - `outbox`: writes waiting for the server, files included as Blobs (outbox.ts);
 * - `session`: the token and user id the service worker needs to replay the outbox (it has no
 *   localStorage); mirrored from the page's session and removed on sign-out.
 */
import { Dexie, type EntityTable } from 'dexie';
import { DB_NAME, type KeyValue } from './db-schema';
import type { OutboxItem } from './outbox-types';

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
  return db;
}

export const db: OfflineDb = open();
