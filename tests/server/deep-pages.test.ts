/**
 * Deep pages of the home lists start at the block of 1024 ticket ids their offset falls in, found from
 * the maintained block counts (ticket_block_counts): every such page equals the same page read by a plain
 * OFFSET (the list with a filter that keeps every ticket, which takes the general path), for each scope
 * (everyone, a supplier, a carrier, a customs agent), both orders, at several depths and past the end,
 * also once the block rows have piled up and been folded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';
import { foldCounts } from '../../src/server/jobs/fold-counts';
import { refreshStatistics } from '../../src/server/jobs/refresh-statistics';
import { BLOCK_SKIP_FROM } from '../../src/server/repositories/ticket-pages';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const dbRows = <T>(query: SQL) => queryRows<T>(t.database.db, query);

const USERS = ['admin', 'supplier1', 'carrier1', 'customs1'];

/** Generated tickets: ids 7 apart from 100,000, so 3,000 of them span 21 blocks of 1024 ids. */
const GENERATED = 3_000;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of USERS) tokens[u] = await t.login(u);
  const [party] = await dbRows<{ supplier_id: number; carrier_id: number; depot: number }>(sql`
    select (select supplier_id from users where username = 'supplier1') as supplier_id,
      (select carrier_id from users where username = 'carrier1') as carrier_id,
      (select min(d.id) from depots d join users u on u.supplier_id = d.supplier_id where u.username = 'supplier1') as depot`);
  // Every second is carried by carrier1 past PENDING (in its open view); the rest spread over statuses.
  await dbRows(sql`insert into tickets (id, supplier_id, origin_depot_id, status, carrier_id)
    select 100000 + 7 * g, ${party!.supplier_id}, ${party!.depot},
      (array['PENDING', 'CONFIRMED', 'MX_TRANSIT', 'DELIVERED', 'CANCELED'])[1 + g % 5],
      case when g % 2 = 0 then ${party!.carrier_id}::int end
    from generate_series(1, ${GENERATED}) g`);
  await dbRows(
    sql`update tickets set status = 'DELIVERED' where id >= 100000 and carrier_id is not null and status = 'PENDING'`,
  );
  // Every one is invoiced at a crossing of customs1's agent, who sees those in transit or delivered.
  await dbRows(sql`insert into provider_invoices (ticket_id, number, date, border_crossing_id)
    select id, 'GEN-' || id, '2026-11-20',
      (select min(bc.id) from border_crossings bc join users u on u.customs_agent_id = bc.customs_agent_id
        where u.username = 'customs1')
    from tickets where id >= 100000`);
  // As a running server would have them after such a bulk: autovacuum's ANALYZE on PostgreSQL, the hourly
  // job on the embedded database. Without them the plans assume a handful of rows.
  await refreshStatistics(t.database.db);
});
afterAll(async () => {
  await t.close();
});

