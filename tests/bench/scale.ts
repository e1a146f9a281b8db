/**
 * Scale bench: a PostgreSQL database of N generated tickets (two years of trips with a realistic spread of
 * statuses, offers, documentation and provider invoices over the demo parties and 20 suppliers and 40
 * carriers more), then the API under load with autocannon beside a Fastify hello-world measured in the
 * same run (before, between and after the API figures; the ratio uses their median), so figures taken on
 * a busy machine can still be compared, and the CPU time each request costs the portal's process and
 * its PostgreSQL backends (read from /proc: a shared machine slows requests but does not add to these).
 * A 50-ticket page is also measured as browsers receive it (brotli, gzip), with its bytes on the wire.
 *
 * Flags (after `npm run bench --`): `--tickets N` (default 20000), `--only scale` (skip the other benches),
 * `--db NAME` (database name; an existing one holding N tickets is reused and kept), `--keep` (keep the
 * databases it built, and reuse them next time), `--seconds S` (per request, default 5), `--connections C` (default 10),
 * `--compare M` (measure M tickets first, in database bench_scale_M, and print for each request its
 * req/s at N against M: as measured, and with each run's req/s taken relative to its own hello-world,
 * which a machine whose speed drifts between the two runs needs).
 * The server is the production entry point spawned on PostgreSQL (`BENCH_DATABASE_URL`, default
 * postgres://postgres@127.0.0.1:5432/postgres: it only needs to be able to create databases).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/database';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/seed/demo-seed';
import { startPortalProcess } from '../fixtures/portal-process';
import { firstListRequest } from '../../src/shared/domain/first-list';
import { ADMIN_WORK_TILES } from '../../src/shared/domain/home-work';
import type { TicketList } from '../../src/shared/domain/role-views';
import { printWrites, writeFigures, type WriteRun } from './writes';

export interface ScaleOptions {
  tickets: number;
  db?: string | undefined;
  keep: boolean;
  seconds: number;
  connections: number;
  /** A smaller number of tickets measured first, for the cost's growth with the table. */
  compare?: number | undefined;
}

export function scaleOptions(argv: readonly string[]): ScaleOptions {
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return {
    tickets: Number(value('tickets') ?? 20_000),
    db: value('db'),
    keep: argv.includes('--keep'),
    seconds: Number(value('seconds') ?? 5),
    connections: Number(value('connections') ?? 10),
    compare: value('compare') === undefined ? undefined : Number(value('compare')),
  };
}

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const urlOf = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The generated history, in SQL so a million tickets take a minute or two: ids grow with creation time;
 * a ticket's status follows its age (the last week is still moving, older trips are delivered or
 * cancelled); each carried ticket has its confirmed offer, some a declined one before it, open tickets a
 * pending offer (a fifth has none: the allocation found no carrier); documentation from SUPPLIER_INVOICED
 * on, a provider invoice from TA_INVOICED on, paid when delivered.
 */
