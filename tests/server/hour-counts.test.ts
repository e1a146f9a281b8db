/**
 * The per-hour counts behind GET /tickets/count/states (tickets of the last 24 h) and
 * GET /tickets/count/carrier (the cut days of the 30- and 7-day windows): what the API answers equals a
 * count of the rows themselves for tickets and offers on every side of an hour's edge, before and after
 * the fold-counts job folds piled-up rows (reads never do), and the rows the triggers keep equal a recount; old hours are dropped by the job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';
import { foldCounts } from '../../src/server/jobs/fold-counts';
import { cleanupHourCounts } from '../../src/server/jobs/hour-counts-cleanup';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';
import { offerAgo, recountServiceLevels } from './helpers/service-levels';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'supplier1', 'carrier1']) tokens[u] = await t.login(u);
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const dbRows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
/** A query's rows as JSON texts in sorted order, to compare two sets of rows. */
const sortedRows = async (query: ReturnType<typeof sql>) => (await dbRows(query)).map((r) => JSON.stringify(r)).sort();
const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[user]!) });
const partyOf = async (username: string) =>
  (
    await dbRows<{ supplier_id: number; carrier_id: number }>(
      sql`select supplier_id, carrier_id from users where username = ${username}`,
    )
  )[0]!;

/** count/states as `status: [total, older than a day]`, without the statuses at zero. */
const counted = async (user: string) => {
  const res = await get(user, '/api/tickets/count/states');
  expect(res.statusCode).toBe(200);
  const rows = res.json<{ status: string; total: number; oldestCount: number }[]>();
  return Object.fromEntries(rows.filter((r) => r.total > 0).map((r) => [r.status, [r.total, r.oldestCount]]));
};

/** The same figures counted from the tickets a viewer sees (`scope`, a condition on tickets t). */
const recounted = async (scope: ReturnType<typeof sql>) => {
  const rows = await dbRows<{ status: string; total: number; oldest: number }>(sql`
    select t.status, count(*)::int as total,
      (count(*) filter (where t.created_at < now() - interval '24 hours'))::int as oldest
    from tickets t where t.deleted_at is null and ${scope} group by t.status`);
  return Object.fromEntries(rows.map((r) => [r.status, [r.total, r.oldest]]));
};

const scopes = async () => {
  const { supplier_id: supplierId } = await partyOf('supplier1');
  const { carrier_id: carrierId } = await partyOf('carrier1');
  return {
    admin: sql`true`,
    supplier1: sql`t.supplier_id = ${supplierId}`,
    // A carrier's view: tickets it holds an open offer for, or carries once past PENDING.
    carrier1: sql`(exists (select 1 from ticket_assignments a where a.ticket_id = t.id and a.carrier_id = ${carrierId}
        and a.status in ('PENDING', 'CONFIRMED')) or (t.carrier_id = ${carrierId} and t.status <> 'PENDING'))`,
  };
};

const expectCountsAsRecounted = async () => {
  for (const [user, scope] of Object.entries(await scopes())) {
    expect({ user, counts: await counted(user) }).toEqual({ user, counts: await recounted(scope) });
  }
};

describe('count/states from the hour counts', () => {
  it('should split every scope by age exactly, for tickets on each side of the hours the day starts in', async () => {
    const { carrier_id: carrierId } = await partyOf('carrier1');
    // Tickets supplier1 and carrier1 both see, moved to the edges of the last day: inside the hour the
    // window starts in, a whole hour later, just outside the day, and ahead of the clock.
    const moved = await dbRows<{ id: number }>(sql`select id from tickets
      where carrier_id = ${carrierId} and status <> 'PENDING' and deleted_at is null order by id limit 4`);
    expect(moved).toHaveLength(4);
    const ago = [DAY - MINUTE, DAY - 90 * MINUTE, DAY + MINUTE, -5 * MINUTE];
    for (const [i, { id }] of moved.entries()) {
      await dbRows(
        sql`update tickets set created_at = now() - ${`${ago[i]!} milliseconds`}::interval where id = ${id}`,
      );
    }
    await expectCountsAsRecounted();
    // The whole hours are read from their rows: each scope has some, summing to its young tickets there.
    const young = await dbRows<{ scope: string; n: number }>(sql`select scope, sum(n)::int as n
      from ticket_hour_counts where hour >= date_trunc('hour', now() - interval '24 hours', 'UTC') + interval '1 hour'
      group by scope order by scope`);
    expect(young.map((r) => r.scope)).toEqual(['all', 'carrier', 'supplier']);
    for (const r of young) expect(r.n).toBeGreaterThan(0);
  });

  it('should count the piled-up rows of an hour as they are, and the same once the job folded them', async () => {
    const [ticket] = await dbRows<{ id: number; status: string }>(sql`select id, status from tickets
      where deleted_at is null and created_at > now() - interval '20 hours' and created_at < now() - interval '1 hour'
      order by id limit 1`);
    expect(ticket).toBeDefined();
    for (let i = 0; i < 40; i++) {
      await dbRows(sql`update tickets set status = ${i % 2 ? ticket!.status : 'CANCELED'} where id = ${ticket!.id}`);
    }
    const piledRows = async () =>
      (
        await dbRows<{ n: number; statuses: number }>(sql`select count(*)::int as n,
          count(distinct status)::int as statuses from ticket_hour_counts
          where scope = 'all' and hour = (select date_trunc('hour', created_at, 'UTC') from tickets where id = ${ticket!.id})`)
      )[0]!;
    // The status totals of everything ('all') pile up the same way and fold the same way.
    const rowsOfAll = async () =>
      (
        await dbRows<{ n: number; statuses: number }>(sql`select count(*)::int as n,
          count(distinct status)::int as statuses from ticket_counts where scope = 'all'`)
      )[0]!;
    const piled = await piledRows();
    const piledAll = await rowsOfAll();
    expect(piled.n).toBeGreaterThan(40);
    expect(piledAll.n).toBeGreaterThan(80);
    await expectCountsAsRecounted();
    // The reads wrote nothing.
    expect(await piledRows()).toEqual(piled);
    expect(await rowsOfAll()).toEqual(piledAll);
    await foldCounts(t.database.db);
    const folded = await piledRows();
    expect(folded.n).toBe(folded.statuses);
    const foldedAll = await rowsOfAll();
    expect(foldedAll.n).toBe(foldedAll.statuses);
    await expectCountsAsRecounted();
  });
});

