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
import type { FileStore } from '../files/file-store';
import { downloadName } from './download-name';
import { EXCEL_FORMATS, excelDay } from '../../shared/format/display-format';
import { exportRowsAfter, invoiceFilesAfter, invoiceFilesTotal, type RpaExportRow } from '../repositories/rpas';

const PAGE = 200;

/**
 * Cell kinds: weights and amounts are number cells (Excel can add them up) whose format shows two
 * places, amounts naming their currency (US$); dates are date cells shown with the month named.
 */
const LBS = { kind: 'number', numFmt: EXCEL_FORMATS.lbs } as const;
const USD = { kind: 'number', numFmt: EXCEL_FORMATS.usd } as const;
const DAY = { kind: 'day', numFmt: EXCEL_FORMATS.day } as const;
type CellKind = typeof LBS | typeof USD | typeof DAY;

type ErpKey = keyof RpaExportRow | 'rpaId';

/**
 * The ERP columns in their order, one line each: header, row field, width, and the cell kind of the
 * number and date columns. The header row, the widths and every data row are made from this one table.
 */
const ERP_TABLE: [header: string, key: ErpKey, width: number, kind?: CellKind][] = [
  ['RPA', 'rpaId', 8],
  ['Trip ID', 'ticketId', 10],
  ['Supplier SAP ID', 'supplierSapId', 14],
  ['Supplier', 'supplierName', 32],
  ['Carrier', 'carrierName', 28],
  ['Carrier mode', 'carrierMode', 12],
  ['Material code', 'materialCode', 14],
  ['Material', 'materialDescription', 34],
  ['Purchase order', 'purchaseOrder', 16],
  ['Gross weight (lbs)', 'grossWeight', 16, LBS],
  ['Tare weight (lbs)', 'tareWeight', 16, LBS],
  ['Net weight (lbs)', 'netWeight', 16, LBS],
  ['Supplier invoice number', 'supplierInvoiceNumber', 22],
  ['Supplier invoice date', 'supplierInvoiceDate', 18, DAY],
  ['Supplier invoice amount', 'supplierInvoiceAmount', 20, USD],
  ['TA invoice number', 'invoiceNumber', 18],
  ['TA invoice date', 'invoiceDate', 14, DAY],
  ['SAP validation', 'sapValidationStatus', 14],
  ['Border crossing', 'borderCrossing', 28],
  ['Customs agent', 'customsAgent', 22],
  ['Destination', 'destination', 24],
  ['Payment number', 'paymentNumber', 16],
  ['Payment date', 'paymentDate', 14, DAY],
];

const ERP_COLUMNS = ERP_TABLE.map(([header, key, width, kind]) => ({ header, key, width, kind }));

function cellOf(row: RpaExportRow, column: (typeof ERP_COLUMNS)[number], rpaId: number): ExcelJS.CellValue {
  if (column.key === 'rpaId') return rpaId;
  const value = row[column.key];
  if (value === null) return null;
  if (column.kind?.kind === 'day') return excelDay(String(value));
  return column.kind ? Number(value) : value;
}

/**
 * The batch's rows a page at a time by keyset (each page as cheap as the first), handed on one by one,
 * with a turn of the event loop between pages so the stream being written can drain.
 */
async function* keysetPages<T extends { invoiceId: number }>(page: (after: number) => Promise<T[]>): AsyncGenerator<T> {
  let after = 0;
  for (;;) {
    const rows = await page(after);
    yield* rows;
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.invoiceId;
    await new Promise((resolve) => setImmediate(resolve));
  }
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
    ...(c.kind ? { style: { numFmt: c.kind.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    for await (const row of keysetPages((after) => exportRowsAfter(db, rpaId, after, PAGE))) {
      sheet.addRow(ERP_COLUMNS.map((c) => cellOf(row, c, rpaId))).commit();
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
export function streamRpaZip(db: Db, store: FileStore, rpaId: number, log: FastifyBaseLogger): Readable {
  const zip = new ZipStream({ store: true });
  const add = (source: Readable, name: string, date: Date) =>
    new Promise<void>((resolve, reject) => {
      zip.entry(source, { name, date }, (error) => (error ? reject(error) : resolve()));
    });
  void (async () => {
    for await (const file of keysetPages((after) => invoiceFilesAfter(db, rpaId, after, PAGE))) {
      if (!(await store.exists(file.key))) {
        log.warn(
          { rpaId, ticketId: file.ticketId },
          'provider invoice file missing from the store; left out of the zip',
        );
        continue;
      }
      await add(store.read(file.key), entryName(file), new Date(`${file.day}T12:00:00Z`));
    }
    zip.finish();
  })().catch((error: unknown) => {
    log.error({ err: error, rpaId }, 'RPA zip export failed');
    zip.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return zip;
}