export function generationSql(n: number): string[] {
  return [
    `select setseed(0.42)`,
    `insert into suppliers (business_name, trade_name, city)
       select 'Bench Supplier ' || g, 'BS' || g, 'Bench City ' || g from generate_series(1, 20) g`,
    `insert into depots (supplier_id, name, city, address, latitude, longitude, border_crossing_id)
       select s.id, 'Yard of ' || s.business_name, 'Bench City', 'Spur ' || s.id, 29.5 + s.id / 100.0, -98.5,
         (select min(id) from border_crossings)
       from suppliers s where not exists (select 1 from depots d where d.supplier_id = s.id)`,
    `insert into carriers (business_name, mode, category)
       select 'Bench Carrier ' || g, case when g % 5 = 0 then 'RAILCAR' else 'TRUCK' end, 1 + g % 3
       from generate_series(1, 40) g`,
    `insert into destinations (name) select 'Bench Plant ' || g from generate_series(1, 5) g`,
    // Weighted picks: a demo party (the ones people sign in as) is five slots, a generated one is one.
    `create temp table supplier_slots as
       select row_number() over () - 1 as slot, s.supplier_id, s.depot_id from (
         select d.supplier_id, d.id as depot_id, w from depots d
         cross join lateral generate_series(1, case when d.supplier_id <= (select min(id) + 1 from suppliers) then 5 else 1 end) w
         where d.supplier_id is not null order by d.id, w) s`,
    `create temp table carrier_slots as
       select row_number() over () - 1 as slot, c.id as carrier_id, c.mode from carriers c
       cross join lateral generate_series(1, case when c.business_name like 'Bench %' then 1 else 5 end) w`,
    `create temp table destination_slots as select row_number() over () - 1 as slot, id from destinations`,
    `create temp table gen as
       select g, now() - interval '730 days' * ((${n} - g)::float8 / ${n}) - random() * interval '50 minutes' as created_at,
         random() as r_status, random() as r_supplier, random() as r_carrier, random() as r_dest, random() as r_more
       from generate_series(1, ${n}) g`,
    `create temp table gen2 as
       select g.*, extract(epoch from now() - created_at) / 86400 as age,
         (select count(*) from supplier_slots) as supplier_n, (select count(*) from carrier_slots) as carrier_n,
         (select count(*) from destination_slots) as destination_n
       from gen g`,
    `create temp table gen3 as
       select g, created_at, r_more, supplier_n, carrier_n, destination_n, r_supplier, r_carrier, r_dest,
         case
           when age < 1 then case when r_status < 0.5 then 'PENDING' else 'CONFIRMED' end
           when age < 3 then case when r_status < 0.05 then 'PENDING' when r_status < 0.4 then 'CONFIRMED'
             when r_status < 0.8 then 'SUPPLIER_INVOICED' else 'TA_INVOICED' end
           when age < 7 then case when r_status < 0.05 then 'CONFIRMED' when r_status < 0.2 then 'SUPPLIER_INVOICED'
             when r_status < 0.5 then 'TA_INVOICED' else 'MX_TRANSIT' end
           when age < 14 then case when r_status < 0.3 then 'MX_TRANSIT' when r_status < 0.92 then 'DELIVERED' else 'CANCELED' end
           else case when r_status < 0.92 then 'DELIVERED' else 'CANCELED' end
         end as status
       from gen2`,
    `analyze supplier_slots, carrier_slots, destination_slots, gen3`,
    `create temp table ids as select coalesce(max(id), 0) as first_id from tickets`,
    `insert into tickets (status, supplier_id, carrier_id, origin_depot_id, destination_id, withdrawal_date,
         withdrawal_timezone, created_at, updated_at)
       select g.status, s.supplier_id,
         case when g.status = 'PENDING' and g.r_more < 0.2 then null
              when g.status = 'CANCELED' and g.r_more < 0.5 then null else c.carrier_id end,
         s.depot_id, d.id,
         case when g.status in ('PENDING', 'CANCELED') then null else g.created_at + interval '1 day' end,
         case when g.status in ('PENDING', 'CANCELED') then null else 360 end,
         g.created_at, g.created_at + interval '2 hours'
       from gen3 g
       join supplier_slots s on s.slot = floor(g.r_supplier * g.supplier_n)::bigint
       join carrier_slots c on c.slot = floor(g.r_carrier * g.carrier_n)::bigint
       join destination_slots d on d.slot = floor(g.r_dest * g.destination_n)::bigint
       order by g.g`,
    // An offer some other carrier declined before the one that stands (15% of carried tickets).
    `insert into ticket_assignments (ticket_id, carrier_id, status, reason, created_at, responded_at)
       select t.id, (select c.id from carriers c where c.id <> t.carrier_id order by c.id limit 1 offset (t.id % 7)),
         'DECLINED', 'No truck available', t.created_at + interval '1 minute', t.created_at + interval '20 minutes'
       from tickets t where t.id > (select first_id from ids) and t.carrier_id is not null and t.id % 100 < 15
       order by t.id`,
    `insert into ticket_assignments (ticket_id, carrier_id, status, created_at, responded_at)
       select t.id, t.carrier_id, case when t.status = 'PENDING' then 'PENDING' else 'CONFIRMED' end,
         t.created_at + interval '30 minutes',
         case when t.status = 'PENDING' then null else t.created_at + interval '1 hour' end
       from tickets t where t.id > (select first_id from ids) and t.carrier_id is not null order by t.id`,
    `insert into shipping_documents (mode, ticket_id, supplier_id, carrier_id, depot_id, destination_id, invoice_date,
         invoice_number, invoice_amount, gross_weight, tare_weight, car_equipment, material_id, reserved_tonnes, created_at,
         updated_at)
       select c.mode, t.id, t.supplier_id, t.carrier_id, t.origin_depot_id, t.destination_id, (t.created_at + interval '30 hours')::date,
         'INV-B-' || t.id, 18000 + t.id % 5000, 78000 + t.id % 4000, 31500 + t.id % 900,
         case when c.mode = 'RAILCAR' then 'GONX' else 'TRK' end || (100000 + t.id),
         (select min(id) from materials) + t.id % 4, 0, t.created_at + interval '30 hours', t.created_at + interval '30 hours'
       from tickets t join carriers c on c.id = t.carrier_id
       where t.id > (select first_id from ids) and t.status in ('SUPPLIER_INVOICED', 'TA_INVOICED', 'MX_TRANSIT', 'DELIVERED')`,
    `insert into provider_invoices (ticket_id, number, date, border_crossing_id, sap_validation_status, payment_number,
         payment_date, created_at, updated_at)
       select t.id, 'TA-B-' || t.id, (t.created_at + interval '40 hours')::date, d.border_crossing_id,
         case when t.status = 'DELIVERED' then 'confirmed' else 'pending' end,
         case when t.status = 'DELIVERED' then 'PV-B-' || t.id end,
         case when t.status = 'DELIVERED' then (t.created_at + interval '5 days')::date end,
         t.created_at + interval '40 hours', t.created_at + interval '40 hours'
       from tickets t join depots d on d.id = t.origin_depot_id
       where t.id > (select first_id from ids) and t.status in ('TA_INVOICED', 'MX_TRANSIT', 'DELIVERED')
         and d.border_crossing_id is not null`,
  ];
}

