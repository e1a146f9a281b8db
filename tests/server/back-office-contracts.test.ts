import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';
import { useSeededApp } from './helpers/seeded-app';

const { t, call } = useSeededApp();
const today = () => new Date().toISOString().slice(0, 10);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function carrierId(name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from carriers where business_name = ${name}`,
  );
  return row!.id;
}

interface Contract {
  id: number;
  carrier: { id: number; businessName: string };
  description: string;
  price: number;
  from: string;
  to: string;
  status: string;
  ended: boolean;
}

describe('GET /contracts', () => {
  it('should page every contract with its carrier, status and total, newest first', async () => {
    const res = await call('admin', 'GET', '/api/contracts?page=1&limit=3');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ contracts: Contract[]; total: number }>();
    expect(body.total).toBe(8);
    expect(body.contracts).toHaveLength(3);
    const ids = body.contracts.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(body.contracts[0]).toMatchObject({
      carrier: { businessName: expect.any(String) },
      price: expect.any(Number),
    });
  });

  it('should filter by carrier and by active or inactive, today inclusive', async () => {
    const rapido = await carrierId('Rápido Freight Lines');
    const active = (await call('admin', 'GET', `/api/contracts?carrierId=${rapido}&contractStatus=active`)).json<{
      contracts: Contract[];
      total: number;
    }>();
    expect(active.total).toBe(1);
    expect(active.contracts[0]).toMatchObject({ status: 'active', ended: false });
    expect(active.contracts[0]!.from <= today() && today() <= active.contracts[0]!.to).toBe(true);
    const inactive = (await call('admin', 'GET', `/api/contracts?carrierId=${rapido}&contractStatus=INACTIVE`)).json<{
      contracts: Contract[];
    }>();
    expect(inactive.contracts.map((c) => c.status)).toEqual(['inactive']);
    expect(inactive.contracts[0]!.ended).toBe(true);
    const both = (
      await call(
        'admin',
        'GET',
        `/api/contracts?carrierId=${rapido}&contractStatus=active&contractStatus=inactive&orderBy=ASC`,
      )
    ).json<{
      contracts: Contract[];
    }>();
    expect(both.contracts).toHaveLength(2);
    expect(both.contracts[0]!.id).toBeLessThan(both.contracts[1]!.id);
  });

  it('should let ADMINRO read, refuse other roles with 403 and no token with 401, and refuse a bad filter with 400', async () => {
    expect((await call('adminro', 'GET', '/api/contracts')).statusCode).toBe(200);
    for (const user of ['supplier1', 'carrier1', 'customs1'])
      expect((await call(user, 'GET', '/api/contracts')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/contracts')).statusCode).toBe(401);
    const bad = await call('admin', 'GET', '/api/contracts?contractStatus=ended');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('contractStatus must be active or inactive');
  });
});

describe('POST /carriers/{carrierId}/contracts', () => {
  it('should create a contract with the spec fields and answer it wrapped', async () => {
    const border = await carrierId('Border Haulers Co.');
    const res = await call('admin', 'POST', `/api/carriers/${border}/contracts`, {
      contract: { description: 'Summer surge', price: 1950.5, from: day(1), to: day(60) },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().contract).toMatchObject({
      carrier: { id: border, businessName: 'Border Haulers Co.' },
      description: 'Summer surge',
      price: 1950.5,
      from: day(1),
      to: day(60),
      status: 'inactive',
      ended: false,
    });
  });

  it('should refuse a price under 1, a missing field and an end before the start with the field messages', async () => {
    const border = await carrierId('Border Haulers Co.');
    const low = await call('admin', 'POST', `/api/carriers/${border}/contracts`, {
      contract: { description: 'x', price: 0.5, from: day(0), to: day(1) },
    });
    expect(low.statusCode).toBe(400);
    expect(low.json().details).toEqual({ price: 'Price must be at least 1' });
    const missing = await call('admin', 'POST', `/api/carriers/${border}/contracts`, {
      contract: { price: 10, from: day(0), to: day(1) },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual({ description: 'Campo obligatorio' });
    const order = await call('admin', 'POST', `/api/carriers/${border}/contracts`, {
      contract: { description: 'Backwards', price: 10, from: day(5), to: day(4) },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().details).toEqual({ to: 'The end date cannot be before the start date' });
    const badDate = await call('admin', 'POST', `/api/carriers/${border}/contracts`, {
      contract: { description: 'Bad', price: 10, from: '2026-02-30', to: day(4) },
    });
    expect(badDate.json().details).toEqual({ from: 'The date must be a date (YYYY-MM-DD)' });
  });

  it('should answer 403 to ADMINRO before looking at the carrier, then 404 for an unknown carrier', async () => {
    const body = { contract: { description: 'x', price: 10, from: day(0), to: day(1) } };
    expect((await call('adminro', 'POST', '/api/carriers/99999/contracts', body)).statusCode).toBe(403);
    expect((await call('carrier1', 'POST', '/api/carriers/99999/contracts', body)).statusCode).toBe(403);
    expect((await call('admin', 'POST', '/api/carriers/99999/contracts', body)).statusCode).toBe(404);
    expect((await call('admin', 'POST', '/api/carriers/abc/contracts', body)).statusCode).toBe(404);
  });
});

describe('PUT /carriers/{carrierId}/contracts/{contractId}', () => {
  async function contractOf(carrier: string, status: 'active' | 'inactive') {
    const id = await carrierId(carrier);
    const { contracts } = (await call('admin', 'GET', `/api/contracts?carrierId=${id}&contractStatus=${status}`)).json<{
      contracts: Contract[];
    }>();
    return contracts.find((c) => (status === 'inactive' ? c.ended : true))!;
  }

  it('should change description, price and end date and keep the start date', async () => {
    const c = await contractOf('Northern Rail Logistics', 'active');
    const res = await call('admin', 'PUT', `/api/carriers/${c.carrier.id}/contracts/${c.id}`, {
      contract: { description: 'Gondola service, renegotiated', price: 5300, to: day(300), from: '2000-01-01' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().contract).toMatchObject({
      id: c.id,
      description: 'Gondola service, renegotiated',
      price: 5300,
      from: c.from,
      to: day(300),
    });
  });

  it('should refuse a price that is not a whole number and an end date before the stored start', async () => {
    const c = await contractOf('Northern Rail Logistics', 'active');
    const cents = await call('admin', 'PUT', `/api/carriers/${c.carrier.id}/contracts/${c.id}`, {
      contract: { description: 'x', price: 10.5, to: day(10) },
    });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().details).toEqual({ price: 'Price must be a whole number' });
    const before = await call('admin', 'PUT', `/api/carriers/${c.carrier.id}/contracts/${c.id}`, {
      contract: { description: 'x', price: 10, to: '2000-01-01' },
    });
    expect(before.statusCode).toBe(422);
    expect(before.json()).toMatchObject({
      message: 'The end date cannot be before the start date',
      details: { to: 'The end date cannot be before the start date' },
    });
  });

  it('should answer 409 with the spec text for an ended contract and leave it unchanged', async () => {
    const c = await contractOf('Rápido Freight Lines', 'inactive');
    expect(c.ended).toBe(true);
    const res = await call('admin', 'PUT', `/api/carriers/${c.carrier.id}/contracts/${c.id}`, {
      contract: { description: 'Revived', price: 100, to: day(100) },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The contract has ended, you can no longer change its conditions');
    const [row] = await queryRows<{ description: string }>(
      t.database.db,
      sql`select description from contracts where id = ${c.id}`,
    );
    expect(row!.description).toBe(c.description);
  });

  it('should answer 404 for a contract of another carrier, and 403 to ADMINRO', async () => {
    const c = await contractOf('Northern Rail Logistics', 'active');
    const other = await carrierId('Border Haulers Co.');
    const body = { contract: { description: 'x', price: 10, to: day(10) } };
    expect((await call('admin', 'PUT', `/api/carriers/${other}/contracts/${c.id}`, body)).statusCode).toBe(404);
    expect((await call('adminro', 'PUT', `/api/carriers/${c.carrier.id}/contracts/${c.id}`, body)).statusCode).toBe(
      403,
    );
  });
});
