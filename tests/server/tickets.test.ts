import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';
import { foldCounts } from '../../src/server/jobs/fold-counts';
import { providerInvoices } from '../../src/server/db/schema/documents';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';
import { offerAgo, recountServiceLevels } from './helpers/service-levels';

let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['admin', 'adminro', 'supplier1', 'supplier2', 'carrier1', 'carrier2', 'rail1', 'customs1', 'customs2'];

beforeAll(async () => {
  t = await createTestApp();
  for (const u of USERS) tokens[u] = await t.login(u);
  // Seeded tickets carry no provider invoices yet: give three invoiced tickets one at a crossing of each
  // agent (Laredo and Eagle Pass belong to customs1's agent, El Paso to customs2's).
  const crossings = await queryRows<{ id: number; description: string }>(
    t.database.db,
    sql`select id, description from border_crossings`,
  );
  const bc = (prefix: string) => crossings.find((c) => c.description.startsWith(prefix))!.id;
  const ids = await queryRows<{ id: number; status: string }>(
    t.database.db,
    sql`select id, status from tickets where status in ('SUPPLIER_INVOICED', 'TA_INVOICED', 'MX_TRANSIT') order by id`,
  );
  const [si, ta1, ta2, mx] = ids;
  await t.database.db.insert(providerInvoices).values([
    { ticketId: si!.id, number: 'TA-0', date: '2026-11-01', borderCrossingId: bc('Laredo') },
    { ticketId: ta1!.id, number: 'TA-1001', date: '2026-11-02', borderCrossingId: bc('Eagle Pass') },
    { ticketId: ta2!.id, number: 'TA-2002', date: '2026-11-03', borderCrossingId: bc('El Paso') },
    { ticketId: mx!.id, number: 'TA-3003', date: '2026-11-04', borderCrossingId: bc('Laredo'), rpaId: null },
  ]);
});
afterAll(async () => {
  await t.close();
});

interface TicketJson {
  id: number;
  status: { name: string };
  supplier: { id: number; businessName: string };
  carrier: { id: number; businessName: string; mode: string } | null;
  ticketAssignments: { id: number; status: { name: string }; carrier: { id: number; businessName: string } }[];
  origin: { id: number; location: { type: string; coordinates: number[] } };
  invoice: { number: string } | null;
  createAt: string;
}

