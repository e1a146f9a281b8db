import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'adminro', 'supplier1', 'supplier2', 'carrier1', 'customs1', 'customs2'])
    tokens[u] = await t.login(u);
});
afterAll(async () => {
  await t.close();
});

const get = async <T = Record<string, unknown>>(user: string, url: string, status = 200) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(tokens[user]!) });
  expect(res.statusCode).toBe(status);
  return res.json<T>();
};

describe('master data lookups', () => {
  it('should list the destinations', async () => {
    const { destinations } = await get<{ destinations: { id: number; name: string }[] }>(
      'carrier1',
      '/api/destinations',
    );
    expect(destinations.map((d) => d.name)).toEqual(['Monterrey Steel Mill', 'Saltillo Depot', 'Monclova Plant']);
  });

  it('should list the carriers with mode, category and the algorithm flag, and filter them by mode', async () => {
    const { carriers } = await get<{ carriers: Record<string, unknown>[] }>('supplier1', '/api/carriers');
    expect(carriers).toHaveLength(4);
    expect(carriers[0]).toEqual({
      id: expect.any(Number),
      businessName: 'Rápido Freight Lines',
      mode: 'TRUCK',
      category: 1,
      enabledForAlgorithm: true,
    });
    const rail = await get<{ carriers: { businessName: string }[]; count: number }>(
      'admin',
      '/api/carriers/filters?mode=RAILCAR',
    );
    expect(rail).toMatchObject({ count: 1, carriers: [{ businessName: 'Northern Rail Logistics' }] });
    const trucks = await get<{ count: number; carriers: unknown[] }>(
      'admin',
      '/api/carriers/filters?mode=truck&limit=2',
    );
    expect([trucks.count, trucks.carriers.length]).toEqual([3, 2]);
    await get('admin', '/api/carriers/filters?mode=BOAT', 400);
  });

  it('should show a supplier only its own supplier and yards', async () => {
    const { suppliers } = await get<{ suppliers: { businessName: string }[] }>('supplier2', '/api/suppliers');
    expect(suppliers.map((s) => s.businessName)).toEqual(['Lone Star Metal Yards Inc.']);
    for (const url of ['/api/depots', '/api/depots/all']) {
      const { depots } = await get<{ depots: { name: string }[] }>('supplier1', url);
      expect(depots.map((d) => d.name)).toEqual(['South Chicago Yard', 'Houston Ship Channel Yard']);
    }
    const admin = await get<{ suppliers: unknown[] }>('adminro', '/api/suppliers');
    expect(admin.suppliers).toHaveLength(2);
  });

  it('should give every yard to admins, with its location as a point', async () => {
    const { depots } = await get<{ depots: Record<string, unknown>[] }>('admin', '/api/depots');
    expect(depots).toHaveLength(4);
    expect(depots[0]).toMatchObject({
      name: 'South Chicago Yard',
      city: 'Chicago, IL',
      address: '11600 S Burley Ave',
      location: { type: 'Point', coordinates: [-87.5436, 41.6847] },
      borderCrossingId: expect.any(Number),
    });
  });

  it("should give a customs agent its own border crossings and everyone's on /all", async () => {
    const own1 = await get<{ borderCrossings: { description: string; customsAgent: { tradeName: string } }[] }>(
      'customs1',
      '/api/border-crossings',
    );
    expect(own1.borderCrossings.map((b) => b.description)).toEqual([
      'Laredo – Nuevo Laredo',
      'Eagle Pass – Piedras Negras',
    ]);
    expect(own1.borderCrossings[0]!.customsAgent.tradeName).toBe('Aduanas del Norte');
    const own2 = await get<{ borderCrossings: { description: string }[] }>('customs2', '/api/border-crossings');
    expect(own2.borderCrossings.map((b) => b.description)).toEqual(['El Paso – Ciudad Juárez']);
    const all = await get<{ borderCrossings: unknown[] }>('customs2', '/api/border-crossings/all');
    expect(all.borderCrossings).toHaveLength(3);
    expect((await get<{ borderCrossings: unknown[] }>('admin', '/api/border-crossings')).borderCrossings).toHaveLength(
      3,
    );
  });

  it('should show the configuration properties to admins only', async () => {
    const { configurations } = await get<{ configurations: { key: string; value: string }[] }>(
      'adminro',
      '/api/configurations',
    );
    expect(configurations.map(({ key, value }) => ({ key, value }))).toEqual([
      { key: 'ALLOCATION_FREQUENCY', value: '2' },
      { key: 'DELETE_TICKETS_FREQUENCY', value: '7' },
    ]);
    for (const user of ['supplier1', 'carrier1', 'customs1']) await get(user, '/api/configurations', 403);
  });

  it('should answer 401 without a token', async () => {
    for (const url of ['/api/destinations', '/api/carriers', '/api/depots', '/api/border-crossings']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
