/**
 * The stored ticket views, kept by triggers: after a write to any row a view shows (the ticket, an offer,
 * the documentation summary, the provider invoice, the supplier, carrier, yard or destination it names)
 * every ticket's stored parts (ticket_view_parts) and every party's object (party_views) equal those
 * computed from their rows, and the API shows the change. A rename writes the party's one row and no
 * ticket's; an offer writes no stored view (offers are read with the page). A stored row of an older
 * version is not read, and the refresh job rewrites it. On PostgreSQL, two transactions writing the same
 * ticket at once leave parts that hold both writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { queryRows } from '../../src/server/db/database';
import { refreshTicketViews } from '../../src/server/jobs/refresh-ticket-views';
import { untilLockWait } from './helpers/lock-wait';
import { STALE_VIEWS } from './helpers/stored-views';
import { bearer, createPostgresDatabase, createTestApp, usePostgres, type TestApp } from './helpers/test-app';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ seedFiles: true });
  adminToken = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

const dbRows = <T>(query: SQL) => queryRows<T>(t.database.db, query);
/** What a write rewrites: the ticket's stored parts, a party's object, or nothing stored. */
type Store = 'parts' | 'party' | 'none';

/** The tickets whose stored parts are stale (-1 for each stale party object). */
const stale = async () => (await dbRows<{ ticket_id: number }>(sql.raw(STALE_VIEWS))).map((r) => r.ticket_id);

const storedOf = async (ticketId: number) =>
  (await dbRows<Record<string, unknown>>(sql`select * from ticket_view_parts where ticket_id = ${ticketId}`))[0];
const partiesStored = async () => dbRows(sql`select kind, id, json from party_views order by kind, id`);

