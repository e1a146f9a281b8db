/**
 * The upload routes refuse a file whose first bytes name an accepted format but whose body is not one (a
 * GIF header followed by a script, a PDF header followed by HTML, a truncated JPEG) with the slot's format
 * message, and store nothing; real images and PDFs, the portal's own among them, still pass.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { bearer } from './helpers/test-app';
import { useSeededApp } from './helpers/seeded-app';
import { demoPdf } from '../../src/server/seed/demo-files';
import { FILE_MSG } from '../../src/shared/schemas/documentation';
import { BMP, filePart, GIF, JPEG, jsonPart, PNG, pdf, WEBP, type Part } from '../fixtures/files';
import {
  createTruckDocumentation,
  documentationFiles,
  insertTicket,
  nextInvoiceNumber,
  storedKeys,
  truckPayload,
  upload,
} from '../fixtures/portal-data';

const { t, ids, token } = useSeededApp();

const GIF_SCRIPT = Buffer.from('GIF89a<script>alert(document.cookie)</script>', 'latin1');
const PDF_HTML = Buffer.from('%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n');

async function truncatedJpeg(): Promise<Buffer> {
  const raw = Buffer.alloc(320 * 240 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7 + (i >> 9)) & 0xff;
  const whole = await sharp(raw, { raw: { width: 320, height: 240, channels: 3 } })
    .jpeg()
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/** A CONFIRMED truck ticket of supplier1, ready for its documentation. */
const newTicket = () =>
  insertTicket(t.app.db, { supplierId: ids.midwest, carrierId: ids.rapido, originDepotId: ids.chicagoYard });

/** The four documents, then `photos`. */
const documentation = (photos: readonly Part[], documents = documentationFiles(0)) => [...documents, ...photos];

const photo = (data: Buffer, name: string) => filePart('files[]', data, name, 'image/jpeg');

/** A SUPPLIER_INVOICED truck ticket: its documentation loaded through the API. */
async function invoicedTicket(): Promise<number> {
  const ticketId = await newTicket();
  expect((await createTruckDocumentation(t, token('supplier1'), truckPayload(ids, ticketId))).statusCode).toBe(201);
  return ticketId;
}

const postInvoice = (ticketId: number, file: Buffer) =>
  upload(t, 'POST', '/api/invoices', token('admin'), [
    filePart('invoiceFile', file, 'ta-invoice.pdf', 'application/pdf'),
    jsonPart('invoice', {
      number: nextInvoiceNumber('TA'),
      date: '2026-11-22',
      borderCrossingId: ids.laredo,
      ticketId,
    }),
  ]);

const payment = (invoiceId: number, file: Buffer) =>
  upload(t, 'PUT', `/api/invoices/${invoiceId}/payment`, token('admin'), [
    filePart('paymentFile', file, 'voucher.gif', 'image/gif'),
    jsonPart('invoice', { paymentNumber: 'PAY-9', paymentDate: '2026-11-25' }),
  ]);

async function taInvoice(): Promise<number> {
  const res = await postInvoice(await invoicedTicket(), pdf());
  expect(res.statusCode).toBe(201);
  return res.json<{ invoice: { id: number } }>().invoice.id;
}

/** The portal's own pdfkit output: an e-voucher of a delivered trip of the demo. */
async function evoucherPdf(): Promise<Buffer> {
  const list = await t.app.inject({ method: 'GET', url: '/api/evouchers?limit=1', headers: bearer(token('admin')) });
  const [voucher] = list.json<{ evouchers: { ticketId: number }[] }>().evouchers;
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/evouchers/${voucher!.ticketId}/pdf`,
    headers: bearer(token('admin')),
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('uploads checked by structure', () => {
  it('should refuse a GIF header followed by a script as a photo and store nothing', async () => {
    const ticketId = await newTicket();
    const before = await storedKeys(t);
    const res = await createTruckDocumentation(
      t,
      token('supplier1'),
      truckPayload(ids, ticketId),
      documentation([photo(GIF_SCRIPT, 'photo.gif')]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ photos: FILE_MSG.imageFormat });
    expect(await storedKeys(t)).toEqual(before);
  });

  it('should refuse a truncated JPEG as a photo and store nothing', async () => {
    const ticketId = await newTicket();
    const before = await storedKeys(t);
    const res = await createTruckDocumentation(
      t,
      token('supplier1'),
      truckPayload(ids, ticketId),
      documentation([photo(await truncatedJpeg(), 'photo.jpg')]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ photos: FILE_MSG.imageFormat });
    expect(await storedKeys(t)).toEqual(before);
  });

  it('should refuse a PDF header followed by HTML as the sales invoice and store nothing', async () => {
    const ticketId = await newTicket();
    const before = await storedKeys(t);
    const documents = documentationFiles(0);
    documents[0] = filePart('files[]', PDF_HTML, 'sales-invoice.pdf', 'application/pdf');
    const res = await createTruckDocumentation(
      t,
      token('supplier1'),
      truckPayload(ids, ticketId),
      documentation([photo(JPEG, 'photo.jpg')], documents),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ salesInvoice: FILE_MSG.pdfFormat });
    expect(await storedKeys(t)).toEqual(before);
  });

  it('should refuse a PDF header followed by HTML as the provider invoice PDF and store nothing', async () => {
    const ticketId = await invoicedTicket();
    const before = await storedKeys(t);
    const res = await postInvoice(ticketId, PDF_HTML);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ invoiceFile: FILE_MSG.pdfFormat });
    expect(await storedKeys(t)).toEqual(before);
  });

  it('should refuse a GIF header followed by a script, or a PDF header followed by HTML, as the payment voucher', async () => {
    const invoiceId = await taInvoice();
    const before = await storedKeys(t);
    for (const fake of [GIF_SCRIPT, PDF_HTML]) {
      const res = await payment(invoiceId, fake);
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual({ paymentFile: FILE_MSG.pdfOrImageFormat });
    }
    expect(await storedKeys(t)).toEqual(before);
  });

  it('should accept real JPEG, PNG, GIF and WebP photos with PDFs drawn by the seed and by pdfkit', async () => {
    const ticketId = await newTicket();
    const evoucher = await evoucherPdf();
    const documents = [
      filePart('files[]', demoPdf('Sales invoice', ['INV-1']), 'sales-invoice.pdf', 'application/pdf'),
      filePart('files[]', evoucher, 'weight.pdf', 'application/pdf'),
      filePart('files[]', pdf(), 'bl.pdf', 'application/pdf'),
      filePart('files[]', pdf(5_000), 'radioactive.pdf', 'application/pdf'),
    ];
    const photos = [photo(JPEG, 'a.jpg'), photo(PNG, 'b.png'), photo(GIF, 'c.gif'), photo(WEBP, 'd.webp')];
    const res = await createTruckDocumentation(
      t,
      token('supplier1'),
      truckPayload(ids, ticketId),
      documentation(photos, documents),
    );
    expect(res.statusCode).toBe(201);
  });

  it("should accept the portal's own PDF as the provider invoice and a BMP as the payment voucher", async () => {
    const invoice = await postInvoice(await invoicedTicket(), await evoucherPdf());
    expect(invoice.statusCode).toBe(201);
    const res = await payment(invoice.json<{ invoice: { id: number } }>().invoice.id, BMP);
    expect(res.statusCode).toBe(200);
  });
});
