/**
 * The admin's awaiting-payment tile counts from rows the triggers keep ('unpaid' in ticket_counts): after
 * every kind of write that moves a ticket in or out of it (an invoice added, paid, unpaid again, moved to
 * another ticket or removed; the ticket's status changed, deleted, restored) the kept counts equal a
 * recount of the tickets, and the tile's total equals the one the plain path counts.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';
import { foldCounts } from '../../src/server/jobs/fold-counts';
import { ADMIN_WORK_TILES } from '../../src/shared/domain/home-work';
import { untilLockWait } from './helpers/lock-wait';
import { bearer, createPostgresDatabase, createTestApp, usePostgres, type TestApp } from './helpers/test-app';

let t: TestApp;
let admin = '';

beforeAll(async () => {
  // The demo's invoices are seeded with their files.
  t = await createTestApp({ seedFiles: true });
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});

const dbRows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const TILE = ADMIN_WORK_TILES.find((tile) => tile.unpaid)!;

const kept = () =>
  dbRows<{ status: string; n: number }>(sql`select status, sum(n)::int as n from ticket_counts
    where scope = 'unpaid' group by status having sum(n) <> 0 order by status`);
const recounted = () =>
  dbRows<{ status: string; n: number }>(sql`select t.status, count(*)::int as n from tickets t
    where t.deleted_at is null
      and exists (select 1 from provider_invoices pi where pi.ticket_id = t.id and pi.payment_date is null)
    group by t.status order by t.status`);

/** The tile's total as the admin's home asks for it, and the same list through the plain path. */
const tileTotals = async () => {
  const statuses = TILE.statuses.map((s) => `statusName=${s}`).join('&');
  const ask = async (extra: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tickets?${statuses}&unpaid=true&limit=1${extra}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ count: number }>().count;
  };
  // A filter that keeps every ticket sends the list down the general path, which counts the rows.
  return { tile: await ask(''), plain: await ask('&beforeDate=2100-01-01') };
};

describe('the unpaid counts', () => {
  it('should equal a recount, and the tile the plain count, after every write that moves a ticket', async () => {
    expect(await kept()).toEqual(await recounted());

    const [invoice] = await dbRows<{ id: number; ticket: number; status: string }>(sql`select pi.id,
      pi.ticket_id as ticket, t.status from provider_invoices pi join tickets t on t.id = pi.ticket_id
      where pi.payment_date is not null and t.deleted_at is null
        and t.status in (${sql.join(
          TILE.statuses.map((status) => sql`${status}`),
          sql`, `,
        )})
      order by pi.id limit 1`);
    const [bare] = await dbRows<{ id: number; status: string }>(sql`select t.id, t.status from tickets t
      where t.deleted_at is null and not exists (select 1 from provider_invoices pi where pi.ticket_id = t.id)
      order by t.id limit 1`);
    const [crossing] = await dbRows<{ id: number }>(sql`select id from border_crossings order by id limit 1`);
    expect([invoice, bare, crossing].every(Boolean)).toBe(true);
    const other = TILE.statuses.find((status) => status !== invoice!.status)!;

    const writes: [string, ReturnType<typeof sql>][] = [
      ['payment taken back', sql`update provider_invoices set payment_date = null where id = ${invoice!.id}`],
      ['status changed', sql`update tickets set status = ${other} where id = ${invoice!.ticket}`],
      ['status changed back', sql`update tickets set status = ${invoice!.status} where id = ${invoice!.ticket}`],
      ['ticket deleted', sql`update tickets set deleted_at = now() where id = ${invoice!.ticket}`],
      ['ticket restored', sql`update tickets set deleted_at = null where id = ${invoice!.ticket}`],
      ['comment edited', sql`update tickets set comments = 'edited' where id = ${invoice!.ticket}`],
      [
        'invoice added',
        sql`insert into provider_invoices (ticket_id, number, date, border_crossing_id)
          values (${bare!.id}, 'TA-UNPAID-1', '2026-11-20', ${crossing!.id})`,
      ],
      ['invoice removed', sql`delete from provider_invoices where ticket_id = ${bare!.id}`],
      ['invoice moved', sql`update provider_invoices set ticket_id = ${bare!.id} where id = ${invoice!.id}`],
      [
        'invoice moved back',
        sql`update provider_invoices set ticket_id = ${invoice!.ticket} where id = ${invoice!.id}`,
      ],
      ['payment recorded', sql`update provider_invoices set payment_date = '2026-11-20' where id = ${invoice!.id}`],
    ];
    // The tile shows what the writes leave: one ticket more awaiting payment after the first.
    const before = await tileTotals();
    expect(before.tile).toBe(before.plain);
    await dbRows(writes[0]![1]);
    expect((await tileTotals()).tile).toBe(before.tile + 1);
    for (const [what, write] of writes.slice(1)) {
      await dbRows(write);
      expect({ what, kept: await kept() }).toEqual({ what, kept: await recounted() });
      const totals = await tileTotals();
      expect({ what, tile: totals.tile }).toEqual({ what, tile: totals.plain });
    }
    // Folded by the job, the same.
    await foldCounts(t.database.db);
    expect(await kept()).toEqual(await recounted());
  });
});

