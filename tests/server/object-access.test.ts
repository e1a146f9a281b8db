/**
 * Object-level access sweep, generated from the OpenAPI document like the role matrix: every operation
 * that names an object (a path id, an id in the query or the JSON body, or a multipart upload that names
 * its ticket) is called on a real object of supplier1 / carrier1 / customs1 (or rail1 for a railcar
 * object) by every other non-admin demo user. Each of them must get exactly the answer a missing object
 * gets (same status, same body once the id is swapped), so nothing tells them the object exists; the
 * named strangers, whose role may use the route, must get 404. The owner's own call is the control that
 * the object is real and reachable. Then every list a user can read is searched for those objects.
 * An operation that names an object and has no entry in PROBES, or a list with no entry in LISTS, fails
 * the test: each new route gets its object scope decided on purpose.
 */
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/database';
import { jsonPart, multipart } from '../fixtures/files';
import { documentationFiles, railcarPayload, truckPayload } from '../fixtures/portal-data';
import { DEMO_USERNAMES, openSeededApp, type SeededApp } from './helpers/seeded-app';
import { bearer } from './helpers/test-app';

const MISSING = 999999;
const NON_ADMIN = DEMO_USERNAMES.filter((u) => u !== 'admin' && u !== 'adminro');
type User = (typeof DEMO_USERNAMES)[number];

/** One object named by one operation. */
interface Probe {
  /** The request for the object `id` (a number, or a file key). */
  request: (id: number | string) => InjectOptions;
  id: number | string;
  /** A value naming no object, of the same shape. */
  missing: number | string;
  /** Users who may see the object: they are not probed, and the first is the control. */
  owners: User[];
  /** The owner's answer: proof the object is real and reachable. */
  ownerStatus: number;
  /** Users whose role may use the route and who must get 404. */
  strangers: User[];
  /** The ticket the object belongs to, searched for in the strangers' lists. */
  ticketId?: number;
}

let s: SeededApp;
let o: Awaited<ReturnType<typeof findObjects>>;

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => {
  const [row] = await queryRows<T>(s.t.app.db, query);
  if (!row) throw new Error(`no row for ${JSON.stringify(query)}`);
  return row;
};

/** The demo objects the probes name, found by their owners and statuses. */
async function findObjects() {
  const { midwest, rapido, northern, houstonYard } = s.ids;
  const ticket = async (status: string, carrierId: number, extra = sql``) =>
    (
      await one<{ id: number }>(sql`select t.id from tickets t where t.supplier_id = ${midwest}
        and t.carrier_id = ${carrierId} and t.status = ${status} and t.deleted_at is null ${extra} order by t.id limit 1`)
    ).id;
  const pendingTruck = await ticket('PENDING', rapido);
  const confirmedTruck = await ticket('CONFIRMED', rapido);
  const confirmedRail = await ticket('CONFIRMED', northern);
  const invoicedTruck = await ticket('SUPPLIER_INVOICED', rapido);
  // Through Houston's yard the crossing is Eagle Pass: customs1's agent, not customs2's.
  const taInvoiced = await ticket('TA_INVOICED', rapido, sql`and t.origin_depot_id = ${houstonYard}`);
  const railTransit = await ticket('MX_TRANSIT', northern);
  const delivered = await ticket('DELIVERED', rapido);
  const doc = (ticketId: number) =>
    one<{ id: number; key: string; invoiceNumber: string }>(sql`select d.id, f.key, d.invoice_number as "invoiceNumber"
      from shipping_documents d join document_files df on df.document_id = d.id join files f on f.id = df.file_id
      where d.ticket_id = ${ticketId} order by df.kind, df.position limit 1`);
  const invoice = await one<{ key: string; number: string }>(sql`select f.key, i.number from provider_invoices i
    join files f on f.id = i.invoice_file_id where i.ticket_id = ${taInvoiced}`);
  const vehicle = await one<{ id: number; equipmentId: string; capacity: string }>(sql`select id,
    equipment_id as "equipmentId", capacity_lbs::text as capacity from vehicles where carrier_id = ${rapido} order by id limit 1`);
  const supplier1 = (await one<{ id: number }>(sql`select id from users where username = 'supplier1'`)).id;
  return {
    pendingTruck,
    confirmedTruck,
    confirmedRail,
    invoicedTruck,
    taInvoiced,
    railTransit,
    delivered,
    invoicedDoc: await doc(invoicedTruck),
    taDoc: await doc(taInvoiced),
    railDoc: await doc(railTransit),
    invoice,
    vehicle,
    supplier1,
  };
}

