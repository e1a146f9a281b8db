/**
 * Bad input answers 400 (404 for a path id), never 5xx: these classes are refused once, in the route
 * helper, for every route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';
import { filePart, jsonPart, multipart, pdf } from '../fixtures/files';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';
import {
  createTruckDocumentation,
  documentationFiles,
  insertTicket,
  seedIds,
  storedKeys,
  truckPayload,
  upload,
  type SeedIds,
} from '../fixtures/portal-data';

let t: TestApp;
let admin: string;
let supplier: string;
let ids: SeedIds;
beforeAll(async () => {
  t = await createTestApp();
  ids = await seedIds(t.app.db);
  admin = await t.login('admin');
  supplier = await t.login('supplier1');
});
afterAll(async () => {
  await t.close();
});

describe('bad input', () => {
  it('should answer 404 to a path id beyond the database integer range', async () => {
    for (const id of ['2147483648', '9999999999']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/tickets/${id}`, headers: bearer(admin) });
      expect(res.statusCode).toBe(404);
    }
  });

  it('should answer 400 to a NUL byte in a text of the body or the query', async () => {
    const body = await t.app.inject({
      method: 'PUT',
      url: '/api/tickets/1/decline',
      headers: bearer(await t.login('carrier1')),
      payload: { ticket: { reason: 'bad\u0000reason' } },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().message).toBe('Text must not contain a NUL character or a broken character');
    expect(body.json().code).toBe('unstorable_text');
    const query = await t.app.inject({ method: 'GET', url: '/api/tickets?search=a%00b', headers: bearer(supplier) });
    expect(query.statusCode).toBe(400);
  });

  it('should answer 400 to half of a surrogate pair in a text, and keep emoji', async () => {
    const carrier = await t.login('carrier1');
    const vehicle = (description: string, equipmentId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: { ...bearer(carrier), 'content-type': 'application/json' },
        // Written as JSON text so that the lone `\ud83d` reaches the server as it would from any client.
        payload: `{"vehicle":{"equipmentId":"${equipmentId}","plate":"TRK1","description":"${description}","capacityLbs":5}}`,
      });
    const broken = await vehicle('half \\ud83d', '765432');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('Text must not contain a NUL character or a broken character');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/vehicles?equipmentId=76543',
      headers: bearer(carrier),
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('765432');
    const emoji = await vehicle('whole \\ud83d\\ude9a', '765433');
    expect(emoji.statusCode).toBe(201);
    expect(emoji.json().vehicle.description).toBe('whole \u{1F69A}');
  });

  it('should answer 400 to a body of null or a list where an object is expected', async () => {
    // Renewing a token takes an object whose fields are all optional: `{}` is fine, null or a list is not.
    const renew = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login/token',
        headers: { ...bearer(supplier), 'content-type': 'application/json' },
        payload,
      });
    expect((await renew('{}')).statusCode).toBe(200);
    for (const payload of ['null', '[]', '[{"expiresIn":1000}]']) expect((await renew(payload)).statusCode).toBe(400);
  });

  it('should answer 400 to a text or a number where a wrapped object belongs, and change nothing', async () => {
    const audited = async () =>
      (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from audit_log`))[0]!.n;
    const before = await audited();
    for (const [contentType, payload] of [
      ['application/json', '"s"'],
      ['application/json', '123'],
      ['text/plain', 's'],
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/suppliers/2',
        headers: { ...bearer(admin), 'content-type': contentType! },
        payload,
      });
      expect({ contentType, payload, status: res.statusCode }).toEqual({ contentType, payload, status: 400 });
    }
    // No empty change was audited.
    expect(await audited()).toBe(before);
  });

  it('should answer 400 to integers beyond the database range in bodies and list filters', async () => {
    const tooBig = 2_147_483_648;
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: bearer(supplier),
      payload: { ticket: { originDepotId: tooBig } },
    });
    expect(create.statusCode).toBe(400);
    const manual = await t.app.inject({
      method: 'PUT',
      url: '/api/tickets/1/manual',
      headers: bearer(admin),
      payload: { ticket: { carrierId: 99_999_999_999, reason: 'move' } },
    });
    expect(manual.statusCode).toBe(400);
    for (const query of [`ticketId=${tooBig}`, `carrierId=${tooBig}`, 'supplierId=1&supplierId=99999999999']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/tickets?${query}`, headers: bearer(admin) });
      expect(`${query} ${res.statusCode}`).toBe(`${query} 400`);
    }
  });

  it('should answer 400 to dates outside the years 0001-9999', async () => {
    const urls = [
      '/api/tickets?beforeDate=0000-01-01',
      // A valid local time whose zone moves it into the year 10000.
      '/api/tickets?beforeDate=9999-12-31T23:00:00-05:00',
      '/api/rpa?date=0000-12-31',
      '/api/evouchers?from=0000-01-01&to=0000-01-02',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
      expect(`${url} ${res.statusCode}`).toBe(`${url} 400`);
    }
    const contract = await t.app.inject({
      method: 'POST',
      url: `/api/carriers/${ids.rapido}/contracts`,
      headers: bearer(admin),
      payload: { contract: { description: 'Year zero', price: 100, from: '0000-01-01', to: '0001-01-01' } },
    });
    expect(contract.statusCode).toBe(400);
  });

  it('should refuse numbers and ids written as hex, binary or exponent text, and texts sent as other types', async () => {
    for (const value of ['0x10', '0b11', '1e3', ' ', '']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/tickets?ticketId=${encodeURIComponent(value)}`,
        headers: bearer(admin),
      });
      expect(`${JSON.stringify(value)} ${res.statusCode}`).toBe(`${JSON.stringify(value)} 400`);
    }
    const ticketId = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.rapido,
      originDepotId: ids.chicagoYard,
    });
    const refusals: Record<string, unknown>[] = [
      { ticketId: '0x10' },
      { destinationId: '1e3' },
      { materialId: '0b11' },
      { invoiceNumber: ['INV', '1'] },
      { invoiceNumber: { text: 'INV-1' } },
      { invoiceNumber: true },
      { carEquipment: ['TRK123456'] },
      { materialDescription: { a: 1 } },
    ];
    for (const override of refusals) {
      const res = await createTruckDocumentation(t, supplier, truckPayload(ids, ticketId, override));
      expect(`${JSON.stringify(override)} ${res.statusCode}`).toBe(`${JSON.stringify(override)} 400`);
    }
    const decline = await t.app.inject({
      method: 'PUT',
      url: `/api/tickets/${ticketId}/decline`,
      headers: bearer(await t.login('carrier1')),
      payload: { ticket: { reason: ['a', 'b'] } },
    });
    expect(decline.statusCode).toBe(400);
  });

  it('should answer 400 to deeply nested JSON sent with an Idempotency-Key', async () => {
    // Unknown keys are dropped by the schemas, so the nesting hides in one the route does not read.
    const deep = '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000);
    for (const [url, payload] of [
      ['/api/tickets', `{"ticket":{"originDepotId":${ids.chicagoYard},"extra":${deep}}}`],
      ['/api/trucks-documentation', `{"truckDocumentation":${deep}}`],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(supplier), 'content-type': 'application/json', 'idempotency-key': `deep-${url}` },
        payload,
      });
      expect(`${url} ${res.statusCode}`).toBe(`${url} 400`);
    }
  });

  it('should answer 400 to a truncated multipart body or a wrong boundary, and keep no file', async () => {
    const before = await storedKeys(t);
    const ticketId = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.rapido,
      originDepotId: ids.chicagoYard,
    });
    const { payload, headers } = multipart([
      ...documentationFiles(1),
      filePart('files[]', pdf(), 'extra.pdf', 'application/pdf'),
    ]);
    const send = (body: Buffer, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/trucks-documentation',
        headers: { ...bearer(supplier), 'content-type': contentType },
        payload: body,
      });
    const cuts = [payload.subarray(0, payload.length - 10), payload.subarray(0, Math.floor(payload.length / 2))];
    for (const cut of cuts) expect((await send(cut, headers['content-type']!)).statusCode).toBe(400);
    expect((await send(payload, 'multipart/form-data; boundary=not-the-boundary')).statusCode).toBe(400);
    expect((await send(payload, 'multipart/form-data')).statusCode).toBe(400);
    expect(ticketId).toBeGreaterThan(0);
    expect(await storedKeys(t)).toEqual(before);
  });

  it('should answer 400 to a NUL or half a surrogate pair in the JSON part of an upload, and keep no file', async () => {
    const ticketId = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.rapido,
      originDepotId: ids.chicagoYard,
    });
    const before = await storedKeys(t);
    for (const invoiceNumber of ['INV-\u0000-X', 'INV-\ud800-X']) {
      const res = await createTruckDocumentation(t, supplier, truckPayload(ids, ticketId, { invoiceNumber }));
      expect({ invoiceNumber, status: res.statusCode, code: res.json().code }).toEqual({
        invoiceNumber,
        status: 400,
        code: 'unstorable_text',
      });
    }
    // The provider invoice's JSON part too (an admin route), before anything is looked up.
    const invoice = await upload(t, 'POST', '/api/invoices', admin, [
      filePart('invoiceFile', pdf(), 'ta.pdf'),
      jsonPart('invoice', { number: 'TA-\u0000', date: '2026-11-22', borderCrossingId: ids.laredo, ticketId }),
    ]);
    expect({ status: invoice.statusCode, code: invoice.json().code }).toEqual({ status: 400, code: 'unstorable_text' });
    expect(await storedKeys(t)).toEqual(before);
  });

  it("should drop direction overrides from a file's stored name", async () => {
    const ticketId = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.rapido,
      originDepotId: ids.chicagoYard,
    });
    // The sales invoice PDF named so that it reads 'invoiceexe.pdf' on screen.
    const renamed = documentationFiles(1).map((part, index) =>
      index === 0 ? { ...part, filename: 'invoice\u202Efdp.exe' } : part,
    );
    const res = await createTruckDocumentation(t, supplier, truckPayload(ids, ticketId), renamed);
    expect(res.statusCode).toBe(201);
    const names = await queryRows<{ name: string }>(
      t.app.db,
      sql`select f.name from files f where f.name like 'invoice%fdp.exe'`,
    );
    expect(names.map((row) => row.name)).toEqual(['invoicefdp.exe']);
  });

  it('should refuse a photo that starts like an image but is none', async () => {
    const ticketId = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.rapido,
      originDepotId: ids.chicagoYard,
    });
    const fakes = [
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('<script>alert(1)</script>')]),
      Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('not a png at all')]),
      // A JPEG head with no frame: no dimensions, no picture.
      Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'),
    ];
    for (const fake of fakes) {
      const files = [...documentationFiles(0), filePart('files[]', fake, 'photo.jpg', 'image/jpeg')];
      const res = await createTruckDocumentation(t, supplier, truckPayload(ids, ticketId), files);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.photos).toBe('The file format should be an image');
    }
    // A real picture still passes.
    expect((await createTruckDocumentation(t, supplier, truckPayload(ids, ticketId))).statusCode).toBe(201);
  });
});