describe.runIf(usePostgres)('the unpaid counts under concurrent writes on PostgreSQL', () => {
  /**
   * `first` and `second` written in two transactions at once on a ticket without an invoice: the second
   * waits for the first's lock on the ticket, then both commit. Answers the kept counts and a recount.
   */
  const concurrently = async (writes: (ticket: number, crossing: number) => [string, string]) => {
    const database = await createPostgresDatabase(inject('databaseTemplates').seeded);
    const first = new pg.Client({ connectionString: database.url });
    const second = new pg.Client({ connectionString: database.url });
    await first.connect();
    await second.connect();
    try {
      const { rows } = await first.query<{ ticket: number; crossing: number }>(`select
        (select max(t.id) from tickets t where t.deleted_at is null and t.status = 'SUPPLIER_INVOICED'
          and not exists (select 1 from provider_invoices pi where pi.ticket_id = t.id)) as ticket,
        (select min(id) from border_crossings) as crossing`);
      const [firstWrite, secondWrite] = writes(rows[0]!.ticket, rows[0]!.crossing);
      await first.query('begin');
      await first.query(firstWrite);
      await second.query('begin');
      const waiting = second.query(secondWrite);
      await untilLockWait(first);
      await first.query('commit');
      await waiting;
      await second.query('commit');
      const counts = async (query: string) =>
        (await first.query<{ status: string; n: number }>(query)).rows.map((r) => `${r.status} ${r.n}`);
      return {
        kept: await counts(`select status, sum(n)::int as n from ticket_counts where scope = 'unpaid'
          group by status having sum(n) <> 0 order by status`),
        recounted: await counts(`select t.status, count(*)::int as n from tickets t where t.deleted_at is null
          and exists (select 1 from provider_invoices pi where pi.ticket_id = t.id and pi.payment_date is null)
          group by t.status order by t.status`),
      };
    } finally {
      await first.end();
      await second.end();
      await database.drop();
    }
  };
  const invoice = (ticket: number, crossing: number) =>
    `insert into provider_invoices (ticket_id, number, date, border_crossing_id)
      values (${ticket}, 'TA-RACE-1', '2026-11-20', ${crossing})`;
  const toTaInvoiced = (ticket: number) => `update tickets set status = 'TA_INVOICED' where id = ${ticket}`;

  it('should count a ticket whose status changed while its invoice was being added', async () => {
    const { kept, recounted } = await concurrently((ticket, crossing) => [
      toTaInvoiced(ticket),
      invoice(ticket, crossing),
    ]);
    expect(kept).toEqual(recounted);
  });

  it('should count a ticket whose invoice was added while its status was changing', async () => {
    const { kept, recounted } = await concurrently((ticket, crossing) => [
      invoice(ticket, crossing),
      toTaInvoiced(ticket),
    ]);
    expect(kept).toEqual(recounted);
  });
});
