/**
 * What writes cost on the scale bench's database, measured through the running portal (part of `--only
 * scale`): for each kind of write the user makes, its PostgreSQL CPU per write (the portal's backends,
 * read from /proc, so a busy machine slows it but does not inflate it) and the portal's own; four
 * writers requesting one ticket each at once, in req/s beside hello-world; and a rename of a supplier
 * with all its tickets while those writers run: how long the rename took and the longest write meanwhile.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/database';
import { foldCountTables } from '../../src/server/repositories/count-tables';
import { earliestSlot } from '../../src/shared/domain/withdrawal';
import { documentationFiles, nextInvoiceNumber, seedIds, truckPayload, type SeedIds } from '../fixtures/portal-data';
import { filePart, jsonPart, multipart, pdf, type Part } from '../fixtures/files';

export interface WriteFigure {
  name: string;
  writes: number;
  /** CPU milliseconds per write of the PostgreSQL backends and of the portal process. */
  pgMs: number;
  nodeMs: number;
  /** Mean time per write, one at a time. */
  ms: number;
}

export interface ConcurrentFigure {
  rps: number;
  p95: number;
  errors: number;
}

export interface RenameFigure {
  tickets: number;
  renameMs: number;
  /** The longest ticket write answered while the rename ran (and its whole run). */
  longestWriteMs: number;
  concurrent: ConcurrentFigure;
}

export interface WriteRun {
  figures: WriteFigure[];
  concurrent: ConcurrentFigure;
  rename: RenameFigure;
}

type Headers = Record<string, string>;
/** The signed-in users whose requests the figures make. */
type Tokens = { admin: Headers; supplier: Headers; carrier: Headers; supplier2: Headers };
type Cpu = () => Promise<{ node: number; pg: number }>;

const TZ = 360;