async function ticketCount(url: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: string }>('select count(*) as n from tickets');
    return Number(rows[0]!.n);
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The migrations' functions that recompute the trigger-kept tables from the rows they derive from. */
const REBUILDS = ['rebuild_ticket_views', 'rebuild_carrier_offer_days', 'rebuild_ticket_view_parts'];

/** Creates the database, migrates and seeds it as the server would, then generates `n` tickets. */
async function build(name: string, n: number): Promise<void> {
  const started = performance.now();
  await admin(async (c) => {
    await c.query(`drop database if exists ${pg.escapeIdentifier(name)}`);
    await c.query(`create database ${pg.escapeIdentifier(name)}`);
  });
  const database = await openDatabase({ url: urlOf(name) });
  try {
    await seedDemo(database.db);
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: urlOf(name) });
  await client.connect();
  try {
    await client.query("set work_mem = '256MB'");
    // Generated rows skip the per-row triggers (and foreign-key checks) that keep the carrier views and
    // the maintained counts: one bulk rebuild afterwards gives the same tables in a fraction of the time.
    await client.query("set session_replication_role = 'replica'");
    for (const statement of generationSql(n)) await client.query(statement);
    await client.query("set session_replication_role = 'origin'");
    for (const rebuild of REBUILDS) await client.query(`select ${rebuild}()`);
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
  const { rows } = await admin((c) =>
    c.query<{ size: string }>(`select pg_size_pretty(pg_database_size($1)) as size`, [name]),
  );
  console.log(
    `scale: built ${name} with ${n.toLocaleString('en-US')} generated tickets in ${((performance.now() - started) / 1000).toFixed(0)} s (${rows[0]!.size})`,
  );
}

interface Figure {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  errors: number;
  /** CPU milliseconds per request of the portal's processes and of its PostgreSQL backends. */
  nodeMs?: number;
  pgMs?: number;
}

/**
 * The CPU time (ms) of the processes in `pids`, from /proc (Linux; 0 elsewhere): the scheduler's own
 * count in nanoseconds (schedstat), else user + system time in clock ticks of 10 ms, too coarse for a
 * few dozen writes spread over ten backends.
 */
function cpuMs(pids: readonly number[]): number {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  let total = 0;
  for (const pid of pids) {
    try {
      total += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
      continue;
    } catch {
      // no schedstat: the clock ticks below, or the process has ended
    }
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // the process has ended
    }
  }
  return total;
}

/** The processes of one process group (the portal started detached: npx, tsx and the server). */
function groupPids(pgid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === pgid) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