const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[user]!) });
const list = async (user: string, query = '') => {
  const res = await get(user, `/api/tickets?limit=1000${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ tickets: TicketJson[]; count: number }>();
};
const idsOf = (body: { tickets: TicketJson[] }) => body.tickets.map((x) => x.id);
const dbRows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const businessOf = async (username: string) =>
  (
    await dbRows<{ supplier_id: number; carrier_id: number }>(
      sql`select supplier_id, carrier_id from users where username = ${username}`,
    )
  )[0]!;

describe('GET /api/tickets', () => {
  it('should list every live ticket but CANCELED for an admin, newest first, with the spec shape', async () => {
    const body = await list('admin');
    const n = (
      await dbRows<{ n: number }>(
        sql`select count(*)::int as n from tickets where status <> 'CANCELED' and deleted_at is null`,
      )
    )[0]!.n;
    expect(body.count).toBe(n);
    const ids = idsOf(body);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const ticket = body.tickets.find((x) => x.status.name === 'TA_INVOICED')!;
    expect(ticket).toMatchObject({
      id: expect.any(Number),
      createAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      status: { name: 'TA_INVOICED' },
      supplier: { id: expect.any(Number), businessName: expect.any(String) },
      carrier: {
        id: expect.any(Number),
        businessName: expect.any(String),
        mode: expect.stringMatching(/TRUCK|RAILCAR/),
      },
      origin: {
        id: expect.any(Number),
        location: { type: 'Point', coordinates: [expect.any(Number), expect.any(Number)] },
      },
      invoice: { number: expect.stringMatching(/^TA-/) },
      customsRead: false,
      truckDocumentation: null,
    });
    expect(ticket.ticketAssignments[0]).toMatchObject({
      status: { name: 'CONFIRMED' },
      carrier: { id: ticket.carrier!.id },
    });
  });

  it('should write each field of a listed view as its row holds it, times as toISOString writes them', async () => {
    // The database writes the list's JSON: pin every field against the rows, with a creation time
    // carrying microseconds (cut, not rounded, to milliseconds, as the driver's dates are).
    const [row] = await dbRows<{ id: number }>(
      sql`select t.id from tickets t join provider_invoices pi on pi.ticket_id = t.id
          where pi.number = 'TA-1001'`,
    );
    const id = row!.id;
    await t.database.db.execute(
      sql`update tickets set created_at = '2026-01-02 03:04:05.678999+00', withdrawal_date = '2026-01-03 10:00:00.5+00',
        comments = 'Gate 4 "north"', destination_net_weight = 41250.5 where id = ${id}`,
    );
    await t.database.db.execute(sql`update provider_invoices set payment_date = '2026-11-20' where ticket_id = ${id}`);
    const res = await get('admin', `/api/tickets?ticketId=${id}`);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const view = res.json<{ tickets: Record<string, unknown>[] }>().tickets[0]!;
    const [db] = await dbRows<{
      supplier_id: number;
      supplier_name: string;
      carrier_id: number;
      carrier_name: string;
      carrier_mode: string;
      depot_id: number;
      depot_name: string;
      address: string;
      city: string;
      latitude: number;
      longitude: number;
      depot_crossing: number | null;
      destination_id: number | null;
      destination_name: string | null;
      withdrawal_timezone: number | null;
      pi_id: number;
      pi_crossing: number;
    }>(sql`select t.supplier_id, s.business_name as supplier_name, t.carrier_id, c.business_name as carrier_name,
        c.mode as carrier_mode, o.id as depot_id, o.name as depot_name, o.address, o.city, o.latitude, o.longitude,
        o.border_crossing_id as depot_crossing, d.id as destination_id, d.name as destination_name,
        t.withdrawal_timezone, pi.id as pi_id, pi.border_crossing_id as pi_crossing
      from tickets t join suppliers s on s.id = t.supplier_id join carriers c on c.id = t.carrier_id
      join depots o on o.id = t.origin_depot_id left join destinations d on d.id = t.destination_id
      join provider_invoices pi on pi.ticket_id = t.id where t.id = ${id}`);
    const offers = await dbRows<{
      id: number;
      status: string;
      carrier_id: number;
      business_name: string;
      mode: string;
      reason: string | null;
      manual: boolean;
      created_at: Date | string;
      responded_at: Date | string | null;
    }>(sql`select a.id, a.status, a.carrier_id, c.business_name, c.mode, a.reason, a.manual, a.created_at,
        a.responded_at
      from ticket_assignments a join carriers c on c.id = a.carrier_id where a.ticket_id = ${id} order by a.id`);
    expect(offers.length).toBeGreaterThan(0);
    expect(view).toEqual({
      id,
      createAt: '2026-01-02T03:04:05.678Z',
      status: { name: 'TA_INVOICED' },
      supplier: { id: db!.supplier_id, businessName: db!.supplier_name },
      carrier: { id: db!.carrier_id, businessName: db!.carrier_name, mode: db!.carrier_mode },
      ticketAssignments: offers.map((o) => ({
        id: o.id,
        status: { name: o.status },
        carrier: { id: o.carrier_id, businessName: o.business_name, mode: o.mode },
        reason: o.reason,
        manual: o.manual,
        createdAt: new Date(o.created_at).toISOString(),
        respondedAt: o.responded_at === null ? null : new Date(o.responded_at).toISOString(),
      })),
      origin: {
        id: db!.depot_id,
        name: db!.depot_name,
        address: db!.address,
        city: db!.city,
        location: { type: 'Point', coordinates: [db!.longitude, db!.latitude] },
        borderCrossingId: db!.depot_crossing,
      },
      destination: db!.destination_id === null ? null : { id: db!.destination_id, name: db!.destination_name },
      withdrawalDate: '2026-01-03T10:00:00.500Z',
      timezone: db!.withdrawal_timezone,
      comments: 'Gate 4 "north"',
      invoice: {
        id: db!.pi_id,
        number: 'TA-1001',
        date: '2026-11-02',
        borderCrossingId: db!.pi_crossing,
        paymentDate: '2026-11-20',
        sapValidationStatus: 'pending',
      },
      truckDocumentation: null,
      railcarDocumentation: null,
      customsRead: false,
      destinationNetWeight: 41250.5,
      rpa: null,
    });
    // The same view read alone.
    const alone = await get('admin', `/api/tickets/${id}`);
    expect(alone.json<{ ticket: unknown }>().ticket).toEqual(view);
  });

  it('should page from 1 with the limit and keep the total count', async () => {
    const all = await list('admin');
    const page2 = (await get('admin', '/api/tickets?limit=3&page=2')).json<{ tickets: TicketJson[]; count: number }>();
    expect(page2.count).toBe(all.count);
    expect(idsOf(page2)).toEqual(idsOf(all).slice(3, 6));
    const asc = (await get('admin', '/api/tickets?limit=3&orderBy=ASC')).json<{ tickets: TicketJson[] }>();
    expect(idsOf(asc)).toEqual([...idsOf(all)].reverse().slice(0, 3));
  });

  it('should expand the supplier alias INVOICED and the customs aliases, in any case and with spaces', async () => {
    const invoiced = await list('supplier1', '&statusName=invoiced');
    expect(new Set(invoiced.tickets.map((x) => x.status.name))).toEqual(
      new Set(['SUPPLIER_INVOICED', 'TA_INVOICED', 'MX_TRANSIT', 'DELIVERED']),
    );
    const spaced = await list('admin', '&statusName=ta%20invoiced&statusName=MX_TRANSIT');
    expect(new Set(spaced.tickets.map((x) => x.status.name))).toEqual(new Set(['TA_INVOICED', 'MX_TRANSIT']));
    const awaiting = await list('customs1', '&statusName=AWAITING');
    expect(awaiting.tickets.map((x) => x.status.name)).toEqual(['TA_INVOICED']);
    const canceled = await list('admin', '&statusName=CANCELED');
    expect(canceled.count).toBe(1);
  });

  it('should filter by search fields, carrier, mode, supplier, crossing, date and unassigned', async () => {
    const admin = await list('admin');
    const one = admin.tickets[0]!;
    expect(idsOf(await list('admin', `&ticketId=${one.id}`))).toEqual([one.id]);
    const byTa = await list('admin', '&taInvoiceNumber=2002');
    expect(byTa.tickets.map((x) => x.invoice?.number)).toEqual(['TA-2002']);
    const rail = await list('admin', '&carrierMode=RAILCAR');
    expect(rail.count).toBeGreaterThan(0);
    expect(rail.tickets.every((x) => x.carrier?.mode === 'RAILCAR')).toBe(true);
    const { supplier_id } = await businessOf('supplier2');
    const bySupplier = await list('admin', `&supplierId=${supplier_id}`);
    expect(bySupplier.tickets.every((x) => x.supplier.id === supplier_id)).toBe(true);
    const carrierIds = [...new Set(admin.tickets.map((x) => x.carrier?.id).filter(Boolean))].slice(0, 2) as number[];
    const byCarrier = await list('admin', carrierIds.map((id) => `&carrierId=${id}`).join(''));
    expect(byCarrier.tickets.every((x) => carrierIds.includes(x.carrier!.id))).toBe(true);
    const old = await list(
      'admin',
      `&statusName=PENDING&beforeDate=${new Date(Date.now() - 86_400_000).toISOString()}`,
    );
    expect(old.tickets.every((x) => Date.parse(x.createAt) < Date.now() - 86_400_000)).toBe(true);
    expect(old.count).toBe(2);
    const unassigned = await list('admin', '&unassigned=true');
    expect(unassigned.tickets.map((x) => [x.status.name, x.carrier])).toEqual([['PENDING', null]]);
    const [elPaso] = await dbRows<{ id: number }>(
      sql`select id from border_crossings where description like 'El Paso%'`,
    );
    const byCrossing = await list('admin', `&borderCrossingId=${elPaso!.id}`);
    expect(byCrossing.count).toBeGreaterThan(0);
    expect(byCrossing.tickets.some((x) => x.invoice?.number === 'TA-2002')).toBe(true);
  });

  it('should answer 400 for a malformed filter', async () => {
    const res = await get('admin', '/api/tickets?orderBy=SIDEWAYS');
    expect(res.statusCode).toBe(400);
    expect(res.json().details.orderBy).toBe('orderBy must be ASC or DESC');
  });

  it('should answer 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/tickets' })).statusCode).toBe(401);
  });
});

describe('who sees what', () => {
  it('should never show supplier2 the tickets of supplier1 in the list, the counts or by id', async () => {
    const s1 = await businessOf('supplier1');
    const s2 = await businessOf('supplier2');
    const mine = await list(
      'supplier2',
      '&statusName=PENDING&statusName=CONFIRMED&statusName=INVOICED&statusName=CANCELED',
    );
    expect(mine.count).toBeGreaterThan(0);
    expect(mine.tickets.every((x) => x.supplier.id === s2.supplier_id)).toBe(true);
    const n = (
      await dbRows<{ n: number }>(sql`select count(*)::int as n from tickets where supplier_id = ${s2.supplier_id}`)
    )[0]!.n;
    const counts = (await get('supplier2', '/api/tickets/count/states')).json<{ total: number }[]>();
    expect(counts.reduce((sum, c) => sum + c.total, 0)).toBe(n);
    const [other] = await dbRows<{ id: number }>(
      sql`select id from tickets where supplier_id = ${s1.supplier_id} limit 1`,
    );
    const res = await get('supplier2', `/api/tickets/${other!.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`Ticket ${other!.id} not found`);
  });

  it('should never show carrier2 the offers or tickets of carrier1', async () => {
    const c1 = await businessOf('carrier1');
    const c2 = await businessOf('carrier2');
    for (const query of ['', '&all=true', '&statusName=CANCELED&statusName=DELIVERED&statusName=TRANSIT']) {
      const body = await list('carrier2', query);
      expect(body.count).toBeGreaterThan(0);
      for (const ticket of body.tickets) {
        expect(ticket.carrier?.id).toBe(c2.carrier_id);
        expect(ticket.ticketAssignments.every((a) => a.carrier.id === c2.carrier_id)).toBe(true);
      }
    }
    const [rapido] = await dbRows<{ id: number }>(
      sql`select ticket_id as id from ticket_assignments where carrier_id = ${c1.carrier_id} limit 1`,
    );
    expect((await get('carrier2', `/api/tickets/${rapido!.id}`)).statusCode).toBe(404);
    const counts = (await get('carrier2', '/api/tickets/count/states')).json<{ total: number }[]>();
    const n = (
      await dbRows<{ n: number }>(sql`select count(distinct ticket_id)::int as n from ticket_assignments
      where carrier_id = ${c2.carrier_id} and status in ('PENDING', 'CONFIRMED')`)
    )[0]!.n;
    expect(counts.reduce((sum, c) => sum + c.total, 0)).toBe(n);
  });

  it('should show a customs agent only invoiced tickets at its own crossings', async () => {
    const c1 = await list('customs1', '&statusName=AWAITING&statusName=RELEASED&statusName=DELIVERED');
    expect(c1.tickets.map((x) => x.invoice?.number).sort()).toEqual(['TA-1001', 'TA-3003']);
    const c2 = await list('customs2', '&statusName=AWAITING&statusName=RELEASED&statusName=DELIVERED');
    expect(c2.tickets.map((x) => x.invoice?.number)).toEqual(['TA-2002']);
    const foreign = c1.tickets[0]!.id;
    expect((await get('customs2', `/api/tickets/${foreign}`)).statusCode).toBe(404);
    // A SUPPLIER_INVOICED ticket with an invoice at customs1's crossing is not theirs to see yet.
    const [si] = await dbRows<{ id: number }>(sql`select ticket_id as id from provider_invoices where number = 'TA-0'`);
    expect((await get('customs1', `/api/tickets/${si!.id}`)).statusCode).toBe(404);
    const counts = (await get('customs2', '/api/tickets/count/states')).json<{ status: string; total: number }[]>();
    expect(counts.filter((c) => c.total > 0)).toEqual([{ status: 'TA_INVOICED', total: 1, oldestCount: 1 }]);
  });

  it('should let the admin and the read-only admin read any ticket', async () => {
    const id = (await dbRows<{ id: number }>(sql`select max(id)::int as id from tickets`))[0]!.id;
    for (const user of ['admin', 'adminro']) expect((await get(user, `/api/tickets/${id}`)).json().ticket.id).toBe(id);
  });
});

