/**
 * The API refuses the numbers the app's fields refuse (src/shared/domain/number-text.ts), whoever sends
 * them: a decimal where the rule wants a whole number, more decimals than allowed, a negative number, a
 * number written as grouped text. Each answers 400 (or the route's 422 for a range decided by stored
 * data) naming the field, and nothing is rounded or stored.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';
import { jsonPart } from '../fixtures/files';
import { createTruckDocumentation, insertTicket, truckPayload, upload } from '../fixtures/portal-data';
import { useSeededApp } from './helpers/seeded-app';

const { t, ids, token, call } = useSeededApp();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(t.database.db, query);
  return row!;
}

type Refusal = [value: unknown, status: number, detail: string];

/** Sends `value` in the field and expects the answer to refuse it, naming the field. */
async function expectRefused(
  send: (value: unknown) => Promise<{ statusCode: number; json: () => { details?: Record<string, string> } }>,
  field: string,
  refusals: Refusal[],
) {
  for (const [value, status, detail] of refusals) {
    const res = await send(value);
    expect({ value, status: res.statusCode }).toEqual({ value, status });
    expect(res.json().details?.[field], String(value)).toBe(detail);
  }
}

describe('whole numbers, decimals and signs on the server', () => {
  it('should refuse a non-integer, negative or grouped price on a contract edit and keep the stored price', async () => {
    const c = await one<{ id: number; carrier_id: number; price: string }>(
      sql`select id, carrier_id, price from contracts where "to" >= current_date order by id limit 1`,
    );
    const send = (price: unknown) =>
      call('admin', 'PUT', `/api/carriers/${c.carrier_id}/contracts/${c.id}`, {
        contract: { description: 'Edited', price, to: day(200) },
      });
    await expectRefused(send, 'price', [
      [2510.75, 400, 'Price must be a whole number'],
      [2500.5, 400, 'Price must be a whole number'],
      [-5, 400, 'Price must be at least 1'],
      ['2,500', 400, 'Price must be a number'],
      ['2510', 400, 'Price must be a number'],
    ]);
    const stored = await one<{ price: string }>(sql`select price from contracts where id = ${c.id}`);
    expect(stored.price).toBe(c.price);
  });

  it('should refuse more than 2 decimals, a negative or a text price on a new contract', async () => {
    const send = (price: unknown) =>
      call('admin', 'POST', `/api/carriers/${ids.rapido}/contracts`, {
        contract: { description: 'New', price, from: day(1), to: day(30) },
      });
    await expectRefused(send, 'price', [
      [2500.505, 400, 'Price can have at most 2 decimals'],
      [-5, 400, 'Price must be at least 1'],
      ['2,500.50', 400, 'Price must be a number'],
    ]);
  });

  it('should refuse a fractional, negative or grouped setting, a category and a ticket count', async () => {
    const setting = await one<{ id: number }>(
      sql`select id from configuration_properties where key = 'ALLOCATION_FREQUENCY'`,
    );
    await expectRefused(
      (value) => call('admin', 'PUT', `/api/configurations/${setting.id}`, { settings: { value } }),
      'value',
      [
        [1.5, 400, 'The value must be a whole number'],
        ['1,250', 400, 'The value must be a whole number'],
        [-1, 422, 'Allocation time must be a whole number of hours, at least 0'],
      ],
    );
    await expectRefused(
      (category) =>
        call('admin', 'PUT', `/api/carriers/${ids.rapido}`, { carrier: { category, enabledForAlgorithm: true } }),
      'category',
      [
        [1.5, 400, 'Category must be a whole number of at least 1'],
        [-1, 400, 'Category must be a whole number of at least 1'],
        ['2', 400, 'Category must be a whole number of at least 1'],
      ],
    );
    await expectRefused(
      (count) => call('supplier1', 'POST', '/api/tickets', { ticket: { count, originDepotId: ids.chicagoYard } }),
      'count',
      [
        [2.5, 400, 'Count must be a whole number from 1 to 10'],
        [-3, 400, 'Count must be a whole number from 1 to 10'],
        [1250, 400, 'Count must be a whole number from 1 to 10'],
        ['3', 400, 'Count must be a whole number from 1 to 10'],
      ],
    );
  });

  it('should refuse a vehicle capacity with 3 decimals, negative or as grouped text', async () => {
    await expectRefused(
      (capacityLbs) =>
        call('carrier1', 'POST', '/api/vehicles', { vehicle: { equipmentId: 'NUMRULE1', plate: 'TX 9', capacityLbs } }),
      'capacityLbs',
      [
        [80000.125, 400, 'Capacity must be a positive number of lbs with at most 2 decimals'],
        [-5, 400, 'Capacity must be a positive number of lbs with at most 2 decimals'],
        ['80,000', 400, 'Capacity must be a positive number of lbs with at most 2 decimals'],
      ],
    );
  });

  it('should refuse a depot coordinate with more than 8 decimals instead of rounding it where it is stored', async () => {
    const depot = (latitude: unknown, longitude: unknown) => ({
      depot: {
        supplierId: ids.midwest,
        city: 'Gary',
        address: '9 Number Rule Ave',
        location: { type: 'Point', coordinates: [longitude, latitude] },
        borderCrossingId: ids.laredo,
      },
    });
    await expectRefused(
      (latitude) => call('admin', 'POST', '/api/depots', depot(latitude, -87.5)),
      'location.coordinates.1',
      [
        [41.123456789, 400, 'Latitude must be a number from -90 to 90, with at most 8 decimals'],
        ['41.6', 400, 'Latitude must be a number from -90 to 90, with at most 8 decimals'],
      ],
    );
    await expectRefused(
      (longitude) => call('admin', 'POST', '/api/depots', depot(41.6, longitude)),
      'location.coordinates.0',
      [[-87.1234567891, 400, 'Longitude must be a number from -180 to 180, with at most 8 decimals']],
    );
    const kept = await call('admin', 'POST', '/api/depots', depot(41.12345678, -87.12345678));
    expect(kept.statusCode).toBe(201);
    expect(kept.json().depot.location.coordinates).toEqual([-87.12345678, 41.12345678]);
  });

  it('should refuse an RPA id filter that is not a whole number of at least 1', async () => {
    for (const rpaId of ['1.5', '-1', '1,234', '1e3']) {
      expect((await call('admin', 'GET', `/api/rpa?rpaId=${encodeURIComponent(rpaId)}`)).statusCode, rpaId).toBe(400);
    }
  });

  it('should refuse documentation amounts and weights with 3 decimals, negative or as grouped text', async () => {
    const ticketId = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.rapido,
      originDepotId: ids.chicagoYard,
    });
    const created = await createTruckDocumentation(t, token('supplier1'), truckPayload(ids, ticketId));
    expect(created.statusCode).toBe(201);
    const docId = created.json().truckDocumentation.id as number;
    const put = (json: Record<string, unknown>) =>
      upload(t, 'PUT', `/api/trucks-documentation/${docId}`, token('admin'), [jsonPart('truckDocumentation', json)]);
    await expectRefused((invoiceAmount) => put({ invoiceAmount }), 'invoiceAmount', [
      [12500.505, 400, 'At most 2 decimals are allowed'],
      [-5, 400, 'Invoice Amount must be a positive number'],
      ['12,500.50', 400, 'Invoice Amount must be a positive number'],
    ]);
    await expectRefused((tareWeight) => put({ tareWeight }), 'tareWeight', [
      [30000.125, 400, 'At most 2 decimals are allowed'],
      [-5, 400, 'Tare Weight must be a positive number'],
    ]);
  });
});