interface ListJson {
  tickets: { id: number }[];
  count: number;
}
const list = async (user: string, query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/tickets?${query}`, headers: bearer(tokens[user]!) });
  expect(res.statusCode).toBe(200);
  const body = res.json<ListJson>();
  return { ids: body.tickets.map((x) => x.id), count: body.count };
};

/** The page as the home list reads it, and as a plain OFFSET reads it (a filter that keeps every ticket). */
const bothWays = async (user: string, query: string) => ({
  home: await list(user, query),
  plain: await list(user, `${query}&beforeDate=2100-01-01`),
});

const LIMIT = 20;
const deepPages = (total: number) => {
  const firstDeep = Math.ceil(BLOCK_SKIP_FROM / LIMIT) + 1;
  const last = Math.ceil(total / LIMIT);
  return [...new Set([firstDeep, firstDeep + 1, Math.floor((firstDeep + last) / 2), last - 1, last, last + 3])];
};

const STATUS_SETS = ['', 'statusName=CONFIRMED&statusName=DELIVERED&statusName=CANCELED'];

describe('deep pages of the home lists', () => {
  // One test per scope, each reading about sixty pages; no time limit decides the result.
  it.each(USERS)('should equal the plain OFFSET page for every order, status set and depth of %s', async (user) => {
    let deepPagesRead = 0;
    for (const statuses of STATUS_SETS) {
      for (const order of ['DESC', 'ASC']) {
        const query = `limit=${LIMIT}&orderBy=${order}${statuses ? `&${statuses}` : ''}`;
        const { count } = await list(user, query);
        for (const page of deepPages(count)) {
          const { home, plain } = await bothWays(user, `${query}&page=${page}`);
          expect({ user, statuses, order, page, ...home }).toEqual({ user, statuses, order, page, ...plain });
          if (plain.ids.length > 0 && (page - 1) * LIMIT >= BLOCK_SKIP_FROM) deepPagesRead++;
        }
      }
    }
    // The generated tickets make every scope deep enough for the block path: two orders, five pages with
    // tickets each, with both status sets but customs1's second (it sees only the delivered of those,
    // about 900, short of the block path).
    expect(deepPagesRead).toBe(user === 'customs1' ? 2 * 5 : 2 * 2 * 5);
    // A page past any offset PostgreSQL's integers hold is empty, not an error.
    expect(await list(user, `limit=${LIMIT}&page=2147483647`)).toEqual({
      ids: [],
      count: (await list(user, `limit=${LIMIT}`)).count,
    });
  });

  it('should keep block counts for every scope', async () => {
    const blocks = await dbRows<{ scope: string; n: number }>(sql`
      select scope, count(distinct block)::int as n from ticket_block_counts where n <> 0 group by scope order by scope`);
    expect(blocks.map((b) => b.scope)).toEqual(['all', 'carrier', 'customs', 'supplier']);
    expect(blocks.every((b) => b.n >= 21)).toBe(true);
  });

  it('should read piled-up block rows without writing, fold them in the job, and start each page where the plain OFFSET does', async () => {
    const rowsOf = async () =>
      Object.fromEntries(
        (
          await dbRows<{ scope: string; n: number }>(
            sql`select scope, count(*)::int as n from ticket_block_counts group by scope`,
          )
        ).map((r) => [r.scope, r.n]),
      );
    // 100 status flips of one ticket of the last block add 200 rows (-1 and +1) to the 'all' and supplier
    // scopes, and 100 to customs1's (the ticket leaves its view when canceled and comes back).
    const [{ id }] = (await dbRows<{ id: number }>(sql`select max(id) as id from tickets`)) as [{ id: number }];
    for (let i = 0; i < 100; i++) {
      await dbRows(
        sql`update tickets set status = case when status = 'CANCELED' then 'DELIVERED' else 'CANCELED' end where id = ${id}`,
      );
    }
    const pagesMatch = async () => {
      for (const user of ['admin', 'supplier1', 'customs1']) {
        const { home, plain } = await bothWays(
          user,
          `limit=${LIMIT}&orderBy=DESC&page=${Math.ceil(BLOCK_SKIP_FROM / LIMIT) + 2}`,
        );
        expect(home.ids.length).toBe(LIMIT);
        expect({ user, ...home }).toEqual({ user, ...plain });
      }
    };
    const piled = await rowsOf();
    await pagesMatch();
    // The reads wrote nothing: the piled rows are all still there.
    expect(await rowsOf()).toEqual(piled);
    // The fold-counts job folds the 'all', supplier and customs scopes to a row per block and status.
    const { removed } = await foldCounts(t.database.db);
    const folded = await rowsOf();
    expect(removed).toBeGreaterThanOrEqual(490);
    expect(folded.all).toBeLessThan(piled.all! - 190);
    expect(folded.supplier).toBeLessThan(piled.supplier! - 190);
    expect(folded.customs).toBeLessThan(piled.customs! - 90);
    await pagesMatch();
  });

  it("should keep block rows equal to a recount of the tickets and the carriers' open views", async () => {
    const summed = async () =>
      (
        await dbRows<Record<string, unknown>>(sql`select scope, party_id, status, block, sum(n)::int as n
          from ticket_block_counts group by 1, 2, 3, 4 having sum(n) <> 0 order by 1, 2, 3, 4`)
      ).map((r) => JSON.stringify(r));
    const kept = await summed();
    expect(kept.length).toBeGreaterThan(100);
    await dbRows(sql`select rebuild_ticket_block_counts()`);
    expect(await summed()).toEqual(kept);
  });
});
