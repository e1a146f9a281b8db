/**
 * The customs agents' kept views (ticket_customs_views) and their maintained counts. An agent sees a
 * live ticket in a status customs review whose provider invoice names a crossing of that agent. After
 * every kind of write that changes that (the ticket's status, deletion or creation time; its invoice
 * added, removed, moved to another crossing or ticket; a crossing handed to another agent) the kept rows
 * equal the rows worked out from tickets, invoices and crossings here, the agent's counts per status, hour
 * and block of ids sum to the same, and the API's home list and counts equal those worked out from the
 * rows. A bulk rebuild writes the same rows and counts. On PostgreSQL, two transactions that each
 * change half of what decides a ticket's rows at once leave the rows both halves decide.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { queryRows } from '../../src/server/db/database';
import { TICKET_STATUSES } from '../../src/shared/domain/ticket-status';
import { CUSTOMS_VISIBLE_STATUSES } from '../../src/shared/domain/ticket-transitions';
import { untilLockWait } from './helpers/lock-wait';
import { bearer, createPostgresDatabase, createTestApp, usePostgres, type TestApp } from './helpers/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const agents: Record<string, number> = {};
const dbRows = <T>(query: SQL) => queryRows<T>(t.database.db, query);

beforeAll(async () => {
  t = await createTestApp({ seedFiles: true });
  for (const user of ['customs1', 'customs2']) {
    tokens[user] = await t.login(user);
    agents[user] = (
      await dbRows<{ id: number }>(sql`select customs_agent_id as id from users where username = ${user}`)
    )[0]!.id;
  }
});
afterAll(async () => {
  await t.close();
});

const visible = sql.join(
  CUSTOMS_VISIBLE_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

interface Row {
  agent: number;
  ticket: number;
  status: string;
  created: string;
  /** The ticket's customs read flag, kept on its rows for the unread list (db/read-model/read-model.sql). */
  read: boolean;
}

/** Who sees what, worked out from tickets, invoices and crossings. */
const expected = () =>
  dbRows<Row>(sql`select bc.customs_agent_id as agent, t.id as ticket, t.status, t.created_at::text as created,
      t.customs_read as read
    from tickets t
    join provider_invoices pi on pi.ticket_id = t.id
    join border_crossings bc on bc.id = pi.border_crossing_id
    where t.deleted_at is null and bc.customs_agent_id is not null and t.status in (${visible})
    order by 1, 2`);

const kept = () =>
  dbRows<Row>(sql`select customs_agent_id as agent, ticket_id as ticket, status, created_at::text as created, read
    from ticket_customs_views order by 1, 2`);

