import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ORPHAN_AGE_MS, sweepOrphanFiles } from '../../src/server/jobs/orphan-files';
import type { LocalFileStore } from '../../src/server/files/local-file-store';
import { bearer } from './helpers/test-app';
import { useSeededApp } from './helpers/seeded-app';
import { filePart, jsonPart, pdf, png } from '../fixtures/files';
import {
  count,
  createTruckDocumentation,
  documentationFiles,
  insertTicket,
  storedKeys,
  truckPayload,
  upload,
} from '../fixtures/portal-data';

const { t, ids, token } = useSeededApp();
const today = () => new Date().toISOString().slice(0, 10);

const salesInvoiceBytes = pdf(4_321);
const secondPhoto = Buffer.concat([png(), Buffer.from('second photo')]);

async function loaded() {
  const ticketId = await insertTicket(t.app.db, {
    supplierId: ids.midwest,
    carrierId: ids.rapido,
    originDepotId: ids.chicagoYard,
  });
  const files = documentationFiles(1);
  files[0] = filePart('files[]', salesInvoiceBytes, 'my sales invoice.pdf', 'application/pdf');
  files.push(filePart('files[]', secondPhoto, 'yard.png', 'image/png'));
  const res = await createTruckDocumentation(t, token('supplier1'), truckPayload(ids, ticketId), files);
  expect(res.statusCode).toBe(201);
  return res.json().truckDocumentation as {
    id: number;
    ticketId: number;
    salesInvoice: { key: string; name: string }[];
    photos: { key: string; name: string }[];
  };
}

const download = (user: string, key: string, name = 'x') =>
  t.app.inject({ method: 'PUT', url: '/api/download', headers: bearer(token(user)), payload: { key, name } });