async function load(
  name: string,
  url: string,
  headers: Record<string, string>,
  o: ScaleOptions,
  cpu?: () => Promise<{ node: number; pg: number }>,
): Promise<Figure> {
  const before = await cpu?.();
  const result = await autocannon({ url, headers, connections: o.connections, duration: o.seconds });
  const after = await cpu?.();
  const non2xx = result.non2xx + result.errors + result.timeouts;
  const n = Math.max(result.requests.total, 1);
  return {
    name,
    // Requests answered over the run's length (a run where each request outlasts a second still shows).
    rps: result.requests.total / o.seconds,
    p50: result.latency.p50,
    // autocannon reports p90 and p97.5; p95 is read between them.
    p95: (result.latency.p90 + result.latency.p97_5) / 2,
    errors: non2xx,
    ...(before && after ? { nodeMs: (after.node - before.node) / n, pgMs: (after.pg - before.pg) / n } : {}),
  };
}

/** A Fastify hello-world in its own process, as the portal runs in its own. */
async function startHello(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import Fastify from 'fastify';
       const app = Fastify();
       app.get('/', async () => ({ hello: 'world' }));
       await app.listen({ port: 0, host: '127.0.0.1' });
       console.log(app.server.address().port);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<string>((resolve) => child.stdout!.once('data', (d) => resolve(String(d).trim())));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

interface ScaleRun {
  tickets: number;
  helloRuns: Figure[];
  helloRps: number;
  figures: Figure[];
  writes: WriteRun;
  /** Bytes of carrier1's 50-ticket page as sent plain, gzip and brotli. */
  wire: { identity: number; gzip: number; br: number };
}

export async function scaleFigures(o: ScaleOptions): Promise<void> {
  const reachable = await admin(async () => true).catch(() => false);
  if (!reachable) {
    console.log(`scale: PostgreSQL not reachable at ${adminUrl} (set BENCH_DATABASE_URL); skipped`);
    return;
  }
  const base = o.compare === undefined ? undefined : await measureScale(o, o.compare, `bench_scale_${o.compare}`);
  const run = await measureScale(o, o.tickets, o.db ?? `bench_scale_${o.tickets}`);
  printScale(o, run, base);
}

function printScale(o: ScaleOptions, run: ScaleRun, base: ScaleRun | undefined): void {
  const pad = (s: string, w: number) => s.padEnd(w);
  const num = (v: number, w: number, d = 0) => v.toFixed(d).padStart(w);
  const hellos = (r: ScaleRun) => r.helloRuns.map((h) => h.rps.toFixed(0)).join(' / ');
  console.log(
    `scale: ${run.tickets.toLocaleString('en-US')} tickets, ${o.connections} connections, ${o.seconds} s each; hello-world ${hellos(run)} req/s (before, between, after; ratio to the median)` +
      (base ? `; at ${base.tickets.toLocaleString('en-US')} tickets ${hellos(base)}` : ''),
  );
  const growth = base ? ` ${`at ${base.tickets / 1000}k`.padStart(8)} ${'÷'.padStart(6)} ${'÷ hello'.padStart(8)}` : '';
  console.log(
    `${pad('request', 34)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'hello/it'.padStart(9)} ${'node ms'.padStart(8)} ${'pg ms'.padStart(7)} errors${growth}`,
  );
  for (const f of run.figures) {
    const b = base?.figures.find((x) => x.name === f.name);
    const ratios = b
      ? ` ${num(b.rps, 8, 1)} ${num(f.rps / Math.max(b.rps, 0.01), 6, 2)} ${num(f.rps / run.helloRps / (b.rps / base!.helloRps), 8, 2)}`
      : '';
    console.log(
      `${pad(f.name, 34)} ${num(f.rps, 8, 1)} ${num(f.p50, 8)} ${num(f.p95, 8)} ${num(run.helloRps / Math.max(f.rps, 0.01), 9, 1)} ${num(f.nodeMs ?? 0, 8, 2)} ${num(f.pgMs ?? 0, 7, 2)} ${String(f.errors).padStart(6)}${ratios}`,
    );
  }
  console.log('node ms, pg ms: CPU time per request of the portal process and of its PostgreSQL backends');
  for (const r of base ? [base, run] : [run]) {
    const bytes = (n: number) => n.toLocaleString('en-US');
    console.log(
      `scale: carrier1's 50-ticket page on the wire at ${r.tickets.toLocaleString('en-US')} tickets: ${bytes(r.wire.identity)} bytes plain, ${bytes(r.wire.gzip)} gzip, ${bytes(r.wire.br)} brotli`,
    );
  }
  for (const r of base ? [base, run] : [run]) {
    console.log(`scale: writes at ${r.tickets.toLocaleString('en-US')} tickets`);
    printWrites(r.writes, r.helloRps);
  }
  if (base) {
    console.log(
      `÷: req/s at ${run.tickets.toLocaleString('en-US')} over req/s at ${base.tickets.toLocaleString('en-US')}; ÷ hello: the same with each taken relative to its run's hello-world`,
    );
  }
}

/** Builds (or reuses) database `name` with `tickets` generated tickets and measures every request on it. */
async function measureScale(o: ScaleOptions, tickets: number, name: string): Promise<ScaleRun> {
  const existing = await ticketCount(urlOf(name));
  const reuse = existing !== undefined && existing >= tickets && (o.db !== undefined || o.keep);
  if (reuse) console.log(`scale: reusing ${name} (${existing!.toLocaleString('en-US')} tickets)`);
  else await build(name, tickets);
  const keep = o.keep || reuse;

  const portal = await startPortalProcess({
    env: { DATABASE_URL: urlOf(name), JOBS_ENABLED: 'false', LOGIN_RATE_LIMIT: '100000', LOG_LEVEL: 'error' },
    timeoutMs: 600_000,
  });
  const hello = await startHello();
  try {
    const api = `${portal.base}/api`;
    const tokenOf = async (username: string) => {
      const res = await fetch(`${api}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: DEMO_PASSWORD }),
      });
      const { token } = (await res.json()) as { token: string };
      return { authorization: `Bearer ${token}` };
    };
    const adminH = await tokenOf('admin');
    const supplierH = await tokenOf('supplier1');
    const supplier2H = await tokenOf('supplier2');
    const carrierH = await tokenOf('carrier1');
    const customsH = await tokenOf('customs1');
    // A ticket of carrier1's from the middle of the history.
    const mid = (await (
      await fetch(`${api}/tickets?limit=1&page=${Math.max(1, Math.floor(tickets / 40))}`, { headers: carrierH })
    ).json()) as {
      tickets: { id: number }[];
    };
    const midId = mid.tickets[0]?.id ?? 1;
    const ongoing = ['CONFIRMED', 'MX_TRANSIT', 'PENDING', 'SUPPLIER_INVOICED', 'TA_INVOICED', 'CANCELED']
      .map((s) => `statusName=${s}`)
      .join('&');
    // Each home's lists as its screen asks for them (the work sections first, then the list below).
    const home = (list: TicketList) => firstListRequest(list).url.slice('/api'.length);
    const unpaid = ADMIN_WORK_TILES.find((tile) => tile.unpaid)!
      .statuses.map((s) => `statusName=${s}`)
      .join('&');
    const requests: [string, string, Record<string, string>][] = [
      ['admin ongoing home (20)', `/tickets?${ongoing}&limit=20`, adminH],
      ['admin ongoing home now (20)', home('adminOngoing'), adminH],
      ['admin unpaid tile (count)', `/tickets?${unpaid}&unpaid=true&limit=1`, adminH],
      ['supplier1 home list (10)', `/tickets?limit=10`, supplierH],
      ['supplier1 list below work (10)', home('supplier'), supplierH],
      ['supplier1 documentation (50)', home('supplierDocumentation'), supplierH],
      ['supplier1 pending (50)', home('supplierPending'), supplierH],
      ['carrier1 home list (50)', `/tickets?limit=50`, carrierH],
      // The same answer as a browser receives it (http/compression.ts): the cost of compressing it.
      ['carrier1 home list (50), br', `/tickets?limit=50`, { ...carrierH, 'accept-encoding': 'br' }],
      ['carrier1 home list (50), gzip', `/tickets?limit=50`, { ...carrierH, 'accept-encoding': 'gzip' }],
      ['carrier1 list below work (50)', home('carrier'), carrierH],
      ['carrier1 offers (50)', home('carrierOffers'), carrierH],
      ['carrier1 pickups (50)', home('carrierPickups'), carrierH],
      ['carrier1 PENDING+CONFIRMED, 25', `/tickets?statusName=PENDING&statusName=CONFIRMED&limit=25`, carrierH],
      ['admin page 1000 (20 per page)', `/tickets?page=1000&limit=20`, adminH],
      ['count/states admin', `/tickets/count/states`, adminH],
      ['count/states carrier1', `/tickets/count/states`, carrierH],
      // The customs home as its screen asks for it (first-list.ts), and its unread documentation above.
      ['customs1 home list (50)', `/tickets?statusName=TA_INVOICED&statusName=MX_TRANSIT&limit=50`, customsH],
      [
        'customs1 unread documentation (5)',
        `/tickets?statusName=TA_INVOICED&statusName=MX_TRANSIT&customsRead=false&orderBy=ASC&limit=5`,
        customsH,
      ],
      ['count/states customs1', `/tickets/count/states`, customsH],
      ['count/carrier (service level)', `/tickets/count/carrier`, adminH],
      ['carrier1 ticket by id', `/tickets/${midId}`, carrierH],
    ];
    for (const [label, path, headers] of requests) {
      const res = await fetch(`${api}${path}`, { headers });
      if (!res.ok) throw new Error(`${label}: ${res.status} ${await res.text()}`);
    }
    // Bytes on the wire of a 50-ticket page: Content-Length, as sent (fetch decodes only the body).
    const wire: ScaleRun['wire'] = { identity: 0, gzip: 0, br: 0 };
    for (const encoding of ['identity', 'gzip', 'br'] as const) {
      const res = await fetch(`${api}/tickets?limit=50`, { headers: { ...carrierH, 'accept-encoding': encoding } });
      await res.arrayBuffer();
      wire[encoding] = Number(res.headers.get('content-length'));
    }
    // CPU used per request, which a busy machine slows but does not inflate: the portal's process group
    // and the PostgreSQL backends serving this database. The pools open and close connections as they
    // go, so the backends are a different set at each reading: the PostgreSQL figure is a running sum of
    // each backend's growth since it was last read (a new one counts from zero). Summed afresh at each
    // reading instead, a backend that ended between two readings took its whole past with it, and a
    // figure came out below zero.
    const portalPids = groupPids(portal.child.pid!);
    const lastSeen = new Map<number, number>();
    let pgSpent = 0;
    const cpu = async () => {
      const { rows } = await admin((c) =>
        c.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend'`,
          [name],
        ),
      );
      for (const { pid } of rows) {
        const spent = cpuMs([pid]);
        pgSpent += Math.max(0, spent - (lastSeen.get(pid) ?? 0));
        lastSeen.set(pid, spent);
      }
      return { node: cpuMs(portalPids), pg: pgSpent };
    };
    const helloRuns: Figure[] = [await load('hello-world', hello.url, {}, o)];
    const figures: Figure[] = [];
    // autocannon stops at the end of its time, not the server: requests still running in PostgreSQL
    // would slow the next figure, so each run starts once the database has nothing left to do.
    const idle = async () => {
      const client = new pg.Client({ connectionString: urlOf(name) });
      await client.connect();
      try {
        for (;;) {
          const { rows } = await client.query<{ n: string }>(
            `select count(*) as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
          );
          if (Number(rows[0]!.n) === 0) return;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      } finally {
        await client.end();
      }
    };
    for (const [i, [label, path, headers]] of requests.entries()) {
      // One warm-up second, then the measured run.
      await autocannon({ url: `${api}${path}`, headers, connections: o.connections, duration: 1 });
      await idle();
      figures.push(await load(label, `${api}${path}`, headers, o, cpu));
      await idle();
      if (i === Math.floor(requests.length / 2)) helloRuns.push(await load('hello-world', hello.url, {}, o));
    }
    // The writes come after every read: they add tickets to the lists read above.
    const writes = await writeFigures(
      api,
      urlOf(name),
      { admin: adminH, supplier: supplierH, carrier: carrierH, supplier2: supplier2H },
      cpu,
      o.seconds,
    );
    await idle();
    helloRuns.push(await load('hello-world', hello.url, {}, o));
    const helloRps = helloRuns.map((h) => h.rps).sort((a, b) => a - b)[1]!;
    return { tickets, helloRuns, helloRps, figures, writes, wire };
  } finally {
    hello.stop();
    await portal.stop();
    if (!keep) await admin((c) => c.query(`drop database if exists ${pg.escapeIdentifier(name)}`));
  }
}
