/**
 * A full disk answers 507 with what happened (nothing was saved, try later), logged as such, and leaves
 * nothing half-written. The disk is made full by the file store's own write failing as a full disk does
 * (ENOSPC): a real full filesystem cannot be made on this machine without privileges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';
import {
  createTruckDocumentation,
  insertTicket,
  seedIds,
  storedKeys,
  truckPayload,
  type SeedIds,
} from '../fixtures/portal-data';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let ids: SeedIds;
beforeAll(async () => {
  t = await createTestApp();
  ids = await seedIds(t.app.db);
});
afterAll(async () => {
  await t.close();
});

describe('a full disk', () => {
  it('should answer 507 with its message and store no file and no row', async () => {
    const supplier = await t.login('supplier1');
    const ticketId = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.rapido,
      originDepotId: ids.chicagoYard,
    });
    const before = await storedKeys(t);
    const put = t.app.files.put.bind(t.app.files);
    let calls = 0;
    // The third file finds the disk full, as a write does: ENOSPC from the file system.
    t.app.files.put = async (source, max) => {
      if (++calls === 3) {
        source.resume();
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      }
      return put(source, max);
    };
    try {
      const res = await createTruckDocumentation(t, supplier, truckPayload(ids, ticketId));
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([
        507,
        'insufficient_storage',
        'The server has no storage space left. Nothing was saved; try again later.',
      ]);
    } finally {
      t.app.files.put = put;
    }
    expect(await storedKeys(t)).toEqual(before);
    const [row] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from shipping_documents where ticket_id = ${ticketId}`,
    );
    expect(row!.n).toBe(0);
  });
});
