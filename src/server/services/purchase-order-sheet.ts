/**
 * Reads the ERP's purchase-order export (CSV or XLSX, told apart by the file's bytes) as a stream: the
 * header first, so a file without the required columns is refused having read one row, then the rows one
 * at a time as the caller asks for them, keyed by the header names documentNumberId, supplierSapId,
 * materialCode, earlyDeliveryDate, quantity and the optional materialDesc. Cells are normalised to
 * strings; dates to YYYY-MM-DD. Nothing holds the whole sheet (decision 0010).
 */
import { pipeline, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { parse as parseCsv } from '@fast-csv/parse';
import ExcelJS from 'exceljs';
import { HttpError } from '../http/errors';
import { REQUEST_MSG } from '../../shared/schemas/request-messages';
import { checkZip, checkedZipStream, type CheckedEntry, type ZipLimits } from './zip-guard';

export const IMPORT_COLUMNS = [
  'documentNumberId',
  'supplierSapId',
  'materialCode',
  'earlyDeliveryDate',
  'quantity',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number] | 'materialDesc';
const KNOWN: readonly string[] = [...IMPORT_COLUMNS, 'materialDesc'];

/** Largest import accepted: a year of orders is far below it. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * What an .xlsx may unpack to. 20,000 rows of the export's six columns unpack to about 10 MB of XML, so
 * 50 MB leaves room; an export has a dozen entries.
 */
export const XLSX_LIMITS: ZipLimits = { maxInflatedBytes: 50 * 1024 * 1024, maxEntries: 500 };

export interface SheetRow {
  /** Spreadsheet row number (the header is row 1). */
  row: number;
  values: Partial<Record<ImportColumn, string>>;
}

export interface Sheet {
  /** The required columns the header lacks; when there are any, no row has been read past the header. */
  missing: string[];
  /** The rows after the header with a value in a known column, read as they are asked for. */
  rows: AsyncGenerator<SheetRow>;
  /** Stops reading (the rows need not have been read to the end). */
  close(): Promise<void>;
}

/** A row as read: its number and its cells by column number (1-based, holes where a cell is empty). */
interface RawRow {
  number: number;
  cells: readonly ExcelJS.CellValue[];
}

export const fileError = (status: number, message: string) => new HttpError(status, message, { file: message });

const isZip = (head: Uint8Array) => head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    // A formula cell is read as its formula, which the row check then refuses: a cached result may
    // not match what a spreadsheet would compute, and the formula itself must never be stored.
    if ('formula' in value && typeof value.formula === 'string') return `=${value.formula}`;
    if ('sharedFormula' in value && typeof value.sharedFormula === 'string') return `=${value.sharedFormula}`;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value).trim();
}

