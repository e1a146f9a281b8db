/**
 * The two exports of an accounting batch, both produced as streams so a batch of any size never sits
 * whole in memory: the ERP workbook (exceljs's streaming WorkbookWriter, one row per provider invoice,
 * read from the database a page at a time) and a zip of the batch's provider-invoice PDFs (zip-stream,
 * each file piped from the store in turn, entries named as single downloads are).
 */
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import ZipStream from 'zip-stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { LocalFileStore } from '../plugins/file-store';
import { downloadName } from './download-name';
import { exportRowsAfter, invoiceFilesAfter, invoiceFilesTotal, type RpaExportRow } from '../repositories/rpas';

const PAGE = 200;

/** The ERP columns: header, key, width, number format. */
export const ERP_COLUMNS: { header: string; key: keyof RpaExportRow | 'rpaId'; width: number; numFmt?: string }[] = [
  { header: 'RPA', key: 'rpaId', width: 8 },
  { header: 'Trip ID', key: 'ticketId', width: 10 },
  { header: 'Supplier SAP ID', key: 'supplierSapId', width: 14 },
  { header: 'Supplier', key: 'supplierName', width: 32 },
  { header: 'Carrier', key: 'carrierName', width: 28 },
  { header: 'Carrier mode', key: 'carrierMode', width: 12 },
  { header: 'Material code', key: 'materialCode', width: 14 },
  { header: 'Material', key: 'materialDescription', width: 34 },
  { header: 'Purchase order', key: 'purchaseOrder', width: 16 },
  { header: 'Gross weight (lbs)', key: 'grossWeight', width: 16, numFmt: '#,##0.00' },
  { header: 'Tare weight (lbs)', key: 'tareWeight', width: 16, numFmt: '#,##0.00' },
  { header: 'Net weight (lbs)', key: 'netWeight', width: 16, numFmt: '#,##0.00' },
  { header: 'Supplier invoice number', key: 'supplierInvoiceNumber', width: 22 },
  { header: 'Supplier invoice date', key: 'supplierInvoiceDate', width: 18 },
  { header: 'Supplier invoice amount', key: 'supplierInvoiceAmount', width: 20, numFmt: '#,##0.00' },
  { header: 'TA invoice number', key: 'invoiceNumber', width: 18 },
  { header: 'TA invoice date', key: 'invoiceDate', width: 14 },
  { header: 'SAP validation', key: 'sapValidationStatus', width: 14 },
  { header: 'Border crossing', key: 'borderCrossing', width: 28 },
  { header: 'Customs agent', key: 'customsAgent', width: 22 },
  { header: 'Destination', key: 'destination', width: 24 },
  { header: 'Payment number', key: 'paymentNumber', width: 16 },
  { header: 'Payment date', key: 'paymentDate', width: 14 },
];

const NUMERIC = new Set(['grossWeight', 'tareWeight', 'netWeight', 'supplierInvoiceAmount']);

function cellOf(row: RpaExportRow, key: (typeof ERP_COLUMNS)[number]['key'], rpaId: number): ExcelJS.CellValue {
  if (key === 'rpaId') return rpaId;
  const value = row[key];
  if (value === null) return null;
  // Amounts and weights are exact decimals with two places; Excel holds them as numbers to add up.
  return NUMERIC.has(key) ? Number(value) : value;
}

export function rpaWorkbookName(rpaId: number): string {
  return `RPA-${rpaId}.xlsx`;
}

/** Streams the batch's workbook; errors end the stream with that error. */
export function streamRpaWorkbook(db: Db, rpaId: number, log: FastifyBaseLogger): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(`RPA ${rpaId}`, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = ERP_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    let after = 0;
    for (;;) {
      const rows = await exportRowsAfter(db, rpaId, after, PAGE);
      for (const row of rows) {
        sheet.addRow(ERP_COLUMNS.map((c) => cellOf(row, c.key, rpaId))).commit();
      }
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1]!.invoiceId;
      // Let the zip writer hand the committed rows on before the next page is read.
      await new Promise((resolve) => setImmediate(resolve));
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    log.error({ err: error, rpaId }, 'RPA workbook export failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

export function rpaZipName(rpaId: number): string {
  return `RPA-${rpaId}-invoices.zip`;
}

const entryName = (file: { ticketId: number; day: string; contentType: string; name: string }) =>
  downloadName({
    ticketId: file.ticketId,
    kind: 'invoice',
    position: 0,
    day: file.day,
    contentType: file.contentType,
    name: file.name,
  });

/**
 * A close upper estimate of the zip's size (files are stored, not deflated): per entry a local header,
 * a data descriptor and a central-directory record with the name twice, plus the end record. The client
 * shows progress against it; it is not a Content-Length.
 */
export async function rpaZipExpectedBytes(db: Db, rpaId: number): Promise<number> {
  const { files, bytes } = await invoiceFilesTotal(db, rpaId);
  const name = 'tripID-0000000000-invoice-YYYY-MM-DD.pdf'.length;
  return bytes + files * (30 + 24 + 46 + 2 * name + 36) + 22;
}

/** Streams a zip of the batch's provider-invoice PDFs, one entry after the other. */
export function streamRpaZip(db: Db, store: LocalFileStore, rpaId: number, log: FastifyBaseLogger): Readable {
  const zip = new ZipStream({ store: true });
  const add = (source: Readable, name: string, date: Date) =>
    new Promise<void>((resolve, reject) => {
      zip.entry(source, { name, date }, (error) => (error ? reject(error) : resolve()));
    });
  void (async () => {
    let after = 0;
    for (;;) {
      const files = await invoiceFilesAfter(db, rpaId, after, PAGE);
      for (const file of files) {
        if (!(await store.exists(file.key))) {
          log.warn(
            { rpaId, ticketId: file.ticketId },
            'provider invoice file missing from the store; left out of the zip',
          );
          continue;
        }
        await add(store.read(file.key), entryName(file), new Date(`${file.day}T12:00:00Z`));
      }
      if (files.length < PAGE) break;
      after = files[files.length - 1]!.invoiceId;
    }
    zip.finish();
  })().catch((error: unknown) => {
    log.error({ err: error, rpaId }, 'RPA zip export failed');
    zip.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return zip;
}
