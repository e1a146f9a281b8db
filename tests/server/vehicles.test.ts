import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';
import { useSeededApp } from './helpers/seeded-app';

const { t, call } = useSeededApp();
const vehicle = (over: Record<string, unknown> = {}) => ({
  vehicle: {
    equipmentId: 'TRK99001',
    plate: 'TX 1234-AB',
    description: 'Roll-off',
    capacityLbs: 45000.5,
    active: true,
    ...over,
  },
});

describe('GET /vehicles', () => {
  it("should list only the caller's own equipment with its kind, paged, and filter active ones", async () => {
    const res = await call('rail1', 'GET', '/api/vehicles?limit=2');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ vehicles: { kind: string; equipmentId: string }[]; count: number }>();
    expect(body.count).toBe(4);
    expect(body.vehicles).toHaveLength(2);
    expect(body.vehicles.every((v) => v.kind === 'RAILCAR' && v.equipmentId.startsWith('GONX'))).toBe(true);
    const active = await call('rail1', 'GET', '/api/vehicles?active=true');
    expect(active.json().count).toBe(3);
    const mine = await call('carrier2', 'GET', '/api/vehicles');
    expect(mine.json().vehicles.every((v: { kind: string }) => v.kind === 'TRUCK')).toBe(true);
    expect(mine.json().count).toBe(2);
  });

  it('should answer 403 to every role but the carrier', async () => {
    for (const user of ['admin', 'adminro', 'supplier1', 'customs1'])
      expect((await call(user, 'GET', '/api/vehicles')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/vehicles')).statusCode).toBe(401);
  });
});

describe('POST and PUT /vehicles', () => {
  it('should register equipment (id upper-cased) and refuse the same id in any case for the same carrier with 409', async () => {
    const res = await call('carrier2', 'POST', '/api/vehicles', vehicle({ equipmentId: 'trk99001' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().vehicle).toMatchObject({
      equipmentId: 'TRK99001',
      kind: 'TRUCK',
      capacityLbs: 45000.5,
      active: true,
    });
    const again = await call('carrier2', 'POST', '/api/vehicles', vehicle());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('duplicate key value violates unique constraint');
    expect(again.json().code).toBe('duplicate_equipment_id');
    // Another carrier may hold the same id.
    expect((await call('carrier1', 'POST', '/api/vehicles', vehicle())).statusCode).toBe(201);
  });

  it('should apply the car/equipment rule, the capacity rule and require a plate or a description', async () => {
    const short = await call('carrier2', 'POST', '/api/vehicles', vehicle({ equipmentId: 'AB-12' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toEqual({ equipmentId: 'Car/Equipment must contain alphanumeric digits (min 6)' });
    const capacity = await call(
      'carrier2',
      'POST',
      '/api/vehicles',
      vehicle({ equipmentId: 'TRK99002', capacityLbs: 0 }),
    );
    expect(capacity.json().details).toEqual({
      capacityLbs: 'Capacity must be a positive number of lbs with at most 2 decimals',
    });
    const neither = await call(
      'carrier2',
      'POST',
      '/api/vehicles',
      vehicle({ equipmentId: 'TRK99002', plate: ' ', description: null }),
    );
    expect(neither.json().details).toEqual({ plate: 'Enter a plate or a description' });
  });

  it("should update the carrier's own vehicle, 404 another carrier's, 409 a taken id, 403 other roles", async () => {
    const created = await call('carrier2', 'POST', '/api/vehicles', vehicle({ equipmentId: 'TRK99003' }));
    const id = created.json().vehicle.id as number;
    const res = await call(
      'carrier2',
      'PUT',
      `/api/vehicles/${id}`,
      vehicle({ equipmentId: 'TRK99003', active: false, plate: null }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().vehicle).toMatchObject({ id, active: false, plate: null, description: 'Roll-off' });
    expect(
      (await call('carrier1', 'PUT', `/api/vehicles/${id}`, vehicle({ equipmentId: 'TRK99003' }))).statusCode,
    ).toBe(404);
    expect(
      (await call('carrier2', 'PUT', `/api/vehicles/${id}`, vehicle({ equipmentId: 'TRK99001' }))).statusCode,
    ).toBe(409);
    expect((await call('admin', 'PUT', `/api/vehicles/${id}`, vehicle())).statusCode).toBe(403);
    expect((await call('adminro', 'POST', '/api/vehicles', vehicle())).statusCode).toBe(403);
    expect(
      (await call('carrier2', 'PUT', '/api/vehicles/99999', vehicle({ equipmentId: 'TRK99004' }))).statusCode,
    ).toBe(404);
  });
});

describe('GET /vehicles/suggestions', () => {
  it("should give the ticket carrier's active equipment ids to the ticket's supplier and 404 to another supplier", async () => {
    const [ticket] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select t.id from tickets t join carriers c on c.id = t.carrier_id join suppliers s on s.id = t.supplier_id
        where t.status = 'CONFIRMED' and c.business_name = 'Northern Rail Logistics' and s.business_name like 'Midwest%' limit 1`,
    );
    const res = await call('supplier1', 'GET', `/api/vehicles/suggestions?ticketId=${ticket!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().equipmentIds).toEqual(['GONX310213', 'GONX310217', 'GONX310218']);
    expect((await call('supplier2', 'GET', `/api/vehicles/suggestions?ticketId=${ticket!.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/api/vehicles/suggestions?ticketId=${ticket!.id}`)).statusCode).toBe(200);
    expect((await call('carrier1', 'GET', `/api/vehicles/suggestions?ticketId=${ticket!.id}`)).statusCode).toBe(403);
  });
});