const json = (method: InjectOptions['method'], url: string, payload?: unknown): InjectOptions => ({
  method,
  url: `/api${url}`,
  ...(payload === undefined
    ? {}
    : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
});

const upload = (method: InjectOptions['method'], url: string, field: string, body: unknown): InjectOptions => {
  const parts = multipart([jsonPart(field, body), ...documentationFiles()]);
  return { method, url: `/api${url}`, payload: parts.payload, headers: parts.headers };
};

/** A withdrawal date long past: the owner's accept is refused by the date rule, after the ticket is found. */
const PAST = { withdrawalDate: '2020-01-06T15:00:00.000Z', timezone: 360 };

const TRUCK_PARTIES: User[] = ['supplier1', 'carrier1', 'customs1'];
const RAIL_PARTIES: User[] = ['supplier1', 'rail1', 'customs1'];

/** One row per operation that names an object; `admin` marks those only admins may call at all. */
function probes(): Record<string, Probe[] | 'admin'> {
  const ids = s.ids;
  const ticketProbe = (
    request: (id: number | string) => InjectOptions,
    ticketId: number,
    owners: User[],
    ownerStatus: number,
    strangers: User[],
  ): Probe[] => [{ request, id: ticketId, missing: MISSING, owners, ownerStatus, strangers, ticketId }];
  return {
    'GET /users/{id}': [
      {
        request: (id) => json('GET', `/users/${id}`),
        id: o.supplier1,
        missing: MISSING,
        owners: ['supplier1'],
        ownerStatus: 200,
        strangers: NON_ADMIN.filter((u) => u !== 'supplier1'),
      },
    ],
    'PUT /users/{id}/firebaseToken': [
      {
        request: (id) => json('PUT', `/users/${id}/firebaseToken`, { token: 'device-token-of-the-sweep' }),
        id: o.supplier1,
        missing: MISSING,
        owners: ['supplier1'],
        ownerStatus: 200,
        strangers: NON_ADMIN.filter((u) => u !== 'supplier1'),
      },
    ],
    'PUT /users/{id}/firebaseToken/remove': [
      {
        request: (id) => json('PUT', `/users/${id}/firebaseToken/remove`, { token: 'device-token-of-the-sweep' }),
        id: o.supplier1,
        missing: MISSING,
        owners: ['supplier1'],
        ownerStatus: 200,
        strangers: NON_ADMIN.filter((u) => u !== 'supplier1'),
      },
    ],
    'GET /tickets/{id}': [
      ...ticketProbe((id) => json('GET', `/tickets/${id}`), o.taInvoiced, TRUCK_PARTIES, 200, [
        'supplier2',
        'carrier2',
        'rail1',
        'customs2',
      ]),
      ...ticketProbe((id) => json('GET', `/tickets/${id}`), o.railTransit, RAIL_PARTIES, 200, [
        'supplier2',
        'carrier1',
        'carrier2',
        'customs2',
      ]),
      ...ticketProbe((id) => json('GET', `/tickets/${id}`), o.pendingTruck, ['supplier1', 'carrier1'], 200, [
        'supplier2',
        'carrier2',
        'rail1',
        'customs1',
        'customs2',
      ]),
    ],
    'DELETE /tickets/{id}': ticketProbe((id) => json('DELETE', `/tickets/${id}`), o.invoicedTruck, ['supplier1'], 409, [
      'supplier2',
    ]),
    'PUT /tickets/{id}': ticketProbe(
      (id) => json('PUT', `/tickets/${id}`, { ticket: { customsRead: true } }),
      o.taInvoiced,
      ['customs1'],
      200,
      ['customs2'],
    ),
    'PUT /tickets/{id}/confirm': ticketProbe(
      (id) => json('PUT', `/tickets/${id}/confirm`, { ticket: PAST }),
      o.pendingTruck,
      ['carrier1'],
      422,
      ['carrier2', 'rail1'],
    ),
    'PUT /tickets/{id}/decline': ticketProbe(
      (id) => json('PUT', `/tickets/${id}/decline`, { ticket: { reason: 'probe' } }),
      o.pendingTruck,
      ['carrier1'],
      409,
      ['carrier2', 'rail1'],
    ),
    // A confirmed ticket: its carrier reaches the status check (409) and the ticket is left as it is.
    'PUT /tickets/{id}/pass': ticketProbe(
      (id) => json('PUT', `/tickets/${id}/pass`, { ticket: { reason: 'probe' } }),
      o.confirmedTruck,
      ['carrier1'],
      409,
      ['carrier2', 'rail1'],
    ),
    'PUT /tickets/{id}/manual': 'admin',
    'PATCH /tickets/cancel/{id}': ticketProbe(
      (id) => json('PATCH', `/tickets/cancel/${id}`),
      o.confirmedTruck,
      ['supplier1'],
      409,
      ['supplier2'],
    ),
    'POST /tickets': [
      {
        request: (id) => json('POST', '/tickets', { ticket: { originDepotId: id, count: 1 } }),
        id: ids.chicagoYard,
        missing: MISSING,
        owners: ['supplier1'],
        ownerStatus: 201,
        strangers: ['supplier2'],
      },
    ],
    'PUT /carriers/{id}': 'admin',
    'PUT /suppliers/{id}': 'admin',
    'PUT /configurations/{id}': 'admin',
    'POST /depots': 'admin',
    'POST /carriers/{carrierId}/contracts': 'admin',
    'PUT /carriers/{carrierId}/contracts/{contractId}': 'admin',
    'PUT /vehicles/{id}': [
      {
        request: (id) =>
          json('PUT', `/vehicles/${id}`, {
            vehicle: { equipmentId: o.vehicle.equipmentId, capacityLbs: Number(o.vehicle.capacity), plate: 'PROBE1' },
          }),
        id: o.vehicle.id,
        missing: MISSING,
        owners: ['carrier1'],
        ownerStatus: 200,
        strangers: ['carrier2', 'rail1'],
      },
    ],
    'GET /vehicles/suggestions': ticketProbe(
      (id) => json('GET', `/vehicles/suggestions?ticketId=${id}`),
      o.confirmedTruck,
      ['supplier1'],
      200,
      ['supplier2'],
    ),
    'POST /trucks-documentation': ticketProbe(
      (id) =>
        upload(
          'POST',
          '/trucks-documentation',
          'truckDocumentation',
          truckPayload(ids, Number(id), { materialId: MISSING }),
        ),
      o.confirmedTruck,
      ['supplier1'],
      422,
      ['supplier2'],
    ),
    'PUT /trucks-documentation/{id}': [
      {
        // The owner names another destination, which the rules refuse once the documentation is found.
        request: (id) =>
          json('PUT', `/trucks-documentation/${id}`, {
            truckDocumentation: truckPayload(ids, o.invoicedTruck, { destinationId: ids.saltillo }),
          }),
        id: o.invoicedDoc.id,
        missing: MISSING,
        owners: ['supplier1'],
        ownerStatus: 422,
        strangers: ['supplier2'],
        ticketId: o.invoicedTruck,
      },
    ],
    'GET /trucks-documentation/{ticketId}/ticket': ticketProbe(
      (id) => json('GET', `/trucks-documentation/${id}/ticket`),
      o.taInvoiced,
      TRUCK_PARTIES,
      200,
      ['supplier2', 'carrier2', 'rail1', 'customs2'],
    ),
    'POST /railcar-documentation': ticketProbe(
      (id) =>
        upload(
          'POST',
          '/railcar-documentation',
          'railcarDocumentation',
          railcarPayload(ids, Number(id), { materialId: MISSING }),
        ),
      o.confirmedRail,
      ['supplier1'],
      422,
      ['supplier2'],
    ),
    'PUT /railcar-documentation/{id}': [
      {
        // MX_TRANSIT: the owner's change is refused for its status, once the documentation is found.
        request: (id) =>
          json('PUT', `/railcar-documentation/${id}`, { railcarDocumentation: railcarPayload(ids, o.railTransit) }),
        id: o.railDoc.id,
        missing: MISSING,
        owners: ['supplier1'],
        ownerStatus: 409,
        strangers: ['supplier2'],
        ticketId: o.railTransit,
      },
    ],
    'GET /railcar-documentation/{ticketId}/ticket': ticketProbe(
      (id) => json('GET', `/railcar-documentation/${id}/ticket`),
      o.railTransit,
      RAIL_PARTIES,
      200,
      ['supplier2', 'carrier1', 'carrier2', 'customs2'],
    ),
    'GET /invoices/{ticketId}/ticket': ticketProbe(
      (id) => json('GET', `/invoices/${id}/ticket`),
      o.taInvoiced,
      TRUCK_PARTIES,
      200,
      ['supplier2', 'carrier2', 'rail1', 'customs2'],
    ),
    'POST /invoices': 'admin',
    'PUT /invoices/{id}': 'admin',
    'PUT /invoices/{id}/payment': 'admin',
    'PUT /invoices/{id}/sap-validation': 'admin',
    'PUT /download': [
      {
        request: (key) => json('PUT', '/download', { key }),
        id: o.taDoc.key,
        missing: o.taDoc.key.replace(/[0-9a-f]/g, '0'),
        owners: TRUCK_PARTIES,
        ownerStatus: 200,
        strangers: ['supplier2', 'carrier2', 'rail1', 'customs2'],
        ticketId: o.taInvoiced,
      },
      {
        request: (key) => json('PUT', '/download', { key }),
        id: o.invoice.key,
        missing: o.invoice.key.replace(/[0-9a-f]/g, '0'),
        owners: TRUCK_PARTIES,
        ownerStatus: 200,
        strangers: ['supplier2', 'carrier2', 'rail1', 'customs2'],
        ticketId: o.taInvoiced,
      },
    ],
    'GET /trucks-documentation/purchase-orders/material': [
      {
        request: (id) => json('GET', `/trucks-documentation/purchase-orders/material?supplierId=${id}`),
        id: ids.midwest,
        missing: MISSING,
        owners: ['supplier1'],
        ownerStatus: 200,
        strangers: ['supplier2'],
      },
    ],
    'GET /trucks-documentation/purchase-orders/material/{materialId}': [
      {
        // Materials are shared master data; the supplier named in the query is the scoped object.
        request: (id) => json('GET', `/trucks-documentation/purchase-orders/material/${ids.hms}?supplierId=${id}`),
        id: ids.midwest,
        missing: MISSING,
        owners: ['supplier1'],
        ownerStatus: 200,
        strangers: ['supplier2'],
      },
    ],
    'GET /rpa/{id}': 'admin',
    'GET /data-sap/excel': 'admin',
    'GET /tickets/pdf': 'admin',
    'GET /evouchers/{ticketId}/pdf': ticketProbe(
      (id) => json('GET', `/evouchers/${id}/pdf`),
      o.delivered,
      ['carrier1'],
      200,
      ['carrier2', 'rail1'],
    ),
  };
}

/** Operations whose id-like fields name nothing of another party, and why. */
const OWN_IDS: Record<string, string> = {
  'POST /vehicles': "equipmentId is the new vehicle's own number, unique per carrier",
};

/** What a user finds in a list, as text: searched for the marks of objects they must not see. */
type ListCheck = (user: User, get: (url: string) => Promise<unknown>) => Promise<unknown[]>;

/** Every GET without a path id: a list to search, or why there is nothing of another party's in it. */
const LISTS: Record<string, ListCheck | string> = {
  'GET /health': 'no objects',
  'GET /health/live': 'no objects',
  'GET /health/ready': 'no objects',
  'GET /auth/captcha': 'no objects',
  'GET /auth/captcha/required': 'no objects',
  'GET /auth/sso-providers': 'no objects',
  'GET /auth/login/supplier': 'a redirect',
  'GET /auth/callback/supplier': 'a redirect',
  'GET /auth/login/employee': 'a redirect',
  'GET /auth/callback/employee': 'a redirect',
  'GET /events': 'a stream; its scope is tested in events.test.ts',
  'GET /destinations': 'master data every role reads',
  'GET /carriers': 'master data every role reads',
  'GET /carriers/filters': 'master data every role reads',
  'GET /materials': 'master data every role reads',
  'GET /border-crossings/all': 'master data every role reads',
  'GET /tickets/count/carrier': 'admins only',
  'GET /configurations': 'admins only',
  'GET /configurations/offer-window': "one setting every role reads, no party's objects",
  'GET /suppliers/filters': 'admins only',
  'GET /depots/filters': 'admins only',
  'GET /contracts': 'admins only',
  'GET /rpa': 'admins only',
  'GET /data-sap/excel': 'admins only',
  'GET /tickets/pdf': 'admins only',
  'GET /vehicles/suggestions': 'one ticket named in the query: a probe above',
  'GET /tickets': async (user, get) => {
    const pages: unknown[] = [];
    for (let page = 1; page <= 20; page++) {
      const body = (await get(`/tickets?all=true&limit=100&page=${page}`)) as { tickets: unknown[]; count: number };
      pages.push(body);
      if (page * 100 >= body.count) break;
    }
    // The filters name the other party outright: they must narrow the user's own view, never widen it.
    const { midwest, rapido, northern, laredo, monterrey } = s.ids;
    for (const filter of [
      `supplierId=${midwest}`,
      `carrierId=${rapido}`,
      `carrierId=${northern}`,
      `borderCrossingId=${laredo}`,
      `destinationId=${monterrey}`,
      ...foreignTickets(user).map((id) => `ticketId=${id}`),
    ])
      pages.push(await get(`/tickets?all=true&limit=100&${filter}`));
    return pages;
  },
  'GET /tickets/count/states':
    "aggregates of the user's own view; each equals their list of that status (tickets-transitions.test.ts)",
  'GET /suppliers': async (_user, get) => [await get('/suppliers')],
  'GET /depots': async (_user, get) => [await get('/depots')],
  'GET /depots/all': async (_user, get) => [await get('/depots/all')],
  'GET /border-crossings': async (_user, get) => [await get('/border-crossings')],
  'GET /vehicles': async (_user, get) => [await get('/vehicles?limit=100')],
  'GET /trucks-documentation/purchase-orders/material': async (_user, get) => [
    await get('/trucks-documentation/purchase-orders/material'),
  ],
  'GET /evouchers': async (_user, get) => [
    await get('/evouchers?limit=100'),
    await get(`/evouchers?limit=100&carrierId=${s.ids.rapido}`),
  ],
};

let probeTable: Record<string, Probe[] | 'admin'>;
let operations: { method: string; path: string; namesObject: boolean }[];

/** Whether an operation names an object: a path id, an id in its query or its JSON body, or a file key. */
function namesObject(op: {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}): boolean {
  if ((op.parameters ?? []).some((p) => p.in === 'path' || (p.in === 'query' && /Id$/.test(p.name)))) return true;
  const schema = JSON.stringify(op.requestBody?.content?.['application/json']?.schema ?? {});
  return /"[a-zA-Z]*Id":|"key":/.test(schema);
}

beforeAll(async () => {
  s = await openSeededApp({ seedFiles: true });
  o = await findObjects();
  probeTable = probes();
  const doc = s.t.app.swagger() as { paths: Record<string, Record<string, Parameters<typeof namesObject>[0]>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, namesObject: namesObject(op) })),
  );
});
afterAll(async () => {
  await s.t.close();
});