const viewOf = async (ticketId: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/tickets/${ticketId}`, headers: bearer(adminToken) });
  expect(res.statusCode).toBe(200);
  return res.json<{ ticket: Record<string, unknown> }>().ticket;
};

/** A ticket with an offer, documentation and a provider invoice, as the demo has. */
const fullTicket = async () =>
  (
    await dbRows<{
      id: number;
      supplier_id: number;
      carrier_id: number;
      origin_depot_id: number;
      destination_id: number;
    }>(sql`
      select t.id, t.supplier_id, t.carrier_id, t.origin_depot_id, t.destination_id from tickets t
      where t.carrier_id is not null and t.destination_id is not null
        and exists (select 1 from ticket_assignments a where a.ticket_id = t.id)
        and exists (select 1 from shipping_documents d where d.ticket_id = t.id)
        and exists (select 1 from provider_invoices i where i.ticket_id = t.id)
      order by t.id limit 1`)
  )[0]!;

describe('stored ticket views', () => {
  it('should equal the views computed from the rows after the demo was written', async () => {
    expect(await dbRows(sql`select count(*)::int as n from ticket_view_parts`)).toEqual(
      await dbRows(sql`select count(*)::int as n from tickets`),
    );
    expect(await stale()).toEqual([]);
  });

  it('should follow every write to a row the view shows, and the API should show it', async () => {
    const ticket = await fullTicket();
    const id = ticket.id;
    const other = (
      await dbRows<{ carrier: number; depot: number; destination: number; supplier: number }>(sql`
        select (select min(id) from carriers where id <> ${ticket.carrier_id}) as carrier,
          (select min(id) from depots where id <> ${ticket.origin_depot_id}) as depot,
          (select min(id) from destinations where id <> ${ticket.destination_id}) as destination,
          (select min(id) from suppliers where id <> ${ticket.supplier_id}) as supplier`)
    )[0]!;
    // Another ticket carried by someone else holds an offer of the carrier renamed below: its view
    // changes only through its offers.
    const offered = (
      await dbRows<{ id: number }>(sql`select min(id) as id from tickets
        where id <> ${id} and carrier_id is distinct from ${other.carrier}`)
    )[0]!.id;
    await dbRows(sql`insert into ticket_assignments (ticket_id, carrier_id, status, reason, manual)
      values (${offered}, ${other.carrier}, 'REJECTED', 'Otra ruta', false)`);
    const writes: [string, SQL, (view: Record<string, unknown>) => unknown, unknown, Store?][] = [
      [
        'status',
        sql`update tickets set status = 'MX_TRANSIT' where id = ${id}`,
        (v) => v.status,
        { name: 'MX_TRANSIT' },
      ],
      [
        'comments',
        sql`update tickets set comments = 'Llega por la puerta 3' where id = ${id}`,
        (v) => v.comments,
        'Llega por la puerta 3',
      ],
      [
        'withdrawal date and zone',
        sql`update tickets set withdrawal_date = '2026-11-20T15:04:05.678Z', withdrawal_timezone = -6 where id = ${id}`,
        (v) => [v.withdrawalDate, v.timezone],
        ['2026-11-20T15:04:05.678Z', -6],
      ],
      [
        'customs read',
        sql`update tickets set customs_read = not customs_read where id = ${id}`,
        (v) => v.customsRead,
        expect.any(Boolean),
      ],
      [
        'carrier',
        sql`update tickets set carrier_id = ${other.carrier} where id = ${id}`,
        (v) => (v.carrier as { id: number }).id,
        other.carrier,
      ],
      [
        'yard',
        sql`update tickets set origin_depot_id = ${other.depot} where id = ${id}`,
        (v) => (v.origin as { id: number }).id,
        other.depot,
      ],
      [
        'destination',
        sql`update tickets set destination_id = ${other.destination} where id = ${id}`,
        (v) => (v.destination as { id: number }).id,
        other.destination,
      ],
      [
        'supplier',
        sql`update tickets set supplier_id = ${other.supplier} where id = ${id}`,
        (v) => (v.supplier as { id: number }).id,
        other.supplier,
      ],
      [
        'a new offer',
        sql`insert into ticket_assignments (ticket_id, carrier_id, status, manual) values (${id}, ${other.carrier}, 'PENDING', true)`,
        (v) => (v.ticketAssignments as { status: { name: string } }[]).at(-1)!.status.name,
        'PENDING',
        'none',
      ],
      [
        'an offer declined',
        sql`update ticket_assignments set status = 'REJECTED', reason = 'Sin unidades' where id = (select max(id) from ticket_assignments where ticket_id = ${id})`,
        (v) => (v.ticketAssignments as { reason: string }[]).at(-1)!.reason,
        'Sin unidades',
        'none',
      ],
      [
        'an offer removed',
        sql`delete from ticket_assignments where id = (select max(id) from ticket_assignments where ticket_id = ${id})`,
        (v) => (v.ticketAssignments as { reason: string | null }[]).some((a) => a.reason === 'Sin unidades'),
        false,
        'none',
      ],
      [
        'documentation',
        sql`update shipping_documents set invoice_number = 'FAC-REV-9', car_equipment = 'GATX 123456' where ticket_id = ${id}`,
        (v) =>
          Object.values(v).filter((x) => (x as { invoiceNumber?: string } | null)?.invoiceNumber === 'FAC-REV-9')
            .length,
        1,
      ],
      [
        'provider invoice',
        sql`update provider_invoices set number = 'PRV-REV-9', payment_date = '2026-11-21', sap_validation_status = 'validated' where ticket_id = ${id}`,
        (v) => v.invoice,
        expect.objectContaining({ number: 'PRV-REV-9', paymentDate: '2026-11-21', sapValidationStatus: 'validated' }),
      ],
      [
        'supplier renamed',
        sql`update suppliers set business_name = 'Chatarras del Norte Renombrada' where id = ${other.supplier}`,
        (v) => (v.supplier as { businessName: string }).businessName,
        'Chatarras del Norte Renombrada',
        'party',
      ],
      [
        'carrier renamed',
        sql`update carriers set business_name = 'Fletes Renombrados', mode = 'RAILCAR' where id = ${other.carrier}`,
        (v) => v.carrier,
        expect.objectContaining({ businessName: 'Fletes Renombrados', mode: 'RAILCAR' }),
        'party',
      ],
      [
        'yard moved',
        sql`update depots set name = 'Patio Renombrado', latitude = 25.5, longitude = -100.25 where id = ${other.depot}`,
        (v) => v.origin,
        expect.objectContaining({
          name: 'Patio Renombrado',
          location: { type: 'Point', coordinates: [-100.25, 25.5] },
        }),
        'party',
      ],
      [
        'destination renamed',
        sql`update destinations set name = 'Destino Renombrado' where id = ${other.destination}`,
        (v) => (v.destination as { name: string }).name,
        'Destino Renombrado',
        'party',
      ],
      ['provider invoice removed', sql`delete from provider_invoices where ticket_id = ${id}`, (v) => v.invoice, null],
      [
        'documentation removed',
        sql`delete from shipping_documents where ticket_id = ${id}`,
        (v) => [v.truckDocumentation, v.railcarDocumentation],
        [null, null],
      ],
    ];
    for (const [label, write, shown, expected, store = 'parts'] of writes) {
      const before = { parts: JSON.stringify(await storedOf(id)), parties: JSON.stringify(await partiesStored()) };
      await dbRows(write);
      expect({ label, stale: await stale() }).toEqual({ label, stale: [] });
      const after = { parts: JSON.stringify(await storedOf(id)), parties: JSON.stringify(await partiesStored()) };
      expect({ label, parts: after.parts !== before.parts, parties: after.parties !== before.parties }).toEqual({
        label,
        parts: store === 'parts',
        parties: store === 'party',
      });
      expect({ label, shown: shown(await viewOf(id)) }).toEqual({ label, shown: expected });
    }
    const offers = (await viewOf(offered)).ticketAssignments as { carrier: { businessName: string } }[];
    expect(offers.at(-1)!.carrier.businessName).toBe('Fletes Renombrados');
  });

  it('should remove a ticket deleted outright with its parts, and keep the other tickets as computed', async () => {
    const id = (
      await dbRows<{ id: number }>(sql`
      select t.id from tickets t where not exists (select 1 from shipping_documents d where d.ticket_id = t.id)
        and not exists (select 1 from provider_invoices i where i.ticket_id = t.id) order by t.id desc limit 1`)
    )[0]!.id;
    await dbRows(sql`delete from ticket_assignments where ticket_id = ${id}`);
    await dbRows(sql`delete from tickets where id = ${id}`);
    expect(await storedOf(id)).toBeUndefined();
    expect(await stale()).toEqual([]);
  });
});

describe("a carrier's read of the stored views", () => {
  it('should show a carrier only its own offers, in order, and the carrier only on tickets it carries', async () => {
    const [c1, c2] = await dbRows<{ carrier_id: number }>(
      sql`select carrier_id from users where username in ('carrier1', 'carrier2') order by username`,
    );
    const carrier1 = c1!.carrier_id;
    const carrier2 = c2!.carrier_id;
    const id = (
      await dbRows<{ id: number }>(sql`
      select t.id from tickets t where t.carrier_id = ${carrier1} and t.deleted_at is null
        and exists (select 1 from ticket_assignments a where a.ticket_id = t.id and a.carrier_id = ${carrier1})
      order by t.id limit 1`)
    )[0]!.id;
    // Mixed offers: carrier2 declined one, then carrier1 was offered the trip again.
    await dbRows(sql`insert into ticket_assignments (ticket_id, carrier_id, status, reason, manual)
      values (${id}, ${carrier2}, 'REJECTED', 'Sin unidades', false), (${id}, ${carrier1}, 'PENDING', null, true)`);
    const offersOf = async (carrier: number | null) =>
      (
        await dbRows<{ id: number }>(sql`select id from ticket_assignments
          where ticket_id = ${id} and (${carrier}::int is null or carrier_id = ${carrier}::int) order by id`)
      ).map((r) => r.id);
    const read = async (user: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/tickets/${id}`,
        headers: bearer(await t.login(user)),
      });
      expect(res.statusCode).toBe(200);
      const { ticket } = res.json<{
        ticket: { carrier: { id: number } | null; ticketAssignments: { id: number }[] };
      }>();
      return { carrier: ticket.carrier?.id ?? null, offers: ticket.ticketAssignments.map((a) => a.id) };
    };
    expect(await read('carrier2')).toEqual({ carrier: null, offers: await offersOf(carrier2) });
    expect(await read('carrier1')).toEqual({ carrier: carrier1, offers: await offersOf(carrier1) });
    expect(await read('admin')).toEqual({ carrier: carrier1, offers: await offersOf(null) });
    expect((await offersOf(carrier1)).length).toBeGreaterThan(1);
    expect(await stale()).toEqual([]);
  });
});

