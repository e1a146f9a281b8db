/**
 * Purchase-order import: the server's resident memory while it reads spreadsheets, printed beside each
 * file's size (`npm run bench -- --only import`; `--import-db pglite` or `--import-db postgres` runs one
 * database, both by default). The files:
 * - a 20,000-row export (the most one import takes) as .xlsx and as .csv;
 * - a 4 MB .xlsx whose sheet unpacks to 32 MB of XML (under the 50 MB unpack limit) and whose header
 *   lacks the required columns, once and three at once.
 * For each: the process's RSS before, its peak during the import (VmHWM, reset before each file, and
 * sampled VmRSS), the import's time and the slowest answer of GET /api/health/live polled meanwhile.
 * PostgreSQL is BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), in a database
 * bench_import made and dropped here.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/database';
import { seedDemo } from '../../src/server/seed/demo-seed';
import { startPortalProcess } from '../fixtures/portal-process';
import { zipEntries, zipOf } from '../fixtures/zip-entries';
import { adminHeaders, rssKb, serverPid } from './accounting';

const ROWS = 20_000;
const HEADER = ['documentNumberId', 'supplierSapId', 'materialCode', 'earlyDeliveryDate', 'quantity', 'materialDesc'];
const SUPPLIERS = ['100245', '100311'];
const MATERIALS = ['HMS-80-20', 'SHRED-211', 'BUSH-NO1', 'CAST-IRON'];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function csvExport(first: number): Buffer {
  const lines = [HEADER.join(',')];
  for (let i = 0; i < ROWS; i++) {
    const day = `2027-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    lines.push(`${first + i},${SUPPLIERS[i % 2]},${MATERIALS[i % 4]},${day},${(10 + (i % 900)).toFixed(3)},`);
  }
  return Buffer.from(lines.join('\r\n'));
}

async function xlsxExport(first: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('POs');
  sheet.addRow(HEADER);
  for (let i = 0; i < ROWS; i++) {
    const day = new Date(Date.UTC(2027, i % 12, 1 + (i % 28)));
    sheet.addRow([String(first + i), SUPPLIERS[i % 2], MATERIALS[i % 4], day, 10 + (i % 900), `Grade ${i % 4}`]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The finding's file: a real workbook's parts with a sheet of 32 MB of XML (a header without the required
 * columns, then rows of numbers varied enough to deflate to about 4 MB).
 */
async function wideBadExport(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('POs').addRow(['documentNumberId', 'supplierSapId', 'materialCode']);
  const entries = zipEntries(Buffer.from(await workbook.xlsx.writeBuffer()));
  const parts = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'];
  parts.push('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>');
  parts.push(
    '<row r="1"><c r="A1" t="inlineStr"><is><t>documentNumberId</t></is></c><c r="B1" t="inlineStr"><is><t>supplierSapId</t></is></c></row>',
  );
  let size = 0;
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let r = 2; size < 32 * 1024 * 1024; r++) {
    const row = `<row r="${r}"><c r="A${r}"><v>${next() % 100000}</v></c><c r="B${r}"><v>100245</v></c><c r="C${r}"><v>${next() % 1000}</v></c><c r="D${r}"><v>1</v></c></row>`;
    parts.push(row);
    size += row.length;
  }
  parts.push('</sheetData></worksheet>');
  const sheet = Buffer.from(parts.join(''));
  return zipOf(
    entries.map((e) =>
      e.name === 'xl/worksheets/sheet1.xml'
        ? { name: e.name, deflated: deflateRawSync(sheet), declared: sheet.length }
        : { name: e.name, deflated: e.method === 8 ? e.data : deflateRawSync(e.data), declared: e.size },
    ),
  );
}

interface Upload {
  name: string;
  data: Buffer;
}

function form({ name, data }: Upload): FormData {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(data)]), name);
  return body;
}

/** Clears the process's peak resident size so VmHWM is the peak of what follows (Linux, same user). */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const hwmKb = (pid: number) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
};