describe('PUT /api/download', () => {
  it('should stream the bytes as an attachment named tripID-{ticketId}-{type}-{date}.{ext}', async () => {
    const doc = await loaded();
    const res = await download('supplier1', doc.salesInvoice[0]!.key, doc.salesInvoice[0]!.name);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="tripID-${doc.ticketId}-salesInvoice-${today()}.pdf"`,
    );
    expect(res.rawPayload.equals(salesInvoiceBytes)).toBe(true);
  });

  it('should number the photos in the name and use the image extension', async () => {
    const doc = await loaded();
    const res = await download('carrier1', doc.photos[1]!.key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="tripID-${doc.ticketId}-photo2-${today()}.png"`,
    );
    expect(res.rawPayload.equals(secondPhoto)).toBe(true);
  });

  it('should let admins and ADMINRO download', async () => {
    const doc = await loaded();
    expect((await download('admin', doc.salesInvoice[0]!.key)).statusCode).toBe(200);
    expect((await download('adminro', doc.salesInvoice[0]!.key)).statusCode).toBe(200);
  });

  it('should answer 404 to whoever cannot see the ticket and for an unknown key', async () => {
    const doc = await loaded();
    for (const user of ['supplier2', 'carrier2', 'customs1']) {
      const res = await download(user, doc.salesInvoice[0]!.key);
      expect(res.statusCode, user).toBe(404);
      expect(res.body).not.toContain('%PDF');
    }
    expect((await download('admin', 'ab/0000000000000000000000000000000000000000')).statusCode).toBe(404);
    expect((await download('admin', '../../etc/passwd')).statusCode).toBe(404);
  });

  it('should show a PDF and a photo inline when asked, under the same name and bytes', async () => {
    const doc = await loaded();
    const show = (key: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/download?inline=1',
        headers: bearer(token('admin')),
        payload: { key, name: 'x' },
      });
    const pdfRes = await show(doc.salesInvoice[0]!.key);
    expect(pdfRes.statusCode).toBe(200);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    expect(pdfRes.headers['content-disposition']).toBe(
      `inline; filename="tripID-${doc.ticketId}-salesInvoice-${today()}.pdf"`,
    );
    expect(pdfRes.rawPayload.equals(salesInvoiceBytes)).toBe(true);
    const photoRes = await show(doc.photos[1]!.key);
    expect(photoRes.headers['content-type']).toBe('image/png');
    expect(photoRes.headers['content-disposition']).toMatch(/^inline; filename="tripID-\d+-photo2-.*\.png"$/);
    expect(photoRes.rawPayload.equals(secondPhoto)).toBe(true);
  });

  it('should answer an inline request with the same 404 as a download to whoever cannot see the ticket', async () => {
    const doc = await loaded();
    for (const user of ['supplier2', 'carrier2', 'customs1']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/download?inline=1',
        headers: bearer(token(user)),
        payload: { key: doc.salesInvoice[0]!.key, name: 'x' },
      });
      expect({ user, status: res.statusCode, disposition: res.headers['content-disposition'] }).toEqual({
        user,
        status: 404,
        disposition: undefined,
      });
    }
  });

  it('should refuse an inline flag that is not 1, 0, true or false', async () => {
    const doc = await loaded();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/download?inline=yes',
      headers: bearer(token('admin')),
      payload: { key: doc.salesInvoice[0]!.key, name: 'x' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('should name a provider invoice file by its type', async () => {
    const doc = await loaded();
    const res = await upload(t, 'POST', '/api/invoices', token('admin'), [
      filePart('invoiceFile', pdf(), 'ta.pdf'),
      jsonPart('invoice', {
        number: `TA-F-${doc.ticketId}`,
        date: '2026-11-22',
        borderCrossingId: ids.laredo,
        ticketId: doc.ticketId,
      }),
    ]);
    const key = res.json().invoice.invoiceFile.key as string;
    const got = await download('customs1', key);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="tripID-${doc.ticketId}-invoice-${today()}.pdf"`,
    );
  });

  it('should answer 400 without a key', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/download',
      headers: bearer(token('admin')),
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ key: 'Campo obligatorio' });
  });
});

describe('files left behind', () => {
  const age = async (key: string) => {
    const when = new Date(Date.now() - ORPHAN_AGE_MS - 60_000);
    await utimes(path.join((t.app.files as LocalFileStore).root, key), when, when);
  };

  it('should leave no file and no row when the request fails after the files were written', async () => {
    const ticketId = await insertTicket(t.app.db, {
      supplierId: ids.midwest,
      carrierId: ids.rapido,
      originDepotId: ids.chicagoYard,
    });
    const before = await storedKeys(t);
    const rowsBefore = await count(t.app.db, sql`select count(*)::int as n from files`);
    // The destination is only checked in the transaction, after the five files were streamed in.
    const res = await createTruckDocumentation(
      t,
      token('supplier1'),
      truckPayload(ids, ticketId, { destinationId: 987654 }),
    );
    expect(res.statusCode).toBe(422);
    expect(await storedKeys(t)).toEqual(before);
    expect(await count(t.app.db, sql`select count(*)::int as n from files`)).toBe(rowsBefore);
    expect(
      await count(t.app.db, sql`select count(*)::int as n from shipping_documents where ticket_id = ${ticketId}`),
    ).toBe(0);
    // Nothing is left for the sweep either, even an hour later.
    expect(await sweepOrphanFiles(t.app.db, t.app.files, new Date(Date.now() + ORPHAN_AGE_MS + 60_000))).toEqual({
      removed: 0,
    });
  });

  it('should let the sweep remove a replaced file an hour later and keep the files still referenced', async () => {
    const doc = await loaded();
    const replaced = doc.salesInvoice[0]!.key;
    const res = await upload(t, 'PUT', `/api/trucks-documentation/${doc.id}`, token('supplier1'), [
      filePart('salesInvoice', pdf(), 'corrected.pdf'),
      jsonPart(
        'truckDocumentation',
        (() => {
          const { ticketId: _t, ...rest } = truckPayload(ids, doc.ticketId);
          return { ...rest, invoiceNumber: undefined };
        })(),
      ),
    ]);
    expect(res.statusCode).toBe(200);
    const current = res.json().truckDocumentation;
    await t.app.db.execute(sql`update files set created_at = now() - interval '2 hours'`);
    for (const key of await storedKeys(t)) await age(key);
    await sweepOrphanFiles(t.app.db, t.app.files);
    expect(await t.app.files.exists(replaced)).toBe(false);
    for (const file of [
      ...current.salesInvoice,
      ...current.weightCertificate,
      ...current.BL,
      ...current.radioactiveCertificate,
      ...current.photos,
    ]) {
      expect(await t.app.files.exists(file.key)).toBe(true);
    }
    expect((await download('supplier1', current.salesInvoice[0].key)).statusCode).toBe(200);
  });
});