async function call(user: User, options: InjectOptions): Promise<LightMyRequestResponse> {
  return s.t.app.inject({ ...options, headers: { ...options.headers, ...bearer(s.token(user)) } });
}

/** The answer as the caller sees it, with the probed value written as the missing one. */
function seen(res: LightMyRequestResponse, id: number | string, missing: number | string): string {
  const text = res.body.replace(new RegExp(`\\b${String(id)}\\b`, 'g'), String(missing));
  return `${res.statusCode} ${text}`;
}

function foreignTickets(user: User): number[] {
  const ids = new Set<number>();
  for (const entry of Object.values(probeTable))
    if (entry !== 'admin') for (const p of entry) if (p.ticketId && p.strangers.includes(user)) ids.add(p.ticketId);
  return [...ids];
}

/** Texts only a foreign ticket's own parties may read: its invoice numbers, equipment and file keys. */
async function marksOf(ticketIds: number[]): Promise<string[]> {
  if (ticketIds.length === 0) return [];
  const list = sql.join(
    ticketIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ mark: string }>(
    s.t.app.db,
    sql`select d.invoice_number as mark from shipping_documents d where d.ticket_id in (${list})
      union select d.car_equipment from shipping_documents d where d.ticket_id in (${list})
      union select f.key from shipping_documents d join document_files df on df.document_id = d.id
        join files f on f.id = df.file_id where d.ticket_id in (${list})
      union select i.number from provider_invoices i where i.ticket_id in (${list})
      union select f.key from provider_invoices i join files f on f.id = i.invoice_file_id where i.ticket_id in (${list})`,
  );
  return rows.map((r) => r.mark);
}