/** Per agent and status: the expected rows counted, beside each maintained table's sum. */
const countsOf = async () => {
  // Hour rows are kept for the last 32 days; compare the whole hours since 30 days ago.
  const since = sql`date_trunc('hour', now() - interval '30 days')`;
  const [fromRows, counts, hours, blocks, unread] = await Promise.all([
    dbRows<{ key: string; n: number; young: number; unread: number; byBlock: string }>(sql`
      select e.agent || ' ' || e.status as key, count(*)::int as n,
        (count(*) filter (where e.created_at >= ${since}))::int as young,
        (count(*) filter (where not e.read))::int as unread,
        string_agg((e.ticket / 1024) || ':' || 1, ',' order by e.ticket) as "byBlock"
      from (select bc.customs_agent_id as agent, t.id as ticket, t.status, t.created_at, t.customs_read as read
        from tickets t
        join provider_invoices pi on pi.ticket_id = t.id
        join border_crossings bc on bc.id = pi.border_crossing_id
        where t.deleted_at is null and bc.customs_agent_id is not null and t.status in (${visible})) e
      group by 1 order by 1`),
    dbRows<{ key: string; n: number }>(sql`select party_id || ' ' || status as key, sum(n)::int as n
      from ticket_counts where scope = 'customs' group by 1 having sum(n) <> 0 order by 1`),
    dbRows<{ key: string; n: number }>(sql`select party_id || ' ' || status as key, sum(n)::int as n
      from ticket_hour_counts where scope = 'customs' and hour >= ${since} group by 1 having sum(n) <> 0 order by 1`),
    dbRows<{ key: string; n: number }>(sql`select party_id || ' ' || status || ' ' || block as key, sum(n)::int as n
      from ticket_block_counts where scope = 'customs' group by 1 having sum(n) <> 0 order by 1`),
    dbRows<{ key: string; n: number }>(sql`select party_id || ' ' || status as key, sum(n)::int as n
      from ticket_counts where scope = 'customs_unread' group by 1 having sum(n) <> 0 order by 1`),
  ]);
  const blocksFromRows = new Map<string, number>();
  for (const r of fromRows) {
    for (const b of r.byBlock.split(',')) {
      const key = `${r.key} ${b.split(':')[0]}`;
      blocksFromRows.set(key, (blocksFromRows.get(key) ?? 0) + 1);
    }
  }
  return {
    fromRows: {
      counts: fromRows.map((r) => ({ key: r.key, n: r.n })),
      hours: fromRows.filter((r) => r.young > 0).map((r) => ({ key: r.key, n: r.young })),
      blocks: [...blocksFromRows].map(([key, n]) => ({ key, n })).sort((a, b) => (a.key < b.key ? -1 : 1)),
      unread: fromRows.filter((r) => r.unread > 0).map((r) => ({ key: r.key, n: r.unread })),
    },
    maintained: { counts, hours, blocks, unread },
  };
};

const get = async (user: string, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(tokens[user]!) });
  expect(res.statusCode, url).toBe(200);
  return res.json<unknown>();
};

/**
 * Each agent's home list (as the home screen asks, and with one more filter), and its counts, from the
 * API; and the same worked out from the rows.
 */
const apiOf = async () => {
  const rows = await expected();
  const dayAgo = Date.now() - 24 * 3_600_000;
  const seen: Record<string, unknown> = {};
  const fromRows: Record<string, unknown> = {};
  for (const user of ['customs1', 'customs2']) {
    const mine = rows.filter((r) => r.agent === agents[user]).sort((a, b) => b.ticket - a.ticket);
    const home = (await get(user, '/api/tickets?limit=25')) as { tickets: { id: number }[]; count: number };
    const states = (await get(user, '/api/tickets/count/states')) as {
      status: string;
      total: number;
      oldestCount: number;
    }[];
    // The same list with a filter besides the statuses, which takes the general path.
    const filtered = (await get(user, '/api/tickets?limit=25&beforeDate=2100-01-01')) as {
      tickets: { id: number }[];
      count: number;
    };
    // The customs home's unread documentation: unread rows still at the border, oldest first.
    const unread = (await get(
      user,
      '/api/tickets?limit=25&customsRead=false&statusName=TA_INVOICED&statusName=MX_TRANSIT&orderBy=ASC',
    )) as { tickets: { id: number; customsRead: boolean }[]; count: number };
    seen[user] = {
      home: { ids: home.tickets.map((x) => x.id), count: home.count },
      filtered: { ids: filtered.tickets.map((x) => x.id), count: filtered.count },
      unread: { ids: unread.tickets.map((x) => [x.id, x.customsRead]), count: unread.count },
      states,
    };
    const listFromRows = { ids: mine.slice(0, 25).map((r) => r.ticket), count: mine.length };
    const unreadRows = mine
      .filter((r) => !r.read && (r.status === 'TA_INVOICED' || r.status === 'MX_TRANSIT'))
      .reverse();
    fromRows[user] = {
      home: listFromRows,
      filtered: listFromRows,
      unread: { ids: unreadRows.slice(0, 25).map((r) => [r.ticket, false]), count: unreadRows.length },
      states: TICKET_STATUSES.map((status) => {
        const of = mine.filter((r) => r.status === status);
        return {
          status,
          total: of.length,
          oldestCount: of.filter((r) => new Date(r.created).getTime() < dayAgo).length,
        };
      }),
    };
  }
  return { seen, fromRows };
};