async function measure(pid: number, url: string, headers: Record<string, string>, uploads: readonly Upload[]) {
  const before = rssKb(pid);
  const exact = resetPeak(pid);
  let sampled = before;
  const timer = setInterval(() => (sampled = Math.max(sampled, rssKb(pid))), 10);
  let slowestHealth = 0;
  let done = false;
  const health = (async () => {
    while (!done) {
      const t0 = performance.now();
      await fetch(url.replace(/\/purchase-orders\/import$/, '/health/live')).then((r) => r.arrayBuffer());
      slowestHealth = Math.max(slowestHealth, performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const answers = await Promise.all(
    uploads.map(async (upload) => {
      const res = await fetch(url, { method: 'POST', headers, body: form(upload) });
      const body = (await res.json()) as { imported?: number; errors?: unknown[]; message?: string };
      return res.ok ? `${body.imported} imported, ${body.errors?.length} refused` : `${res.status} ${body.message}`;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await health;
  clearInterval(timer);
  const peak = Math.max(sampled, rssKb(pid), exact ? hwmKb(pid) : 0);
  return { beforeMb: before / 1024, peakMb: peak / 1024, seconds, slowestHealth, answers };
}

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'bench_import';

async function admin(sqlText: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

async function onDatabase(kind: 'pglite' | 'postgres', files: Record<string, Upload>) {
  let env: Record<string, string> = {};
  if (kind === 'postgres') {
    const url = new URL(adminUrl);
    url.pathname = `/${DB_NAME}`;
    await admin(`drop database if exists ${DB_NAME}`);
    await admin(`create database ${DB_NAME}`);
    const database = await openDatabase({ url: url.toString() });
    try {
      await seedDemo(database.db);
    } finally {
      await database.close();
    }
    env = { DATABASE_URL: url.toString() };
  }
  const portal = await startPortalProcess({
    env: { ...env, JOBS_ENABLED: 'false', LOGIN_RATE_LIMIT: '100000', LOG_LEVEL: 'error' },
  });
  try {
    const base = `${portal.base}/api`;
    const headers = await adminHeaders(base);
    const pid = serverPid(portal.child.pid!);
    const url = `${base}/purchase-orders/import`;
    // Load the reader's code on a small file first so it is not counted.
    await measure(pid, url, headers, [{ name: 'warm.csv', data: Buffer.from(`${HEADER.join(',')}\n`) }]);
    for (const [label, uploads] of [
      [`${ROWS}-row .xlsx`, [files.xlsx!]],
      [`${ROWS}-row .csv`, [files.csv!]],
      ['.xlsx of 32 MB sheet XML, columns missing', [files.bad!]],
      ['the same, three at once', [files.bad!, files.bad!, files.bad!]],
    ] as const) {
      const m = await measure(pid, url, headers, uploads);
      console.log(
        `import (${kind}): ${label} (${mb(uploads[0]!.data.length)}): server RSS ${m.beforeMb.toFixed(0)} MB before, peak ${m.peakMb.toFixed(0)} MB (+${(m.peakMb - m.beforeMb).toFixed(0)} MB); ${m.seconds.toFixed(1)} s; slowest /health/live ${m.slowestHealth.toFixed(0)} ms; ${[...new Set(m.answers)].join(' | ')}`,
      );
    }
  } finally {
    await portal.stop();
    if (kind === 'postgres') await admin(`drop database if exists ${DB_NAME}`);
  }
}

export async function importFigures(argv: readonly string[]): Promise<void> {
  const i = argv.indexOf('--import-db');
  const only = i >= 0 ? argv[i + 1] : undefined;
  const files = {
    xlsx: { name: 'orders.xlsx', data: await xlsxExport(7_800_000_000) },
    csv: { name: 'orders.csv', data: csvExport(7_900_000_000) },
    bad: { name: 'wide.xlsx', data: await wideBadExport() },
  };
  for (const kind of ['pglite', 'postgres'] as const) {
    if (only === undefined || only === kind) await onDatabase(kind, files);
  }
}