/** The stored upload in memory: it was bounded when it was stored, and is bounded here again. */
async function buffered(source: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += (chunk as Buffer).length;
    if (size > IMPORT_MAX_BYTES) throw fileError(413, REQUEST_MSG.importTooLarge);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const ZIP_REFUSALS = {
  'not-a-zip': () => fileError(400, REQUEST_MSG.importNotSpreadsheet),
  'too-many-entries': () => fileError(400, REQUEST_MSG.importTooManyEntries),
  'inflates-too-much': () => fileError(413, REQUEST_MSG.importInflatesTooMuch),
} as const;

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
/** A workbook without shared strings gets an empty table, so the reader never parks a sheet on disk. */
const EMPTY_TABLE = Buffer.from('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>');
const NO_SHARED_STRINGS: CheckedEntry = {
  name: 'xl/sharedStrings.xml',
  method: 0,
  crc: crc32(EMPTY_TABLE),
  data: EMPTY_TABLE,
  size: EMPTY_TABLE.length,
};

/**
 * The parts the streaming reader needs, in the order it needs them. It resolves a sheet's shared
 * strings and dates only if the table and the styles came before the sheet; a sheet that comes first
 * (as Excel writes them) it copies to a temporary file to read later. So the relationships, the
 * workbook, the styles and the shared strings go first, then the sheets; other parts are left out.
 */
function readerParts(entries: readonly CheckedEntry[]): CheckedEntry[] | null {
  // Like JSZip, a name given twice means its last entry.
  const byName = new Map(entries.map((e) => [e.name, e]));
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  const workbook = byName.get('xl/workbook.xml');
  if (!rels || !workbook) return null;
  const sheets = [...byName.values()]
    .filter((e) => WORKSHEET.test(e.name))
    .sort((a, b) => Number(WORKSHEET.exec(a.name)![1]) - Number(WORKSHEET.exec(b.name)![1]));
  const styles = byName.get('xl/styles.xml');
  return [
    rels,
    workbook,
    ...(styles ? [styles] : []),
    byName.get('xl/sharedStrings.xml') ?? NO_SHARED_STRINGS,
    ...sheets,
  ];
}

/** What exceljs's reader knows of the workbook once it has read xl/workbook.xml (not in its typings). */
interface ReaderModel {
  model?: { sheets?: { id: number }[] };
}

/** The rows of the workbook's first sheet (in tab order, as exceljs's whole-file reader picks it). */
async function* xlsxRows(source: Readable): AsyncGenerator<RawRow> {
  // The archive is checked before anything is unpacked: a small file that unpacks to gigabytes is
  // refused before it can exhaust the server's memory.
  const checked = await checkZip(await buffered(source), XLSX_LIMITS);
  if ('refusal' in checked) throw ZIP_REFUSALS[checked.refusal]();
  const parts = readerParts(checked.entries);
  if (!parts) throw fileError(400, REQUEST_MSG.importNotSpreadsheet);
  const zip = checkedZipStream(parts);
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(zip, {
      // The table is needed to resolve cells; its size is bounded by the unpack limit.
      sharedStrings: 'cache',
      // Styles tell a date from a number.
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    for await (const worksheet of reader) {
      const first = (reader as unknown as ReaderModel).model?.sheets?.[0]?.id;
      const id = (worksheet as unknown as { id: number | string }).id;
      if (first !== undefined && Number(id) !== first) continue;
      for await (const row of worksheet) yield { number: row.number, cells: row.values as ExcelJS.CellValue[] };
      return;
    }
  } finally {
    zip.destroy();
  }
}

/** The CSV's records; every cell stays the text it is (document numbers must not become numbers). */
async function* csvRows(source: Readable): AsyncGenerator<RawRow> {
  const parser = parseCsv();
  const records = pipeline(source, parser, () => {
    // An error reaches the loop below through the parser.
  });
  let number = 0;
  try {
    for await (const record of records as AsyncIterable<string[]>) {
      number++;
      yield { number, cells: [undefined, ...record] };
    }
  } finally {
    source.destroy();
  }
}

/**
 * Opens the sheet and reads its header. A file that cannot be read, now or later while its rows are
 * read, is answered 400 as not a spreadsheet (or 413 when it is too large to unpack).
 */
export async function openSheet(source: Readable, head: Uint8Array): Promise<Sheet> {
  const raw = isZip(head) ? xlsxRows(source) : csvRows(source);
  const asFileError = (error: unknown) =>
    error instanceof HttpError ? error : fileError(400, REQUEST_MSG.importNotSpreadsheet);
  const first = await raw.next().catch((error: unknown) => {
    throw asFileError(error);
  });

  const columns = new Map<number, ImportColumn>();
  // The header is row 1; a sheet whose first row comes later has none.
  if (!first.done && first.value.number === 1) {
    first.value.cells.forEach((value, col) => {
      const name = cellText(value)
        .replace(/^\uFEFF/, '')
        .trim();
      const match = KNOWN.find((k) => k.toLowerCase() === name.toLowerCase());
      if (match) columns.set(col, match as ImportColumn);
    });
  }
  const present = new Set(columns.values());
  const missing = IMPORT_COLUMNS.filter((c) => !present.has(c));
  async function* rows(): AsyncGenerator<SheetRow> {
    if (missing.length > 0) return;
    try {
      for await (const { number, cells } of raw) {
        const values: SheetRow['values'] = {};
        for (const [col, name] of columns) values[name] = cellText(cells[col]);
        if (Object.values(values).some((x) => x !== '')) yield { row: number, values };
      }
    } catch (error) {
      throw asFileError(error);
    }
  }
  const sheetRows = rows();
  return {
    missing,
    rows: sheetRows,
    close: async () => {
      await sheetRows.return(undefined);
      await raw.return(undefined);
    },
  };
}
