import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';
import { runAllocationSweep } from '../../src/server/jobs/allocation-sweep';
import { useSeededApp } from './helpers/seeded-app';

const { t, call } = useSeededApp();
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const idOf = async (table: 'carriers' | 'suppliers', name: string) =>
  (await rows<{ id: number }>(sql`select id from ${sql.raw(table)} where business_name = ${name}`))[0]!.id;

async function newTicket(user: string, yard: string) {
  const [depot] = await rows<{ id: number }>(sql`select id from depots where name = ${yard}`);
  return call(user, 'POST', '/api/tickets', { ticket: { count: 1, originDepotId: depot!.id } });
}

describe('PUT /carriers/{id}', () => {
  it('should change category and enabledForAlgorithm, and answer the info text without a write when nothing changes', async () => {
    const border = await idOf('carriers', 'Border Haulers Co.');
    const changed = await call('admin', 'PUT', `/api/carriers/${border}`, {
      carrier: { category: 3, enabledForAlgorithm: true },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      changed: true,
      carrier: { id: border, category: 3, enabledForAlgorithm: true },
    });
    const audits = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where entity = 'carrier'`))[0]!.n;
    const before = await audits();
    const same = await call('admin', 'PUT', `/api/carriers/${border}`, {
      carrier: { category: 3, enabledForAlgorithm: true },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ changed: false, message: 'No changes were made to carrier' });
    expect(await audits()).toBe(before);
    await call('admin', 'PUT', `/api/carriers/${border}`, { carrier: { category: 2, enabledForAlgorithm: true } });
  });

  it('should refuse a category under 1 or not whole, and answer 403 to ADMINRO and 404 for an unknown carrier', async () => {
    const border = await idOf('carriers', 'Border Haulers Co.');
    for (const category of [0, 1.5, '2']) {
      const res = await call('admin', 'PUT', `/api/carriers/${border}`, {
        carrier: { category, enabledForAlgorithm: true },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual({ category: 'Category must be a whole number of at least 1' });
    }
    const body = { carrier: { category: 1, enabledForAlgorithm: true } };
    expect((await call('adminro', 'PUT', `/api/carriers/${border}`, body)).statusCode).toBe(403);
    expect((await call('carrier1', 'PUT', `/api/carriers/${border}`, body)).statusCode).toBe(403);
    expect((await call('admin', 'PUT', '/api/carriers/99999', body)).statusCode).toBe(404);
  });

  it('should make the next allocation use the new category and algorithm flag', async () => {
    const rapido = await idOf('carriers', 'Rápido Freight Lines');
    const northern = await idOf('carriers', 'Northern Rail Logistics');
    const border = await idOf('carriers', 'Border Haulers Co.');
    // Rápido and Northern (category 1) go out of the algorithm; Border (category 2) is next in line.
    await call('admin', 'PUT', `/api/carriers/${rapido}`, { carrier: { category: 1, enabledForAlgorithm: false } });
    await call('admin', 'PUT', `/api/carriers/${northern}`, { carrier: { category: 5, enabledForAlgorithm: true } });
    const first = await newTicket('supplier2', 'San Antonio East Yard');
    expect(first.json().tickets[0].carrier.businessName).toBe('Border Haulers Co.');
    // Border now drops behind Northern.
    await call('admin', 'PUT', `/api/carriers/${border}`, { carrier: { category: 9, enabledForAlgorithm: true } });
    const second = await newTicket('supplier2', 'San Antonio East Yard');
    expect(second.json().tickets[0].carrier.businessName).toBe('Northern Rail Logistics');
    await call('admin', 'PUT', `/api/carriers/${rapido}`, { carrier: { category: 1, enabledForAlgorithm: true } });
    await call('admin', 'PUT', `/api/carriers/${northern}`, { carrier: { category: 1, enabledForAlgorithm: true } });
    await call('admin', 'PUT', `/api/carriers/${border}`, { carrier: { category: 2, enabledForAlgorithm: true } });
  });
});

describe('suppliers', () => {
  it('should page the suppliers with their options and filter by business name and SAP id', async () => {
    const all = await call('admin', 'GET', '/api/suppliers/filters?page=1&limit=1');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({
      count: 2,
      suppliers: [
        {
          businessName: 'Midwest Scrap Recycling LLC',
          options: { enabled: true, defaultDestinationId: null, noticeEmail: null },
        },
      ],
    });
    const byName = await call('adminro', 'GET', '/api/suppliers/filters?businessName=lone%20star');
    expect(byName.json().suppliers.map((s: { sapId: string }) => s.sapId)).toEqual(['100311']);
    const bySap = await call('admin', 'GET', '/api/suppliers/filters?sapId=245');
    expect(bySap.json().suppliers.map((s: { businessName: string }) => s.businessName)).toEqual([
      'Midwest Scrap Recycling LLC',
    ]);
    const wild = await call('admin', 'GET', '/api/suppliers/filters?businessName=%25');
    expect(wild.json().count).toBe(0);
    expect((await call('supplier1', 'GET', '/api/suppliers/filters')).statusCode).toBe(403);
  });

  it('should edit the options, keep the ones left out, and check the destination and e-mail', async () => {
    const texas = await idOf('suppliers', 'Lone Star Metal Yards Inc.');
    const [dest] = await rows<{ id: number }>(sql`select id from destinations order by id limit 1`);
    const res = await call('admin', 'PUT', `/api/suppliers/${texas}`, {
      supplier: { defaultDestinationId: dest!.id, noticeEmail: 'yard@lonestar.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().supplier.options).toEqual({
      enabled: true,
      defaultDestinationId: dest!.id,
      noticeEmail: 'yard@lonestar.test',
    });
    const unknown = await call('admin', 'PUT', `/api/suppliers/${texas}`, {
      supplier: { defaultDestinationId: 99999 },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('Destination not found');
    const email = await call('admin', 'PUT', `/api/suppliers/${texas}`, {
      supplier: { noticeEmail: 'not-an-address' },
    });
    expect(email.statusCode).toBe(400);
    expect(email.json().details).toEqual({ noticeEmail: 'Enter a valid e-mail address' });
    expect((await call('adminro', 'PUT', `/api/suppliers/${texas}`, { supplier: { enabled: false } })).statusCode).toBe(
      403,
    );
    expect((await call('admin', 'PUT', '/api/suppliers/99999', { supplier: { enabled: false } })).statusCode).toBe(404);
  });

  it('should refuse new tickets with 403 and a clear message while the enabled option is off', async () => {
    const texas = await idOf('suppliers', 'Lone Star Metal Yards Inc.');
    await call('admin', 'PUT', `/api/suppliers/${texas}`, { supplier: { enabled: false } });
    const refused = await newTicket('supplier2', 'San Antonio East Yard');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your supplier account may not request tickets right now. Contact the administrator.',
    );
    // Another supplier is unaffected.
    expect((await newTicket('supplier1', 'South Chicago Yard')).statusCode).toBe(201);
    await call('admin', 'PUT', `/api/suppliers/${texas}`, { supplier: { enabled: true } });
    expect((await newTicket('supplier2', 'San Antonio East Yard')).statusCode).toBe(201);
  });
});

describe('depots', () => {
  const point = (lat: number, lng: number) => ({ type: 'Point', coordinates: [lng, lat] });

  it('should page the depots and filter them by supplier and city', async () => {
    const midwest = await idOf('suppliers', 'Midwest Scrap Recycling LLC');
    const res = await call('admin', 'GET', `/api/depots/filters?supplierId=${midwest}&limit=1`);
    expect(res.json()).toMatchObject({
      count: 2,
      depots: [
        {
          supplier: { id: midwest },
          city: 'Chicago, IL',
          location: { type: 'Point', coordinates: [-87.5436, 41.6847] },
        },
      ],
    });
    const city = await call('adminro', 'GET', '/api/depots/filters?city=el%20paso');
    expect(city.json().depots.map((d: { name: string }) => d.name)).toEqual(['El Paso Border Yard']);
    expect((await call('carrier1', 'GET', '/api/depots/filters')).statusCode).toBe(403);
  });

  it('should create a depot, then refuse the same supplier, city and address again with 409', async () => {
    const midwest = await idOf('suppliers', 'Midwest Scrap Recycling LLC');
    const [crossing] = await rows<{ id: number }>(sql`select id from border_crossings order by id limit 1`);
    const depot = {
      supplierId: midwest,
      city: 'Gary, IN',
      address: '1 N Broadway',
      location: point(41.6, -87.34),
      description: 'Lakeside',
      borderCrossingId: crossing!.id,
    };
    const res = await call('admin', 'POST', '/api/depots', { depot });
    expect(res.statusCode).toBe(201);
    expect(res.json().depot).toMatchObject({
      id: expect.any(Number),
      supplierId: midwest,
      city: 'Gary, IN',
      location: depot.location,
    });
    const again = await call('admin', 'POST', '/api/depots', {
      depot: { ...depot, city: ' gary, in ', address: '1 n broadway' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('duplicate key value violates unique constraint');
    expect(again.json().code).toBe('duplicate_depot');
  });

  it('should check the depot form rules and unknown supplier or crossing, and answer 403 to ADMINRO', async () => {
    const midwest = await idOf('suppliers', 'Midwest Scrap Recycling LLC');
    const base = {
      supplierId: midwest,
      city: 'Joliet',
      address: '20 Main St',
      location: point(41.5, -88.1),
      borderCrossingId: 1,
    };
    const short = await call('admin', 'POST', '/api/depots', { depot: { ...base, city: 'Jo' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toEqual({ city: 'City must be 3 to 100 characters' });
    const lat = await call('admin', 'POST', '/api/depots', { depot: { ...base, location: point(91, 0) } });
    expect(lat.json().details).toEqual({
      'location.coordinates.1': 'Latitude must be a number from -90 to 90, with at most 8 decimals',
    });
    // A point has two numbers, not seven: the extra ones were once dropped and the depot created.
    const seven = await call('admin', 'POST', '/api/depots', {
      depot: { ...base, location: { type: 'Point', coordinates: [-88.1, 41.5, 1, 2, 3, 4, 5] } },
    });
    expect([seven.statusCode, seven.json().message]).toEqual([
      400,
      'Location must be a GeoJSON point [longitude, latitude]',
    ]);
    const desc = await call('admin', 'POST', '/api/depots', { depot: { ...base, description: 'x'.repeat(201) } });
    expect(desc.json().details).toEqual({ description: 'Description must be at most 200 characters' });
    const supplier = await call('admin', 'POST', '/api/depots', { depot: { ...base, supplierId: 99999 } });
    expect(supplier.statusCode).toBe(422);
    expect(supplier.json().message).toBe('Supplier not found');
    const crossing = await call('admin', 'POST', '/api/depots', { depot: { ...base, borderCrossingId: 99999 } });
    expect(crossing.json().message).toBe('Border crossing not found');
    expect((await call('adminro', 'POST', '/api/depots', { depot: base })).statusCode).toBe(403);
    expect((await call('supplier1', 'POST', '/api/depots', { depot: base })).statusCode).toBe(403);
  });
});

describe('PUT /configurations/{id}', () => {
  const configs = async () =>
    (await call('admin', 'GET', '/api/configurations')).json<{
      configurations: { id: number; key: string; value: string }[];
    }>().configurations;

  it('should update a value and refuse values under each key minimum with its message', async () => {
    const list = await configs();
    const alloc = list.find((c) => c.key === 'ALLOCATION_FREQUENCY')!;
    const expiry = list.find((c) => c.key === 'DELETE_TICKETS_FREQUENCY')!;
    const zero = await call('admin', 'PUT', `/api/configurations/${alloc.id}`, { settings: { value: 0 } });
    expect(zero.statusCode).toBe(200);
    expect(zero.json().configuration).toEqual({ id: alloc.id, key: 'ALLOCATION_FREQUENCY', value: '0' });
    const negative = await call('admin', 'PUT', `/api/configurations/${alloc.id}`, { settings: { value: -1 } });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().details).toEqual({ value: 'Allocation time must be a whole number of hours, at least 0' });
    const noDays = await call('admin', 'PUT', `/api/configurations/${expiry.id}`, { settings: { value: '0' } });
    expect(noDays.statusCode).toBe(422);
    expect(noDays.json().message).toBe('Ticket expiry must be a whole number of days, at least 1');
    const fraction = await call('admin', 'PUT', `/api/configurations/${expiry.id}`, { settings: { value: 1.5 } });
    expect(fraction.statusCode).toBe(400);
    expect(
      (await call('adminro', 'PUT', `/api/configurations/${expiry.id}`, { settings: { value: 3 } })).statusCode,
    ).toBe(403);
    expect((await call('admin', 'PUT', '/api/configurations/99999', { settings: { value: 3 } })).statusCode).toBe(404);
    await call('admin', 'PUT', `/api/configurations/${alloc.id}`, { settings: { value: 2 } });
  });

  it('should make the allocation sweep use a new ALLOCATION_FREQUENCY at its next run', async () => {
    const alloc = (await configs()).find((c) => c.key === 'ALLOCATION_FREQUENCY')!;
    const created = await newTicket('supplier1', 'South Chicago Yard');
    const ticketId = created.json().tickets[0].id as number;
    const offers = () =>
      rows<{ status: string }>(sql`select status from ticket_assignments where ticket_id = ${ticketId} order by id`);
    const t0 = Date.now();
    // Three hours later the offer would have expired under the seeded 2 hours; at 5 hours it stays.
    await call('admin', 'PUT', `/api/configurations/${alloc.id}`, { settings: { value: 5 } });
    await runAllocationSweep(t.database.db, new Date(t0 + 3 * 3_600_000));
    expect((await offers()).map((o) => o.status)).toEqual(['PENDING']);
    await call('admin', 'PUT', `/api/configurations/${alloc.id}`, { settings: { value: 1 } });
    await runAllocationSweep(t.database.db, new Date(t0 + 3 * 3_600_000 + 60_000));
    expect((await offers()).map((o) => o.status)).toEqual(['REJECTED', 'PENDING']);
    await call('admin', 'PUT', `/api/configurations/${alloc.id}`, { settings: { value: 2 } });
  });
});