async function call(api: string, method: string, path: string, headers: Headers, body?: unknown): Promise<unknown> {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

async function upload(api: string, method: string, path: string, headers: Headers, parts: readonly Part[]) {
  const body = multipart(parts);
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { ...headers, ...body.headers },
    body: new Uint8Array(body.payload),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/**
 * Runs `write` once per item, one at a time, and the CPU it cost per write. The count tables are folded
 * first, as the fold-counts job does every minute on a running portal (the bench's portal runs no jobs):
 * each figure then starts from the piles a minute of writes at most leaves, not from every earlier
 * figure's.
 */
async function measure<T>(
  name: string,
  items: readonly T[],
  cpu: Cpu,
  write: (item: T) => Promise<unknown>,
  fold: () => Promise<unknown>,
): Promise<WriteFigure> {
  await fold();
  const before = await cpu();
  const started = performance.now();
  for (const item of items) await write(item);
  const ms = performance.now() - started;
  const after = await cpu();
  const n = Math.max(items.length, 1);
  return {
    name,
    writes: items.length,
    pgMs: (after.pg - before.pg) / n,
    nodeMs: (after.node - before.node) / n,
    ms: ms / n,
  };
}

/** Four writers each requesting one ticket after another for `seconds`. */
async function concurrentCreates(api: string, headers: Headers, depot: number, seconds: number) {
  const result = await autocannon({
    url: `${api}/tickets`,
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ ticket: { originDepotId: depot, count: 1 } }),
    connections: 4,
    duration: seconds,
  });
  return {
    rps: result.requests.total / seconds,
    p95: (result.latency.p90 + result.latency.p97_5) / 2,
    max: result.latency.max,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

export async function writeFigures(
  api: string,
  url: string,
  tokens: Tokens,
  cpu: Cpu,
  seconds: number,
): Promise<WriteRun> {
  // Its own connection, for the seed's ids and the count tables' fold before each figure.
  const database = await openDatabase({ url });
  const db = database.db;
  try {
    const ids: SeedIds = await seedIds(db);
    const fold = () => foldCountTables(db);
    const figures: WriteFigure[] = [];
    const created: number[] = [];
    const create = (count: number) => async () => {
      const { tickets } = (await call(api, 'POST', '/tickets', tokens.supplier, {
        ticket: { originDepotId: ids.chicagoYard, count },
      })) as { tickets: { id: number }[] };
      created.push(...tickets.map((t) => t.id));
    };
    figures.push(await measure('create (1 ticket)', Array.from({ length: 60 }), cpu, create(1), fold));
    figures.push(await measure('create (10 tickets)', Array.from({ length: 6 }), cpu, create(10), fold));
    // Offer each to carrier1's carrier by hand, whatever the allocation chose, so carrier1 can answer.
    const answered = created.slice(0, 80);
    figures.push(
      await measure(
        'manual offer (admin)',
        answered,
        cpu,
        (id) =>
          call(api, 'PUT', `/tickets/${id}/manual`, tokens.admin, {
            ticket: { carrierId: ids.rapido, reason: 'Bench' },
          }),
        fold,
      ),
    );
    const accepted = answered.slice(0, 60);
    const withdrawalDate = earliestSlot(new Date(), TZ).instant.toISOString();
    figures.push(
      await measure(
        'accept',
        accepted,
        cpu,
        (id) =>
          call(api, 'PUT', `/tickets/${id}/confirm`, tokens.carrier, { ticket: { withdrawalDate, timezone: TZ } }),
        fold,
      ),
    );
    figures.push(
      await measure(
        'pass on an offer',
        answered.slice(60),
        cpu,
        (id) => call(api, 'PUT', `/tickets/${id}/pass`, tokens.carrier, { ticket: { reason: 'No truck available' } }),
        fold,
      ),
    );
    // A carrier declines a trip it accepted (the offer goes back to allocation).
    figures.push(
      await measure(
        'decline',
        accepted.slice(40),
        cpu,
        (id) => call(api, 'PUT', `/tickets/${id}/decline`, tokens.carrier, { ticket: { reason: 'Truck broke down' } }),
        fold,
      ),
    );
    const documented = accepted.slice(0, 25);
    const files = documentationFiles(1);
    figures.push(
      await measure(
        'documentation save (4 PDFs, 1 photo)',
        documented,
        cpu,
        (id) =>
          upload(api, 'POST', '/trucks-documentation', tokens.supplier, [
            ...files,
            jsonPart('truckDocumentation', truckPayload(ids, id)),
          ]),
        fold,
      ),
    );
    figures.push(
      await measure(
        'provider invoice',
        documented,
        cpu,
        (id) =>
          upload(api, 'POST', '/invoices', tokens.admin, [
            filePart('invoiceFile', pdf(), 'ta-invoice.pdf', 'application/pdf'),
            jsonPart('invoice', {
              number: nextInvoiceNumber('TA'),
              date: '2026-11-22',
              borderCrossingId: ids.laredo,
              ticketId: id,
            }),
          ]),
        fold,
      ),
    );

    // supplier2's yard: the writers do not write supplier1's tickets, whose rename is measured below.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows: yards } = await client.query<{ id: number }>(
        `select d.id from depots d join users u on u.supplier_id = d.supplier_id where u.username = 'supplier2' order by d.id limit 1`,
      );
      const otherYard = yards[0]!.id;
      await fold();
      const concurrent = await concurrentCreates(api, tokens.supplier2, otherYard, seconds);

      const { rows: counted } = await client.query<{ n: number }>(
        'select count(*)::int as n from tickets where supplier_id = $1',
        [ids.midwest],
      );
      // The rename starts a second into the writers' run and is timed on its own connection.
      const writers = concurrentCreates(api, tokens.supplier2, otherYard, seconds);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const started = performance.now();
      await client.query(`update suppliers set business_name = business_name || ' (renamed)' where id = $1`, [
        ids.midwest,
      ]);
      const renameMs = performance.now() - started;
      const during = await writers;
      await client.query(
        `update suppliers set business_name = replace(business_name, ' (renamed)', '') where id = $1`,
        [ids.midwest],
      );
      return {
        figures,
        concurrent: { rps: concurrent.rps, p95: concurrent.p95, errors: concurrent.errors },
        rename: {
          tickets: counted[0]!.n,
          renameMs,
          longestWriteMs: during.max,
          concurrent: { rps: during.rps, p95: during.p95, errors: during.errors },
        },
      };
    } finally {
      await client.end();
    }
  } finally {
    await database.close();
  }
}

export function printWrites(run: WriteRun, helloRps: number): void {
  const pad = (s: string, w: number) => s.padEnd(w);
  const num = (v: number, w: number, d = 2) => v.toFixed(d).padStart(w);
  console.log(
    `${pad('write', 40)} ${'writes'.padStart(7)} ${'pg ms'.padStart(8)} ${'node ms'.padStart(8)} ${'ms each'.padStart(8)}`,
  );
  for (const f of run.figures) {
    console.log(
      `${pad(f.name, 40)} ${String(f.writes).padStart(7)} ${num(f.pgMs, 8)} ${num(f.nodeMs, 8)} ${num(f.ms, 8)}`,
    );
  }
  console.log('pg ms, node ms: CPU time per write of the PostgreSQL backends and of the portal process');
  const c = run.concurrent;
  console.log(
    `one-ticket requests, 4 writers: ${c.rps.toFixed(1)} req/s, p95 ${c.p95.toFixed(0)} ms, ${c.errors} errors; hello-world/it ${(helloRps / Math.max(c.rps, 0.01)).toFixed(1)}`,
  );
  const r = run.rename;
  console.log(
    `rename of a supplier with ${r.tickets.toLocaleString('en-US')} tickets: ${r.renameMs.toFixed(1)} ms; longest concurrent ticket write ${r.longestWriteMs.toFixed(0)} ms (4 writers, ${r.concurrent.rps.toFixed(1)} req/s, ${r.concurrent.errors} errors)`,
  );
}
