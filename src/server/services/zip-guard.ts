/**
 * Checks an uploaded zip (an .xlsx) before a parser unpacks it whole: a few kilobytes of deflate can
 * unpack to gigabytes (a "zip bomb"), and exceljs inflates every entry into memory. The central
 * directory is read the way the parser (JSZip) reads it, each entry's declared size is summed, and then
 * every entry is really inflated as a stream, counting bytes and stopping at the cap, because a declared
 * size can lie. Only the counts are kept; nothing inflated is held.
 */
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

export interface ZipLimits {
  /** Most bytes all entries may unpack to together. */
  maxInflatedBytes: number;
  /** Most entries the archive may hold. */
  maxEntries: number;
}

export type ZipRefusal = 'not-a-zip' | 'too-many-entries' | 'inflates-too-much';

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

interface Entry {
  method: number;
  compressed: number;
  declared: number;
  dataStart: number;
}

/** The entries of the central directory, or a refusal when the archive is not a plain zip. */
function centralDirectory(zip: Buffer, maxEntries: number): Entry[] | ZipRefusal {
  // The end record is the last one in the file (a comment may follow it), as JSZip finds it.
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== EOCD) end--;
  if (end < 0) return 'not-a-zip';
  // A zip64 record would let the parser read another directory than this one: an export has none.
  if (end >= 20 && zip.readUInt32LE(end - 20) === ZIP64_LOCATOR) return 'not-a-zip';
  const count = zip.readUInt16LE(end + 10);
  if (count > maxEntries) return 'too-many-entries';
  let at = zip.readUInt32LE(end + 16);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) return 'not-a-zip';
    const local = zip.readUInt32LE(at + 42);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) return 'not-a-zip';
    const entry = {
      method: zip.readUInt16LE(at + 10),
      compressed: zip.readUInt32LE(at + 20),
      declared: zip.readUInt32LE(at + 24),
      dataStart: local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28),
    };
    if ((entry.method !== 0 && entry.method !== 8) || entry.dataStart + entry.compressed > zip.length)
      return 'not-a-zip';
    entries.push(entry);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** Inflates one entry as a stream and answers its real size, stopping once it passes `budget`. */
async function inflatedSize(data: Buffer, budget: number): Promise<number> {
  let size = 0;
  const inflate = Readable.from([data]).pipe(createInflateRaw());
  try {
    for await (const chunk of inflate) {
      size += (chunk as Buffer).length;
      if (size > budget) break;
    }
  } finally {
    inflate.destroy();
  }
  return size;
}

/** Null when the zip may be unpacked within the limits, else why not. */
export async function checkZip(zip: Buffer, limits: ZipLimits): Promise<ZipRefusal | null> {
  const entries = centralDirectory(zip, limits.maxEntries);
  if (typeof entries === 'string') return entries;
  const declared = entries.reduce((sum, e) => sum + e.declared, 0);
  if (declared > limits.maxInflatedBytes) return 'inflates-too-much';
  let total = 0;
  for (const entry of entries) {
    const data = zip.subarray(entry.dataStart, entry.dataStart + entry.compressed);
    const budget = limits.maxInflatedBytes - total;
    try {
      total += entry.method === 0 ? data.length : await inflatedSize(data, budget);
    } catch {
      return 'not-a-zip';
    }
    if (total > limits.maxInflatedBytes) return 'inflates-too-much';
  }
  return null;
}
