/**
 * Responses are shaped per role: carriers and customs agents never receive a supplier's phone number or
 * ERP (SAP) id, in the supplier list or anywhere in the ticket list and detail they read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let phones: string[];
let sapIds: string[];
beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login('admin');
  const res = await t.app.inject({ method: 'GET', url: '/api/suppliers', headers: bearer(admin) });
  const suppliers = res.json().suppliers as { sapId: string | null; cellphone: string | null }[];
  phones = suppliers.map((s) => s.cellphone).filter((x): x is string => !!x);
  sapIds = suppliers.map((s) => s.sapId).filter((x): x is string => !!x);
});
afterAll(async () => {
  await t.close();
});

const get = async (user: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(await t.login(user)) });

describe('least data per role', () => {
  it('should give admins and the supplier itself the phone and ERP id', async () => {
    expect(phones.length).toBeGreaterThan(0);
    expect(sapIds.length).toBeGreaterThan(0);
    const own = (await get('supplier1', '/api/suppliers')).json().suppliers;
    expect(own).toHaveLength(1);
    expect(own[0]).toHaveProperty('sapId');
    expect(own[0]).toHaveProperty('cellphone');
  });

  for (const user of ['carrier1', 'rail1', 'customs1']) {
    it(`should send ${user} no supplier phone or ERP id in suppliers, ticket list and detail`, async () => {
      const suppliers = (await get(user, '/api/suppliers')).json().suppliers as Record<string, unknown>[];
      expect(suppliers.length).toBeGreaterThan(0);
      for (const s of suppliers)
        expect(Object.keys(s).sort()).toEqual(['businessName', 'city', 'createAt', 'id', 'tradeName']);
      const list = await get(user, '/api/tickets?limit=50');
      expect(list.statusCode).toBe(200);
      const tickets = list.json().tickets as { id: number }[];
      const bodies = [list.body];
      for (const ticket of tickets.slice(0, 5)) bodies.push((await get(user, `/api/tickets/${ticket.id}`)).body);
      for (const body of bodies) {
        for (const phone of phones) expect(body).not.toContain(phone);
        for (const sap of sapIds) expect(body).not.toContain(`"${sap}"`);
        expect(body).not.toMatch(/"(cellphone|sapId|supplierSapId)"/);
      }
    });
  }
});