describe('POST /api/tickets', () => {
  const post = (user: string, ticket: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/tickets', headers: bearer(tokens[user]!), payload: { ticket } });
  const yardOf = async (supplier: string) => {
    const { supplier_id } = await businessOf(supplier);
    return (
      await dbRows<{ id: number }>(sql`select id from depots where supplier_id = ${supplier_id} order by id limit 1`)
    )[0]!.id;
  };

  it('should refuse 0 and 11 tickets with the message', async () => {
    const depot = await yardOf('supplier1');
    for (const count of [0, 11, 2.5]) {
      const res = await post('supplier1', { count, originDepotId: depot });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual({ count: 'Count must be a whole number from 1 to 10' });
    }
    const missing = await post('supplier1', { count: 1 });
    expect(missing.json().details).toEqual({ originDepotId: 'Campo obligatorio' });
  });

  it('should refuse a yard of another supplier with 404', async () => {
    const res = await post('supplier1', { count: 1, originDepotId: await yardOf('supplier2') });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Origin depot not found');
  });

  it('should create 1 to 10 PENDING tickets, each offered to the top-ranked eligible carrier, with audit and event rows', async () => {
    const depot = await yardOf('supplier2');
    const before = (await get('admin', '/api/tickets/count/states')).json<{ status: string; total: number }[]>();
    const res = await post('supplier2', { count: 3, originDepotId: depot, comments: 'Three gondolas' });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ tickets: TicketJson[] }>().tickets;
    expect(created).toHaveLength(3);
    // Seeded open offers: Rápido 2, Border 1, Northern 1 (categories 1, 2, 1); Old Road's contract ended.
    // Category 1 first, then fewest open offers, then the 30-day service level (Rápido 6/8 beats Northern).
    expect(created.map((x) => x.carrier?.businessName)).toEqual([
      'Northern Rail Logistics',
      'Rápido Freight Lines',
      'Northern Rail Logistics',
    ]);
    for (const ticket of created) {
      expect(ticket).toMatchObject({ status: { name: 'PENDING' }, comments: 'Three gondolas', origin: { id: depot } });
      expect(ticket.ticketAssignments).toMatchObject([
        { status: { name: 'PENDING' }, carrier: { id: ticket.carrier!.id } },
      ]);
    }
    const after = (await get('admin', '/api/tickets/count/states')).json<{ status: string; total: number }[]>();
    expect(after.find((c) => c.status === 'PENDING')!.total).toBe(
      before.find((c) => c.status === 'PENDING')!.total + 3,
    );

    const ids = created.map((x) => x.id);
    const [{ id: supplier2Id }] = (await dbRows<{ id: number }>(
      sql`select id from users where username = 'supplier2'`,
    )) as [{ id: number }];
    const events = await dbRows<{ type: string; payload: Record<string, unknown> }>(
      sql`select type, payload from events where ticket_id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) order by ticket_id`,
    );
    expect(events).toEqual(
      created.map((x) => ({
        type: 'New ticket',
        payload: {
          title: 'new',
          ticketNumber: x.id,
          supplierName: 'Lone Star Metal Yards Inc.',
          carrierName: x.carrier!.businessName,
          actorId: supplier2Id,
        },
      })),
    );
    const audit = await dbRows<{ action: string; to_status: string }>(
      sql`select action, to_status from audit_log where entity = 'ticket' and entity_id = ${String(ids[0])} order by id`,
    );
    expect(audit).toEqual([
      { action: 'create', to_status: 'PENDING' },
      { action: 'offer', to_status: 'PENDING' },
    ]);
    // The carrier offered sees it; the supplier sees it; the other supplier does not.
    expect((await get('rail1', `/api/tickets/${ids[0]}`)).statusCode).toBe(200);
    expect((await get('supplier1', `/api/tickets/${ids[0]}`)).statusCode).toBe(404);
  });

  it('should create ten at once and refuse carriers and admins with 403', async () => {
    const res = await post('supplier1', { count: 10, originDepotId: await yardOf('supplier1') });
    expect(res.statusCode).toBe(201);
    expect(new Set(res.json<{ tickets: TicketJson[] }>().tickets.map((x) => x.id)).size).toBe(10);
    for (const user of ['carrier1', 'admin', 'adminro', 'customs1']) {
      expect((await post(user, { count: 1, originDepotId: await yardOf('supplier1') })).statusCode).toBe(403);
    }
  });
});