describe('count/carrier from the hour counts', () => {
  const levels = async () => {
    const res = await get('admin', '/api/tickets/count/carrier');
    expect(res.statusCode).toBe(200);
    return res
      .json<{ carriers: { id: number; lastMonth: unknown; lastWeek: unknown }[] }>()
      .carriers.map(({ id, lastMonth, lastWeek }) => ({ id, lastMonth, lastWeek }));
  };
  const recountedLevels = async () =>
    (await recountServiceLevels(t.database.db)).map(({ id, lastMonth, lastWeek }) => ({ id, lastMonth, lastWeek }));

  it('should count offers in the whole hours of the cut days, with their rows piled up and once folded', async () => {
    const [ticket] = await dbRows<{ id: number }>(
      sql`select min(id)::int as id from tickets where status = 'DELIVERED'`,
    );
    const [carrier] = await dbRows<{ id: number }>(
      sql`select id from carriers where business_name = 'Old Road Trucking'`,
    );
    const offer = (agoMs: number, status: string) =>
      offerAgo(t.database.db, { ticketId: ticket!.id, carrierId: carrier!.id, agoMs, status });
    // Offers a whole hour or more inside each cut day, and within the hour each window starts or ends in.
    for (const ago of [30 * DAY - 90 * MINUTE, 30 * DAY - 5 * MINUTE, 7 * DAY - 90 * MINUTE, 7 * DAY - 5 * MINUTE]) {
      await offer(ago, 'CONFIRMED');
    }
    await offer(90 * MINUTE, 'PENDING');
    await offer(MINUTE, 'CONFIRMED');
    expect(await levels()).toEqual(await recountedLevels());

    // An offer flipped back and forth piles up rows, which the job folds. It lies in a whole hour of the
    // month's first day (read from the hour rows) unless that day ends within 90 minutes of the window's
    // start; then it was made today, 90 minutes ago (today is read from its day row).
    const timeOfDay = Date.now() % DAY;
    const inFirstDay = timeOfDay < DAY - 91 * MINUTE;
    const flipped = await offer(inFirstDay ? 30 * DAY - 90 * MINUTE : 90 * MINUTE, 'PENDING');
    for (let i = 0; i < 80; i++) {
      await dbRows(
        sql`update ticket_assignments set status = ${i % 2 ? 'DECLINED' : 'CONFIRMED'} where id = ${flipped}`,
      );
    }
    const piledRows = async () =>
      (
        await dbRows<{ n: number }>(
          inFirstDay
            ? sql`select count(*)::int as n from carrier_offer_hours where carrier_id = ${carrier!.id}
                and hour = (select date_trunc('hour', created_at, 'UTC') from ticket_assignments where id = ${flipped})`
            : sql`select count(*)::int as n from carrier_offer_days where carrier_id = ${carrier!.id}
                and day = (select (created_at at time zone 'UTC')::date from ticket_assignments where id = ${flipped})`,
        )
      )[0]!.n;
    expect(await piledRows()).toBeGreaterThan(140);
    expect(await levels()).toEqual(await recountedLevels());
    expect(await piledRows()).toBeGreaterThan(140);
    await foldCounts(t.database.db);
    expect(await piledRows()).toBe(1);
    expect(await levels()).toEqual(await recountedLevels());
  });
});