/**
 * Per list, texts of parties outside the user's scope: another supplier's ERP id, name, yards and purchase
 * orders (for a supplier), another agent's crossings and their yards (in a customs agent's own lists),
 * other carriers' equipment (in a carrier's register).
 */
async function partyMarks(user: User): Promise<Record<string, string[]>> {
  const marks = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ mark: string }>(s.t.app.db, query)).map((r) => r.mark).filter(Boolean);
  const me = await one<{ supplierId: number | null; carrierId: number | null; agentId: number | null }>(sql`select
    supplier_id as "supplierId", carrier_id as "carrierId", customs_agent_id as "agentId" from users where username = ${user}`);
  const result: Record<string, string[]> = {};
  if (me.supplierId !== null) {
    const suppliers = await marks(sql`select sap_id as mark from suppliers where id <> ${me.supplierId}
      union select business_name from suppliers where id <> ${me.supplierId}`);
    const yards = await marks(sql`select name as mark from depots where supplier_id <> ${me.supplierId}`);
    const orders = await marks(
      sql`select document_number_id as mark from purchase_orders where supplier_id <> ${me.supplierId}`,
    );
    result['GET /suppliers'] = suppliers;
    result['GET /depots'] = yards;
    result['GET /depots/all'] = yards;
    result['GET /trucks-documentation/purchase-orders/material'] = orders;
  }
  if (me.agentId !== null) {
    result['GET /border-crossings'] = await marks(
      sql`select description as mark from border_crossings where customs_agent_id <> ${me.agentId}`,
    );
    result['GET /depots'] = await marks(sql`select d.name as mark from depots d
      join border_crossings b on b.id = d.border_crossing_id where b.customs_agent_id <> ${me.agentId}`);
  }
  if (me.carrierId !== null)
    result['GET /vehicles'] = await marks(
      sql`select equipment_id as mark from vehicles where carrier_id <> ${me.carrierId}`,
    );
  return result;
}