/** A ticket customs1 sees now, with its invoice and crossing. */
const seenBy = async (user: string) =>
  (
    await dbRows<{ id: number; invoice: number; crossing: number }>(sql`
      select v.ticket_id as id, pi.id as invoice, pi.border_crossing_id as crossing
      from ticket_customs_views v join provider_invoices pi on pi.ticket_id = v.ticket_id
      where v.customs_agent_id = ${agents[user]} order by v.ticket_id desc limit 1`)
  )[0]!;

describe("customs agents' kept views", () => {
  it('should hold, after the demo was written, the tickets each agent sees', async () => {
    const rows = await kept();
    expect(rows).toEqual(await expected());
    // Both agents see tickets, so every check below compares something.
    expect(new Set(rows.map((r) => r.agent))).toEqual(new Set(Object.values(agents)));
    const { fromRows, maintained } = await countsOf();
    expect(maintained).toEqual(fromRows);
    const api = await apiOf();
    expect(api.seen).toEqual(api.fromRows);
  });

  it('should follow every write that changes who sees a ticket, with the counts and the API', async () => {
    const ticket = await seenBy('customs1');
    const otherCrossing = (
      await dbRows<{ id: number; agent: number }>(sql`select id, customs_agent_id as agent from border_crossings
        where customs_agent_id = ${agents.customs2} order by id limit 1`)
    )[0]!;
    const unseen = (
      await dbRows<{ id: number }>(sql`select max(t.id) as id from tickets t
        where not exists (select 1 from provider_invoices pi where pi.ticket_id = t.id)`)
    )[0]!.id;
    const writes: [string, SQL, (rows: Row[]) => unknown, unknown][] = [
      [
        'status to one customs do not see',
        sql`update tickets set status = 'CONFIRMED' where id = ${ticket.id}`,
        (rows) => rows.filter((r) => r.ticket === ticket.id),
        [],
      ],
      [
        'status back to one they see',
        sql`update tickets set status = 'MX_TRANSIT' where id = ${ticket.id}`,
        (rows) => rows.filter((r) => r.ticket === ticket.id).map((r) => [r.agent, r.status]),
        [[agents.customs1, 'MX_TRANSIT']],
      ],
      [
        'read by customs',
        sql`update tickets set customs_read = true where id = ${ticket.id}`,
        (rows) => rows.filter((r) => r.ticket === ticket.id).map((r) => r.read),
        [true],
      ],
      [
        'marked unread again',
        sql`update tickets set customs_read = false where id = ${ticket.id}`,
        (rows) => rows.filter((r) => r.ticket === ticket.id).map((r) => r.read),
        [false],
      ],
      [
        'status between two they see',
        sql`update tickets set status = 'DELIVERED' where id = ${ticket.id}`,
        (rows) => rows.filter((r) => r.ticket === ticket.id).map((r) => [r.agent, r.status]),
        [[agents.customs1, 'DELIVERED']],
      ],
      [
        'ticket deleted',
        sql`update tickets set deleted_at = now() where id = ${ticket.id}`,
        (rows) => rows.filter((r) => r.ticket === ticket.id),
        [],
      ],
      [
        'ticket restored',
        sql`update tickets set deleted_at = null where id = ${ticket.id}`,
        (rows) => rows.filter((r) => r.ticket === ticket.id).length,
        1,
      ],
      [
        'creation time',
        sql`update tickets set created_at = now() - interval '2 hours' where id = ${ticket.id}`,
        (rows) => Date.now() - new Date(rows.find((r) => r.ticket === ticket.id)!.created).getTime() > 3_600_000,
        true,
      ],
      [
        "invoice moved to the other agent's crossing",
        sql`update provider_invoices set border_crossing_id = ${otherCrossing.id} where id = ${ticket.invoice}`,
        (rows) => rows.filter((r) => r.ticket === ticket.id).map((r) => r.agent),
        [agents.customs2],
      ],
      [
        'invoice moved to a ticket without one',
        sql`update provider_invoices set ticket_id = ${unseen} where id = ${ticket.invoice}`,
        (rows) => rows.filter((r) => r.ticket === ticket.id || r.ticket === unseen).map((r) => r.ticket),
        [],
      ],
      [
        'that ticket in a status customs see',
        sql`update tickets set status = 'TA_INVOICED' where id = ${unseen}`,
        (rows) => rows.filter((r) => r.ticket === unseen).map((r) => r.agent),
        [agents.customs2],
      ],
      [
        'invoice moved back',
        sql`update provider_invoices set ticket_id = ${ticket.id}, border_crossing_id = ${ticket.crossing}
          where id = ${ticket.invoice}`,
        (rows) => rows.filter((r) => r.ticket === ticket.id || r.ticket === unseen).map((r) => [r.ticket, r.agent]),
        [[ticket.id, agents.customs1]],
      ],
      [
        'crossing handed to the other agent',
        sql`update border_crossings set customs_agent_id = ${agents.customs2} where id = ${ticket.crossing}`,
        (rows) => rows.filter((r) => r.ticket === ticket.id).map((r) => r.agent),
        [agents.customs2],
      ],
      [
        'crossing left without an agent',
        sql`update border_crossings set customs_agent_id = null where id = ${ticket.crossing}`,
        (rows) => rows.filter((r) => r.ticket === ticket.id),
        [],
      ],
      [
        'crossing handed back',
        sql`update border_crossings set customs_agent_id = ${agents.customs1} where id = ${ticket.crossing}`,
        (rows) => rows.filter((r) => r.ticket === ticket.id).map((r) => r.agent),
        [agents.customs1],
      ],
      [
        'invoice removed',
        sql`delete from provider_invoices where id = ${ticket.invoice}`,
        (rows) => rows.filter((r) => r.ticket === ticket.id),
        [],
      ],
      [
        'invoice added',
        sql`insert into provider_invoices (ticket_id, number, date, border_crossing_id)
          values (${ticket.id}, 'TA-VIEW-1', '2026-11-20', ${ticket.crossing})`,
        (rows) => rows.filter((r) => r.ticket === ticket.id).map((r) => r.agent),
        [agents.customs1],
      ],
    ];
    for (const [what, write, pick, after] of writes) {
      await dbRows(write);
      const rows = await kept();
      expect({ what, rows }).toEqual({ what, rows: await expected() });
      expect({ what, picked: pick(rows) }).toEqual({ what, picked: after });
      const { fromRows, maintained } = await countsOf();
      expect({ what, ...maintained }).toEqual({ what, ...fromRows });
      const api = await apiOf();
      expect({ what, ...api.seen }).toEqual({ what, ...api.fromRows });
    }
    // The ticket is readable by the agent that sees it, and answers 404 to the other.
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/tickets/${ticket.id}`,
      headers: bearer(tokens.customs1!),
    });
    expect(one.statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/tickets/${ticket.id}`,
      headers: bearer(tokens.customs2!),
    });
    expect(other.statusCode).toBe(404);
  });

  it('should refuse a read flag filter that is not true or false, naming it', async () => {
    for (const value of ['maybe', 'no', '']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/tickets?customsRead=${value}`,
        headers: bearer(tokens.customs1!),
      });
      expect({ value, status: res.statusCode }).toEqual({ value, status: 400 });
      expect(JSON.stringify(res.json())).toContain('customsRead');
    }
  });

  it("should list an agent's unread tickets of one mode, and only its own", async () => {
    const url = '/api/tickets?customsRead=false&carrierMode=TRUCK&limit=200';
    // One of the agent's truck tickets read, so the filter has something to leave out.
    const [read] = await dbRows<{ id: number }>(sql`update tickets set customs_read = true where id = (
        select max(v.ticket_id) from ticket_customs_views v join tickets t on t.id = v.ticket_id
        join carriers c on c.id = t.carrier_id where v.customs_agent_id = ${agents.customs1} and c.mode = 'TRUCK')
      returning id`);
    const mine = (await get('customs1', url)) as { tickets: { id: number; customsRead: boolean }[]; count: number };
    const rows = (await expected()).filter((r) => r.agent === agents.customs1 && !r.read);
    const trucks = await dbRows<{ id: number }>(sql`select t.id from tickets t join carriers c on c.id = t.carrier_id
      where c.mode = 'TRUCK'`);
    const truckIds = new Set(trucks.map((r) => r.id));
    const wanted = rows.filter((r) => truckIds.has(r.ticket)).map((r) => r.ticket);
    expect(wanted.length).toBeGreaterThan(0);
    expect(wanted).not.toContain(read!.id);
    expect({ ids: mine.tickets.map((x) => x.id).sort((a, b) => a - b), count: mine.count }).toEqual({
      ids: wanted.sort((a, b) => a - b),
      count: wanted.length,
    });
  });

  it('should keep a ticket for customs in exactly the statuses the app lets customs see', async () => {
    const { id } = await seenBy('customs2');
    const seenIn: string[] = [];
    for (const status of TICKET_STATUSES) {
      await dbRows(sql`update tickets set status = ${status} where id = ${id}`);
      const rows = await dbRows<{ n: number }>(
        sql`select count(*)::int as n from ticket_customs_views where ticket_id = ${id}`,
      );
      if (rows[0]!.n > 0) seenIn.push(status);
    }
    expect(seenIn).toEqual(TICKET_STATUSES.filter((s) => CUSTOMS_VISIBLE_STATUSES.includes(s)));
    await dbRows(sql`update tickets set status = 'DELIVERED' where id = ${id}`);
  });

  it('should write the same rows and counts in a bulk rebuild', async () => {
    const before = { rows: await kept(), counts: (await countsOf()).maintained };
    // Rows lost and a wrong one: the rebuild starts from the tickets, not from what is kept.
    const lost = await dbRows<{ agent: number; ticket: number }>(sql`delete from ticket_customs_views
      where ticket_id in (select max(ticket_id) from ticket_customs_views group by customs_agent_id)
      returning customs_agent_id as agent, ticket_id as ticket`);
    expect(lost.length).toBe(2);
    await dbRows(sql`update ticket_customs_views set status = 'PENDING'
      where ticket_id = (select max(ticket_id) from ticket_customs_views)`);
    expect(await kept()).not.toEqual(before.rows);
    // Meanwhile the API answers from the kept rows: each agent's newest ticket is gone from its list,
    // its counts and its reach.
    for (const user of ['customs1', 'customs2']) {
      const gone = lost.find((r) => r.agent === agents[user])!.ticket;
      const home = (await get(user, '/api/tickets?limit=25')) as { tickets: { id: number }[]; count: number };
      expect(home.tickets.map((x) => x.id)).not.toContain(gone);
      const seenFromRows = (await expected()).filter((r) => r.agent === agents[user]).length;
      expect(home.count).toBe(seenFromRows - 1);
      const res = await t.app.inject({ method: 'GET', url: `/api/tickets/${gone}`, headers: bearer(tokens[user]!) });
      expect(res.statusCode).toBe(404);
    }
    await dbRows(sql`select rebuild_ticket_views()`);
    expect(await kept()).toEqual(before.rows);
    expect((await countsOf()).maintained).toEqual(before.counts);
    const api = await apiOf();
    expect(api.seen).toEqual(api.fromRows);
  });
});

/**
 * Two transactions at once on PostgreSQL: `first` writes and holds its transaction open, `second` writes
 * and (as the kept rows' locks make it) waits; the test gives it up to two seconds to show as a lock wait,
 * commits the first either way, then the second. Answers the ticket's kept rows as [agent, status].
 */
async function concurrently(
  setup: (c: pg.Client) => Promise<{ ticket: number; first: string; second: string }>,
): Promise<{ kept: [number, string][]; stale: number }> {
  const database = await createPostgresDatabase(inject('databaseTemplates').seeded);
  const first = new pg.Client({ connectionString: database.url });
  const second = new pg.Client({ connectionString: database.url });
  await first.connect();
  await second.connect();
  try {
    const { ticket, first: firstWrite, second: secondWrite } = await setup(first);
    await first.query('begin');
    await first.query(firstWrite);
    await second.query('begin');
    const waiting = second.query(secondWrite);
    await untilLockWait(first);
    await first.query('commit');
    await waiting;
    await second.query('commit');
    const { rows } = await first.query<{ agent: number; status: string }>(
      `select customs_agent_id as agent, status from ticket_customs_views where ticket_id = $1 order by 1`,
      [ticket],
    );
    // Every ticket's kept rows, against those worked out from the rows.
    const { rows: stale } = await first.query<{ n: number }>(`
      with expected as (
        select bc.customs_agent_id, t.id as ticket_id, t.status, t.created_at from tickets t
        join provider_invoices pi on pi.ticket_id = t.id join border_crossings bc on bc.id = pi.border_crossing_id
        where t.deleted_at is null and bc.customs_agent_id is not null
          and t.status in (${CUSTOMS_VISIBLE_STATUSES.map((s) => `'${s}'`).join(', ')}))
      select count(*)::int as n from expected e
        full join ticket_customs_views v on v.customs_agent_id = e.customs_agent_id and v.ticket_id = e.ticket_id
      where (e.status, e.created_at) is distinct from (v.status, v.created_at)`);
    return { kept: rows.map((r) => [r.agent, r.status]), stale: stale[0]!.n };
  } finally {
    await first.end();
    await second.end();
    await database.drop();
  }
}

/** A ticket without an invoice, two crossings of customs1's agent, and both agents. */
const fixtures = async (c: pg.Client) =>
  (
    await c.query<{ ticket: number; status: string; norte: number; eagle: number; agent1: number; agent2: number }>(`
      select (select max(t.id) from tickets t
          where not exists (select 1 from provider_invoices pi where pi.ticket_id = t.id)) as ticket,
        (select min(bc.id) from border_crossings bc join users u on u.customs_agent_id = bc.customs_agent_id
          where u.username = 'customs1') as norte,
        (select max(bc.id) from border_crossings bc join users u on u.customs_agent_id = bc.customs_agent_id
          where u.username = 'customs1') as eagle,
        (select customs_agent_id from users where username = 'customs1') as agent1,
        (select customs_agent_id from users where username = 'customs2') as agent2`)
  ).rows[0]!;

describe.runIf(usePostgres)("customs agents' kept views under concurrent writes on PostgreSQL", () => {
  it('should show a ticket whose status and invoice two transactions wrote at once', async () => {
    let agent = 0;
    const result = await concurrently(async (c) => {
      const f = await fixtures(c);
      agent = f.agent1;
      return {
        ticket: f.ticket,
        first: `update tickets set status = 'TA_INVOICED' where id = ${f.ticket}`,
        second: `insert into provider_invoices (ticket_id, number, date, border_crossing_id)
          values (${f.ticket}, 'TA-RACE-1', '2026-11-20', ${f.norte})`,
      };
    });
    expect(result).toEqual({ kept: [[agent, 'TA_INVOICED']], stale: 0 });
  });

  it('should move a ticket invoiced at a crossing while the crossing was handed to another agent', async () => {
    let agent = 0;
    const result = await concurrently(async (c) => {
      const f = await fixtures(c);
      agent = f.agent2;
      await c.query(`update tickets set status = 'TA_INVOICED' where id = ${f.ticket}`);
      return {
        ticket: f.ticket,
        first: `insert into provider_invoices (ticket_id, number, date, border_crossing_id)
          values (${f.ticket}, 'TA-RACE-2', '2026-11-20', ${f.norte})`,
        second: `update border_crossings set customs_agent_id = ${f.agent2} where id = ${f.norte}`,
      };
    });
    expect(result).toEqual({ kept: [[agent, 'TA_INVOICED']], stale: 0 });
  });

  it("should leave a ticket only with its new crossing's agent when its invoice moves during a handover of the old", async () => {
    let agent = 0;
    const result = await concurrently(async (c) => {
      const f = await fixtures(c);
      expect(f.eagle).not.toBe(f.norte);
      agent = f.agent1;
      await c.query(`update tickets set status = 'TA_INVOICED' where id = ${f.ticket}`);
      await c.query(`insert into provider_invoices (ticket_id, number, date, border_crossing_id)
        values (${f.ticket}, 'TA-RACE-4', '2026-11-20', ${f.norte})`);
      return {
        ticket: f.ticket,
        first: `update border_crossings set customs_agent_id = ${f.agent2} where id = ${f.norte}`,
        second: `update provider_invoices set border_crossing_id = ${f.eagle} where ticket_id = ${f.ticket}`,
      };
    });
    expect(result).toEqual({ kept: [[agent, 'TA_INVOICED']], stale: 0 });
  });

  it('should not hold writes to tickets invoiced elsewhere or out of customs while a crossing is handed over', async () => {
    const database = await createPostgresDatabase(inject('databaseTemplates').seeded);
    const handing = new pg.Client({ connectionString: database.url });
    const writing = new pg.Client({ connectionString: database.url });
    await handing.connect();
    await writing.connect();
    try {
      const f = await fixtures(handing);
      // A ticket of customs2's crossing in a status customs see, and one no invoice names.
      const { rows } = await handing.query<{ elsewhere: number; plain: number }>(`
        select (select min(id) from tickets where id <> ${f.ticket}) as elsewhere,
          (select max(id) from tickets where id not in (${f.ticket}, (select min(id) from tickets where id <> ${f.ticket}))
            and status = 'PENDING') as plain`);
      const { elsewhere, plain } = rows[0]!;
      await handing.query(`update tickets set status = 'MX_TRANSIT' where id = ${elsewhere}`);
      await handing.query(`insert into provider_invoices (ticket_id, number, date, border_crossing_id)
        values (${elsewhere}, 'TA-ELSEWHERE', '2026-11-20',
          (select min(id) from border_crossings where customs_agent_id = ${f.agent2}))`);
      await handing.query('begin');
      await handing.query(`update border_crossings set customs_agent_id = ${f.agent2} where id = ${f.norte}`);
      // Held up, these would be cancelled by the timeout instead of finishing.
      await writing.query(`set statement_timeout = '5s'`);
      await writing.query(`update tickets set status = 'DELIVERED' where id = ${elsewhere}`);
      await writing.query(`update tickets set status = 'CONFIRMED' where id = ${plain}`);
      await handing.query('commit');
      const { rows: kept } = await writing.query<{ agent: number; status: string }>(
        `select customs_agent_id as agent, status from ticket_customs_views where ticket_id = ${elsewhere}`,
      );
      expect(kept).toEqual([{ agent: f.agent2, status: 'DELIVERED' }]);
    } finally {
      await handing.end();
      await writing.end();
      await database.drop();
    }
  });

  it('should give a ticket invoiced while its crossing was being handed over to the new agent', async () => {
    let agent = 0;
    const result = await concurrently(async (c) => {
      const f = await fixtures(c);
      agent = f.agent2;
      await c.query(`update tickets set status = 'TA_INVOICED' where id = ${f.ticket}`);
      return {
        ticket: f.ticket,
        first: `update border_crossings set customs_agent_id = ${f.agent2} where id = ${f.norte}`,
        second: `insert into provider_invoices (ticket_id, number, date, border_crossing_id)
          values (${f.ticket}, 'TA-RACE-3', '2026-11-20', ${f.norte})`,
      };
    });
    expect(result).toEqual({ kept: [[agent, 'TA_INVOICED']], stale: 0 });
  });
});
