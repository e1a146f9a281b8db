/** What the start reads from IndexedDB without Dexie (persister.ts): the database's name and its kv rows. */
export const DB_NAME = 'scrap-portal-offline';

export interface KeyValue {
  key: string;
  value: string;
}