describe('object-level access', () => {
  it('should have decided the object scope of every operation that names an object', () => {
    const all = new Set(operations.map((op) => `${op.method} ${op.path}`));
    const lists = operations.filter((op) => op.method === 'GET' && !op.path.includes('{'));
    const searched = new Set(
      lists.map((op) => `${op.method} ${op.path}`).filter((key) => typeof LISTS[key] === 'function'),
    );
    // A list whose filters take ids is searched with those filters naming the other party (LISTS).
    const undecided = operations
      .filter((op) => op.namesObject)
      .map((op) => `${op.method} ${op.path}`)
      .filter((key) => !(key in probeTable) && !(key in OWN_IDS) && !searched.has(key) && LISTS[key] !== 'admins only');
    expect(undecided).toEqual([]);
    expect([...Object.keys(probeTable), ...Object.keys(OWN_IDS)].filter((key) => !all.has(key))).toEqual([]);
    expect(lists.map((op) => `${op.method} ${op.path}`).filter((key) => !(key in LISTS))).toEqual([]);
  });

  it("should answer another party's object exactly as a missing one (404 where the role may use the route)", async () => {
    const leaks: string[] = [];
    let calls = 0;
    let probesRun = 0;
    let strangerChecks = 0;
    let adminOnly = 0;
    for (const [key, entry] of Object.entries(probeTable)) {
      if (entry === 'admin') {
        // Only admins may call it at all: on a real id (1) every other user gets 403, as on a missing one.
        adminOnly++;
        const [method, path] = key.split(' ') as ['GET' | 'POST' | 'PUT', string];
        const url = path.includes('{') ? path.replace(/\{[^}]+\}/g, '1') : method === 'GET' ? `${path}?rpaId=1` : path;
        for (const user of NON_ADMIN) {
          const res = await call(user, json(method, url, method === 'GET' ? undefined : {}));
          calls++;
          if (res.statusCode !== 403) leaks.push(`${key} as ${user}: ${res.statusCode} (expected 403)`);
        }
        continue;
      }
      for (const probe of entry) {
        probesRun++;
        for (const user of NON_ADMIN.filter((u) => !probe.owners.includes(u))) {
          const real = await call(user, probe.request(probe.id));
          const missing = await call(user, probe.request(probe.missing));
          calls += 2;
          strangerChecks++;
          const mustHide = probe.strangers.includes(user);
          if (mustHide && real.statusCode !== 404)
            leaks.push(`${key} on ${probe.id} as ${user}: ${real.statusCode} ${real.body.slice(0, 160)}`);
          else if (seen(real, probe.id, probe.missing) !== seen(missing, probe.missing, probe.missing))
            leaks.push(
              `${key} on ${probe.id} as ${user}: ${seen(real, probe.id, probe.missing).slice(0, 160)} ` +
                `but a missing one: ${seen(missing, probe.missing, probe.missing).slice(0, 160)}`,
            );
        }
        // The control: the object is real, and its owner reaches it.
        const own = await call(probe.owners[0]!, probe.request(probe.id));
        calls++;
        if (own.statusCode !== probe.ownerStatus)
          leaks.push(`${key} on ${probe.id} as owner ${probe.owners[0]}: ${own.statusCode} ${own.body.slice(0, 160)}`);
      }
    }
    console.log(
      `object-level sweep: ${Object.keys(probeTable).length} operations naming an object ` +
        `(${adminOnly} admins only), ${probesRun} objects probed, ${strangerChecks} object x user checks, ${calls} requests`,
    );
    expect(leaks).toEqual([]);
  });

  it("should list none of another party's objects, even when a filter names them", async () => {
    const found: string[] = [];
    let lists = 0;
    for (const user of NON_ADMIN) {
      const foreign = foreignTickets(user);
      const ticketMarks = await marksOf(foreign);
      const parties = await partyMarks(user);
      for (const [key, check] of Object.entries(LISTS)) {
        if (typeof check === 'string') continue;
        const get = async (url: string) => {
          const res = await call(user, json('GET', url));
          // A role that may not read the list is refused; anything else but 200 is a failure of its own.
          if (res.statusCode !== 200 && res.statusCode !== 403) found.push(`${key} as ${user}: ${res.statusCode}`);
          return res.statusCode === 200 ? res.json() : { refused: res.statusCode };
        };
        const marks = [...ticketMarks, ...(parties[key] ?? [])];
        for (const body of await check(user, get)) {
          lists++;
          const text = JSON.stringify(body);
          for (const mark of marks) if (text.includes(mark)) found.push(`${key} as ${user}: ${mark}`);
          const tickets = (body as { tickets?: { id: number }[] }).tickets ?? [];
          const vouchers = (body as { evouchers?: { ticketId: number }[] }).evouchers ?? [];
          for (const id of [...tickets.map((t) => t.id), ...vouchers.map((v) => v.ticketId)])
            if (foreign.includes(id)) found.push(`${key} as ${user}: ticket ${id}`);
        }
      }
    }
    console.log(`object-level sweep, lists: ${lists} list answers of ${NON_ADMIN.length} users searched`);
    expect(found).toEqual([]);
  });
});