describe('the bulk rebuild of the stored views (after loads that skip triggers)', () => {
  it('should write every ticket as computed, whatever was stored', async () => {
    await dbRows(sql`delete from ticket_view_parts where ticket_id in (select id from tickets order by id limit 3)`);
    await dbRows(sql`update ticket_view_parts set head = '"id":0' where ticket_id = (select max(id) from tickets)`);
    expect((await stale()).length).toBe(4);
    await dbRows(sql`select rebuild_ticket_view_parts()`);
    expect(await stale()).toEqual([]);
  });
});

describe("a change of the stored parts' definition", () => {
  it('should read a ticket whose parts are missing or of another version from its rows, until the job rewrites them', async () => {
    const ids = (await dbRows<{ id: number }>(sql`select id from tickets order by id limit 4`)).map((r) => r.id);
    const views = await Promise.all(ids.map(viewOf));
    await dbRows(sql`update ticket_view_parts set version = 1, head = '"id":0,"left":"over"'
      where ticket_id in (${sql.join(ids.slice(0, 3), sql`, `)})`);
    await dbRows(sql`delete from ticket_view_parts where ticket_id = ${ids[3]!}`);
    expect((await stale()).sort()).toEqual([...ids].sort());
    expect(await Promise.all(ids.map(viewOf))).toEqual(views);
    const { batches } = await refreshTicketViews(t.database.db, 2);
    expect(batches).toBeGreaterThan(1);
    expect(await stale()).toEqual([]);
    expect(await Promise.all(ids.map(viewOf))).toEqual(views);
  });
});

