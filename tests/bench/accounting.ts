/**
 * Streams stay streams: peak growth of the server's resident memory while it sends a 500-invoice RPA
 * as a zip of PDFs and as the ERP workbook, printed beside the size of what was sent (what the server
 * would hold if it built the file whole first). The data is written into an embedded database before
 * the server starts on it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../src/server/db/database';
import { LocalFileStore } from '../../src/server/files/local-file-store';
import { seedDemo } from '../../src/server/seed/demo-seed';
import { demoPdf } from '../../src/server/seed/demo-files';
import { startPortalProcess } from '../fixtures/portal-process';

const INVOICES = Number(process.env.BENCH_RPA_INVOICES ?? 500);
const PDF_BYTES = 128 * 1024;

async function prepare(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  const store = new LocalFileStore(path.join(dataDir, 'files'));
  await seedDemo(database.db, undefined, store);
  const [party] = await queryRows<{ supplierId: number; depotId: number; carrierId: number; crossingId: number }>(
    database.db,
    sql`
    select d.supplier_id as "supplierId", d.id as "depotId", (select min(id) from carriers) as "carrierId", d.border_crossing_id as "crossingId"
    from depots d where d.supplier_id is not null and d.border_crossing_id is not null order by d.id limit 1`,
  );
  const [rpa] = await queryRows<{ id: number }>(
    database.db,
    sql`
    insert into rpas ("from", "to", invoice_qty) values (now() - interval '2 days', now() - interval '1 day', ${INVOICES}) returning id`,
  );
  const base = demoPdf('Provider invoice (bench)', ['Padding follows']);
  const body = Buffer.concat([base, Buffer.alloc(PDF_BYTES - base.length, 0x20)]);
  for (let i = 0; i < INVOICES; i++) {
    const stored = await store.put(Readable.from([body]), body.length + 1);
    const [file] = await queryRows<{ id: string }>(
      database.db,
      sql`
      insert into files (key, name, content_type, size, sha256) values (${stored.key}, ${`bench-${i}.pdf`}, 'application/pdf', ${stored.size}, ${stored.sha256}) returning id`,
    );
    const [ticket] = await queryRows<{ id: number }>(
      database.db,
      sql`
      insert into tickets (status, supplier_id, origin_depot_id, carrier_id) values ('DELIVERED', ${party!.supplierId}, ${party!.depotId}, ${party!.carrierId}) returning id`,
    );
    await database.db.execute(sql`
      insert into provider_invoices (ticket_id, number, date, border_crossing_id, invoice_file_id, rpa_id, sap_validation_status)
      values (${ticket!.id}, ${`BENCH-${i}`}, current_date, ${party!.crossingId}, ${file!.id}, ${rpa!.id}, 'confirmed')`);
  }
  await database.close();
  return rpa!.id;
}

/** The Authorization header of the demo admin, signed in on the portal at `base` (its /api). */
export async function adminHeaders(base: string): Promise<{ authorization: string }> {
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Demo-1234!' }),
  });
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** The server's node process: the largest resident process of the tree `npx tsx` started. */
export function serverPid(root: number): number {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss=']).toString();
  const rows = out
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number]);
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of rows) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return rows.filter(([pid]) => tree.has(pid)).sort((a, b) => b[2] - a[2])[0]![0];
}

export const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

async function measure(pid: number, url: string, headers: Record<string, string>) {
  const before = rssKb(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 10);
  const res = await fetch(url, { headers });
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  clearInterval(timer);
  peak = Math.max(peak, rssKb(pid));
  return { bytes, growthMb: (peak - before) / 1024 };
}

export async function accountingFigures(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-rpa-'));
  try {
    const rpaId = await prepare(dataDir);
    const portal = await startPortalProcess({
      env: { DATA_DIR: dataDir, JOBS_ENABLED: 'false', LOGIN_RATE_LIMIT: '100000' },
    });
    try {
      const base = `${portal.base}/api`;
      const headers = await adminHeaders(base);
      const pid = serverPid(portal.child.pid!);
      // Warm both routes on a small batch so code loading is not counted.
      await measure(pid, `${base}/tickets/pdf?rpaId=1`, headers);
      await measure(pid, `${base}/data-sap/excel?rpaId=1`, headers);
      const zip = await measure(pid, `${base}/tickets/pdf?rpaId=${rpaId}`, headers);
      console.log(
        `accounting: ${INVOICES}-invoice RPA zip (${(zip.bytes / 1024 / 1024).toFixed(1)} MB sent): server RSS peak growth ${zip.growthMb.toFixed(1)} MB (reference: a zip built whole in memory holds ${(zip.bytes / 1024 / 1024).toFixed(1)} MB)`,
      );
      const excel = await measure(pid, `${base}/data-sap/excel?rpaId=${rpaId}`, headers);
      console.log(
        `accounting: ${INVOICES}-invoice RPA Excel (${(excel.bytes / 1024).toFixed(0)} KB sent): server RSS peak growth ${excel.growthMb.toFixed(1)} MB (reference: the workbook is ${(excel.bytes / 1024).toFixed(0)} KB)`,
      );
    } finally {
      await portal.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