describe('counts', () => {
  it('should count every status within the view, with those older than a day', async () => {
    const res = await get('admin', '/api/tickets/count/states');
    const counts = res.json<{ status: string; total: number; oldestCount: number }[]>();
    const rows = await dbRows<{
      status: string;
      total: number;
      oldest: number;
    }>(sql`select status, count(*)::int as total,
      (count(*) filter (where created_at < now() - interval '24 hours'))::int as oldest
      from tickets where deleted_at is null group by status`);
    expect(counts.map((c) => c.status)).toEqual([
      'PENDING',
      'CONFIRMED',
      'SUPPLIER_INVOICED',
      'TA_INVOICED',
      'MX_TRANSIT',
      'DELIVERED',
      'CANCELED',
    ]);
    for (const c of counts) {
      const row = rows.find((r) => r.status === c.status);
      expect([c.total, c.oldestCount]).toEqual([row?.total ?? 0, row?.oldest ?? 0]);
    }
    // The seed: two PENDING tickets (30 h and 50 h) and one CONFIRMED (40 h) are older than a day.
    expect(counts.slice(0, 2).map((c) => c.oldestCount)).toEqual([2, 1]);
  });

  it("should split a carrier's counts by age from the tickets it sees, also after a creation time is corrected", async () => {
    const { carrier_id: carrierId } = await businessOf('carrier1');
    const counted = async () =>
      (await get('carrier1', '/api/tickets/count/states')).json<
        { status: string; total: number; oldestCount: number }[]
      >();
    // What carrier1's list holds: each status's tickets, and those created more than 24 h ago.
    const fromList = async () => {
      const dayAgo = Date.now() - 24 * 3_600_000;
      const entries = [];
      for (const { status } of await counted()) {
        const { tickets } = await list('carrier1', `&statusName=${status}`);
        entries.push([status, [tickets.length, tickets.filter((x) => Date.parse(x.createAt) < dayAgo).length]]);
      }
      return Object.fromEntries(entries);
    };
    const asCounted = async () =>
      Object.fromEntries((await counted()).map((c) => [c.status, [c.total, c.oldestCount]]));
    expect(await asCounted()).toEqual(await fromList());
    // A ticket of carrier1's from the last day, dated back two days: it turns day-old in its counts.
    const [young] = await dbRows<{ id: number; status: string }>(sql`select t.id, t.status from tickets t
      where t.carrier_id = ${carrierId} and t.status <> 'PENDING' and t.deleted_at is null
        and t.created_at > now() - interval '24 hours' order by t.id limit 1`);
    expect(young).toBeDefined();
    const before = (await asCounted())[young!.status] as number[];
    await dbRows(sql`update tickets set created_at = now() - interval '48 hours' where id = ${young!.id}`);
    expect((await asCounted())[young!.status]).toEqual([before[0], before[1]! + 1]);
    expect(await asCounted()).toEqual(await fromList());
  });

  /** The service level as the API gives it and as counted from every offer now. */
  const serviceLevels = async () => {
    const res = await get('adminro', '/api/tickets/count/carrier');
    expect(res.statusCode).toBe(200);
    const carriers = res.json<{
      carriers: { businessName: string; mode: string; lastMonth: unknown; lastWeek: unknown }[];
    }>().carriers;
    const expected = (await recountServiceLevels(t.database.db)).map(({ name, lastMonth, lastWeek }) => ({
      name,
      lastMonth,
      lastWeek,
    }));
    return {
      carriers,
      got: carriers.map((c) => ({ name: c.businessName, lastMonth: c.lastMonth, lastWeek: c.lastWeek })),
      expected,
    };
  };

  it('should give admins the offers per carrier of the last 30 and 7 days, and refuse others', async () => {
    const { carriers, got, expected } = await serviceLevels();
    expect(got).toEqual(expected);
    // Seeded history: Rápido holds 6 confirmed offers in 30 days, one of them (10 days old) outside the week.
    const rapido = carriers.find((c) => c.businessName === 'Rápido Freight Lines')!;
    expect(rapido.lastMonth).toMatchObject({ confirmed: 6 });
    expect(rapido.lastWeek).toMatchObject({ confirmed: 5 });
    expect(carriers.find((c) => c.businessName === 'Old Road Trucking')).toMatchObject({
      lastMonth: { total: 0, confirmed: 0 },
    });
    for (const user of ['supplier1', 'carrier1', 'customs1'])
      expect((await get(user, '/api/tickets/count/carrier')).statusCode).toBe(403);
  });

  it('should count offers at the edges of both windows, follow confirmations and withdrawals, with day counts piled up and folded', async () => {
    const [ticket] = await dbRows<{ id: number }>(
      sql`select min(id)::int as id from tickets where status = 'DELIVERED'`,
    );
    const [carrier] = await dbRows<{ id: number }>(
      sql`select id from carriers where business_name = 'Old Road Trucking'`,
    );
    const offer = (agoMs: number, status: string) =>
      offerAgo(t.database.db, { ticketId: ticket!.id, carrierId: carrier!.id, agoMs, status });
    const day = 86_400_000;
    const minute = 60_000;
    const added = [
      await offer(30 * day + minute, 'CONFIRMED'), // just before the month
      await offer(30 * day - minute, 'CONFIRMED'), // the month's first minute
      await offer(7 * day + minute, 'CONFIRMED'), // in the month, just before the week
      await offer(7 * day - minute, 'DECLINED'), // the week's first minute
      await offer(15 * day, 'PENDING'), // a whole day inside the month
      await offer(2 * day, 'CONFIRMED'),
      await offer(minute, 'CONFIRMED'), // today
    ];
    let levels = await serviceLevels();
    expect(levels.got).toEqual(levels.expected);
    expect(levels.carriers.find((c) => c.businessName === 'Old Road Trucking')).toMatchObject({
      lastMonth: { total: 6, confirmed: 4 },
      lastWeek: { total: 3, confirmed: 2 },
    });
    // A confirmation, a withdrawal of a confirmation and a removed offer move the counts of their own day.
    await dbRows(sql`update ticket_assignments set status = 'CONFIRMED' where id = ${added[4]!}`);
    await dbRows(sql`update ticket_assignments set status = 'DECLINED' where id = ${added[5]!}`);
    await dbRows(sql`delete from ticket_assignments where id = ${added[6]!}`);
    levels = await serviceLevels();
    expect(levels.got).toEqual(levels.expected);
    expect(levels.carriers.find((c) => c.businessName === 'Old Road Trucking')).toMatchObject({
      lastMonth: { total: 5, confirmed: 3 },
      lastWeek: { total: 2, confirmed: 0 },
    });
    // Many changes on one day pile up rows; a read counts them as they are (and writes nothing), and
    // once the fold-counts job folded them into one per carrier and day the figures are the same.
    for (let i = 0; i < 80; i++) {
      await dbRows(
        sql`update ticket_assignments set status = ${i % 2 ? 'CONFIRMED' : 'DECLINED'} where id = ${added[4]!}`,
      );
    }
    const rowsOfDay = async () =>
      (
        await dbRows<{ n: number }>(sql`select count(*)::int as n from carrier_offer_days
          where carrier_id = ${carrier!.id} and day = ((now() - interval '15 days') at time zone 'UTC')::date`)
      )[0]!.n;
    expect(await rowsOfDay()).toBeGreaterThan(140);
    levels = await serviceLevels();
    expect(levels.got).toEqual(levels.expected);
    expect(await rowsOfDay()).toBeGreaterThan(140);
    await foldCounts(t.database.db);
    expect(await rowsOfDay()).toBe(1);
    expect((await serviceLevels()).got).toEqual(levels.expected);
    await dbRows(
      sql`delete from ticket_assignments where id in (${sql.join(
        added.slice(0, 6).map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    levels = await serviceLevels();
    expect(levels.got).toEqual(levels.expected);
  });
});

describe("a carrier's home lists", () => {
  /** The live tickets carrier1 holds an open offer for or carries, of `statuses`, newest first, from the rows. */
  const seenByCarrier1 = async (statuses: readonly string[]) => {
    const { carrier_id: carrierId } = await businessOf('carrier1');
    const rows = await dbRows<{ id: number }>(sql`select t.id from tickets t where t.deleted_at is null
        and t.status in (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )})
        and (exists (select 1 from ticket_assignments a where a.ticket_id = t.id and a.carrier_id = ${carrierId}
               and a.status in ('PENDING', 'CONFIRMED'))
             or (t.carrier_id = ${carrierId} and t.status <> 'PENDING'))
      order by t.id desc`);
    return rows.map((r) => r.id);
  };
  const ALL = ['PENDING', 'CONFIRMED', 'SUPPLIER_INVOICED', 'TA_INVOICED', 'MX_TRANSIT', 'DELIVERED', 'CANCELED'];

  it('should hold what the carrier sees, walked or read by status, and lose a ticket deleted or declined', async () => {
    // The page is read from the carrier's own view rows alone: it must match the tickets and offers.
    const home = await list('carrier1', ALL.map((s) => `&statusName=${s}`).join(''));
    expect(idsOf(home)).toEqual(await seenByCarrier1(ALL));
    expect(home.count).toBe(home.tickets.length);
    const pending = await list('carrier1', '&statusName=PENDING');
    const pendingIds = await seenByCarrier1(['PENDING']);
    expect(idsOf(pending)).toEqual(pendingIds);
    expect(pendingIds.length).toBeGreaterThan(0);
    // Its supplier deletes a PENDING ticket offered to carrier1, one the delete rule offers (the newest
    // pending ticket of its yard): gone from both lists and the count.
    const [gone] = await dbRows<{ id: number }>(sql`select t.id from tickets t
      where t.id in (${sql.join(
        pendingIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and not exists (select 1 from tickets o where o.origin_depot_id = t.origin_depot_id and o.status = 'PENDING'
          and o.deleted_at is null and o.id > t.id)
      order by t.id desc limit 1`);
    const [owner] = await dbRows<{ username: string }>(sql`select u.username from tickets t
      join users u on u.supplier_id = t.supplier_id where t.id = ${gone!.id} order by u.id limit 1`);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/tickets/${gone!.id}`,
      headers: bearer(tokens[owner!.username] ?? (await t.login(owner!.username))),
    });
    expect(removed.statusCode).toBe(200);
    const after = await list('carrier1', '&statusName=PENDING');
    expect(idsOf(after)).toEqual(pendingIds.filter((id) => id !== gone!.id));
    expect(after.count).toBe(pendingIds.length - 1);
    expect(idsOf(await list('carrier1', ALL.map((s) => `&statusName=${s}`).join('')))).not.toContain(gone!.id);
    // carrier1 declines a ticket it carries: it leaves the home lists (offered before, it stays on /all).
    const carried = idsOf(await list('carrier1', '&statusName=CONFIRMED'))[0]!;
    const declined = await t.app.inject({
      method: 'PUT',
      url: `/api/tickets/${carried}/decline`,
      headers: bearer(tokens.carrier1!),
      payload: { ticket: { reason: 'Truck broke down' } },
    });
    expect(declined.statusCode).toBe(200);
    const homeAfter = await list('carrier1', ALL.map((s) => `&statusName=${s}`).join(''));
    expect(idsOf(homeAfter)).not.toContain(carried);
    expect(idsOf(homeAfter)).toEqual(await seenByCarrier1(ALL));
    expect(idsOf(await list('carrier1', '&all=true'))).toContain(carried);
    // carrier1 passes on an offer waiting for its answer: it leaves the home lists at once, the same way.
    const offered = idsOf(await list('carrier1', '&statusName=PENDING'))[0]!;
    const passed = await t.app.inject({
      method: 'PUT',
      url: `/api/tickets/${offered}/pass`,
      headers: bearer(tokens.carrier1!),
      payload: { ticket: { reason: 'No truck near that yard' } },
    });
    expect(passed.statusCode).toBe(200);
    const homeAfterPass = await list('carrier1', ALL.map((s) => `&statusName=${s}`).join(''));
    expect(idsOf(homeAfterPass)).not.toContain(offered);
    expect(idsOf(homeAfterPass)).toEqual(await seenByCarrier1(ALL));
    expect(idsOf(await list('carrier1', '&statusName=PENDING'))).toEqual(await seenByCarrier1(['PENDING']));
    expect(idsOf(await list('carrier1', '&all=true'))).toContain(offered);
  });
});