describe.runIf(usePostgres)('stored ticket views under concurrent writes on PostgreSQL', () => {
  it('should hold both writes when two transactions write the same ticket at once', async () => {
    const database = await createPostgresDatabase(inject('databaseTemplates').seeded);
    const first = new pg.Client({ connectionString: database.url });
    const second = new pg.Client({ connectionString: database.url });
    await first.connect();
    await second.connect();
    try {
      const { rows } = await first.query<{ id: number }>(
        `select t.id from tickets t where not exists (select 1 from provider_invoices i where i.ticket_id = t.id)
         order by t.id limit 1`,
      );
      const { id } = rows[0]!;
      // The first adds the ticket's provider invoice and holds its transaction open; the second changes
      // the ticket meanwhile and waits for the first's lock on the stored view; then the first commits.
      await first.query('begin');
      await first.query(
        `insert into provider_invoices (ticket_id, number, date, border_crossing_id)
         values ($1, 'PRV-CONCURRENT', current_date, (select min(id) from border_crossings))`,
        [id],
      );
      await second.query('begin');
      const waiting = second.query(`update tickets set comments = 'concurrent comment' where id = $1`, [id]);
      // The second's update is held by the first's lock, which pg_stat_activity shows as a lock wait.
      expect(await untilLockWait(first, 30_000)).toBe(true);
      await first.query('commit');
      await waiting;
      await second.query('commit');
      const { rows: parts } = await first.query<{ tail: string }>(
        `select tail from ticket_view_parts where ticket_id = $1`,
        [id],
      );
      expect(parts[0]!.tail).toContain('PRV-CONCURRENT');
      expect(parts[0]!.tail).toContain('concurrent comment');
      const { rows: staleRows } = await first.query(STALE_VIEWS);
      expect(staleRows).toEqual([]);
    } finally {
      await first.end();
      await second.end();
      await database.drop();
    }
  });

  it('should show a rename on a ticket another transaction moves onto the renamed party meanwhile, neither waiting', async () => {
    const database = await createPostgresDatabase(inject('databaseTemplates').seeded);
    const renaming = new pg.Client({ connectionString: database.url });
    const moving = new pg.Client({ connectionString: database.url });
    await renaming.connect();
    await moving.connect();
    try {
      const { rows } = await renaming.query<{ id: number; supplier: number }>(`
        select t.id, (select min(s.id) from suppliers s where s.id <> t.supplier_id) as supplier
        from tickets t order by t.id limit 1`);
      const { id, supplier } = rows[0]!;
      await renaming.query('begin');
      await renaming.query(`update suppliers set business_name = 'Renamed While Moving' where id = $1`, [supplier]);
      await moving.query('begin');
      // The rename writes the supplier's one row: the move does not wait for it.
      await moving.query(`update tickets set supplier_id = $1 where id = $2`, [supplier, id]);
      await moving.query('commit');
      await renaming.query('commit');
      const { rows: shown } = await renaming.query<{ json: string }>(
        `select v.json from ticket_view_parts p join party_views v on v.kind = 'supplier' and v.id = p.supplier_id
         where p.ticket_id = $1`,
        [id],
      );
      expect(shown[0]!.json).toContain('Renamed While Moving');
    } finally {
      await renaming.end();
      await moving.end();
      await database.drop();
    }
  });
});