describe('the hour rows', () => {
  it('should equal, for the kept days, a recount of the tickets, carrier views and offers', async () => {
    const kept = sql`now() - interval '32 days'`;
    const hourRows = await sortedRows(sql`select scope, party_id, status, hour, sum(n)::int as n from ticket_hour_counts
      where hour >= date_trunc('hour', ${kept}, 'UTC') + interval '1 hour'
      group by 1, 2, 3, 4 having sum(n) <> 0`);
    const recount = await sortedRows(sql`select * from (
        select 'all' as scope, 0 as party_id, status, date_trunc('hour', created_at, 'UTC') as hour, count(*)::int as n
          from tickets where deleted_at is null group by 3, 4
        union all
        select 'supplier', supplier_id, status, date_trunc('hour', created_at, 'UTC'), count(*)::int
          from tickets where deleted_at is null group by 2, 3, 4
        union all
        select 'carrier', carrier_id, status, date_trunc('hour', created_at, 'UTC'), count(*)::int
          from ticket_carrier_views where open group by 2, 3, 4
      ) c where hour >= date_trunc('hour', ${kept}, 'UTC') + interval '1 hour'`);
    expect(hourRows.length).toBeGreaterThan(0);
    expect(hourRows).toEqual(recount);

    const offerRows = await sortedRows(sql`select carrier_id, hour, sum(offers)::int as offers,
        sum(confirmed)::int as confirmed from carrier_offer_hours
      where hour >= date_trunc('hour', ${kept}, 'UTC') + interval '1 hour'
      group by 1, 2 having sum(offers) <> 0`);
    const offerRecount = await sortedRows(sql`select carrier_id, date_trunc('hour', created_at, 'UTC') as hour,
        count(*)::int as offers, (count(*) filter (where status = 'CONFIRMED'))::int as confirmed
      from ticket_assignments where created_at >= date_trunc('hour', ${kept}, 'UTC') + interval '1 hour'
      group by 1, 2`);
    expect(offerRows.length).toBeGreaterThan(0);
    expect(offerRows).toEqual(offerRecount);
  });

  it('should come out the same from the bulk rebuilds (used after loads that skip triggers)', async () => {
    const summed = async () => [
      ...(await sortedRows(sql`select scope, party_id, status, hour, sum(n)::int as n from ticket_hour_counts
        where hour >= now() - interval '31 days' group by 1, 2, 3, 4 having sum(n) <> 0`)),
      ...(await sortedRows(sql`select carrier_id, hour, sum(offers)::int as offers, sum(confirmed)::int as confirmed
        from carrier_offer_hours where hour >= now() - interval '31 days' group by 1, 2 having sum(offers) <> 0`)),
    ];
    const kept = await summed();
    expect(kept.length).toBeGreaterThan(0);
    await dbRows(sql`select rebuild_ticket_views(), rebuild_carrier_offer_days()`);
    expect(await summed()).toEqual(kept);
    expect(await counted('admin')).toEqual(await recounted(sql`true`));
  });

  it('should be dropped by the daily job once older than the 32 days read, and no others', async () => {
    const count = async (table: 'ticket_hour_counts' | 'carrier_offer_hours', old: boolean) =>
      (
        await dbRows<{ n: number }>(
          sql`select count(*)::int as n from ${sql.raw(table)}
            where ${old ? sql`hour < now() - interval '32 days'` : sql`hour >= now() - interval '32 days'`}`,
        )
      )[0]!.n;
    await dbRows(sql`insert into ticket_hour_counts (scope, party_id, status, hour, n)
      values ('all', 0, 'DELIVERED', date_trunc('hour', now() - interval '40 days', 'UTC'), 1)`);
    await dbRows(sql`insert into carrier_offer_hours (carrier_id, hour, offers, confirmed)
      values ((select min(id) from carriers), date_trunc('hour', now() - interval '33 days', 'UTC'), 1, 1)`);
    const recent = [await count('ticket_hour_counts', false), await count('carrier_offer_hours', false)];
    expect(recent[0]).toBeGreaterThan(0);
    expect(await count('ticket_hour_counts', true)).toBeGreaterThan(0);
    expect(await count('carrier_offer_hours', true)).toBeGreaterThan(0);
    const before = await counted('admin');

    expect((await cleanupHourCounts(t.app.db)).removed).toBeGreaterThanOrEqual(2);
    expect(await count('ticket_hour_counts', true)).toBe(0);
    expect(await count('carrier_offer_hours', true)).toBe(0);
    expect([await count('ticket_hour_counts', false), await count('carrier_offer_hours', false)]).toEqual(recent);
    expect(await counted('admin')).toEqual(before);
  });
});
