/**
 * Checks an uploaded zip (an .xlsx) before a parser unpacks it: a few kilobytes of deflate can unpack to
 * gigabytes (a "zip bomb"). The central directory is read the way JSZip reads it, each entry's declared
 * size is summed, and then every entry is really inflated as a stream, counting bytes and stopping at the
 * cap, because a declared size can lie. Only the counts are kept; nothing inflated is held.
 *
 * A reader that streams the archive (exceljs's WorkbookReader, through unzipper) does not read the central
 * directory: it walks the local headers from the first byte, so it could meet entries the directory never
 * lists, or cut an entry elsewhere. `checkedZipStream` therefore writes the checked entries again as a
 * plain archive, so such a reader sees those entries and nothing else, with the sizes that were checked.
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
  name: string;
  method: number;
  crc: number;
  compressed: number;
  declared: number;
  dataStart: number;
}

/** An entry that passed the check: its compressed bytes, and what they really inflate to. */
export interface CheckedEntry {
  /** As exceljs looks a part up (a leading slash dropped). */
  name: string;
  method: number;
  crc: number;
  data: Buffer;
  size: number;
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
    const nameLength = zip.readUInt16LE(at + 28);
    const entry = {
      name: zip.toString('utf8', at + 46, at + 46 + nameLength).replace(/^\//, ''),
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      compressed: zip.readUInt32LE(at + 20),
      declared: zip.readUInt32LE(at + 24),
      dataStart: local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28),
    };
    if ((entry.method !== 0 && entry.method !== 8) || entry.dataStart + entry.compressed > zip.length)
      return 'not-a-zip';
    entries.push(entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
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

/** The entries, when the zip may be unpacked within the limits, else why not. */
export async function checkZip(
  zip: Buffer,
  limits: ZipLimits,
): Promise<{ entries: CheckedEntry[] } | { refusal: ZipRefusal }> {
  const entries = centralDirectory(zip, limits.maxEntries);
  if (typeof entries === 'string') return { refusal: entries };
  const declared = entries.reduce((sum, e) => sum + e.declared, 0);
  if (declared > limits.maxInflatedBytes) return { refusal: 'inflates-too-much' };
  let total = 0;
  const checked: CheckedEntry[] = [];
  for (const entry of entries) {
    const data = zip.subarray(entry.dataStart, entry.dataStart + entry.compressed);
    const budget = limits.maxInflatedBytes - total;
    let size: number;
    try {
      size = entry.method === 0 ? data.length : await inflatedSize(data, budget);
    } catch {
      return { refusal: 'not-a-zip' };
    }
    total += size;
    if (total > limits.maxInflatedBytes) return { refusal: 'inflates-too-much' };
    checked.push({ name: entry.name, method: entry.method, crc: entry.crc, data, size });
  }
  return { entries: checked };
}

/**
 * The entries as a new archive, in the order given, each local header declaring the sizes that were
 * checked and no data descriptor, so a reader that walks local headers cuts each entry where the check
 * did. Written as it is read: the compressed bytes are not copied.
 */
export function checkedZipStream(entries: readonly CheckedEntry[]): Readable {
  return Readable.from(
    (function* () {
      const directory: Buffer[] = [];
      let offset = 0;
      for (const entry of entries) {
        const name = Buffer.from(entry.name, 'utf8');
        const local = Buffer.alloc(30);
        local.writeUInt32LE(LOCAL, 0);
        local.writeUInt16LE(20, 4);
        local.writeUInt16LE(0x800, 6); // names are UTF-8
        local.writeUInt16LE(entry.method, 8);
        local.writeUInt32LE(entry.crc, 14);
        local.writeUInt32LE(entry.data.length, 18);
        local.writeUInt32LE(entry.size, 22);
        local.writeUInt16LE(name.length, 26);
        const central = Buffer.alloc(46);
        central.writeUInt32LE(CENTRAL, 0);
        central.writeUInt16LE(20, 4);
        central.writeUInt16LE(20, 6);
        local.copy(central, 8, 6, 28);
        central.writeUInt32LE(offset, 42);
        directory.push(central, name);
        yield local;
        yield name;
        yield entry.data;
        offset += local.length + name.length + entry.data.length;
      }
      const size = directory.reduce((sum, b) => sum + b.length, 0);
      const end = Buffer.alloc(22);
      end.writeUInt32LE(EOCD, 0);
      end.writeUInt16LE(entries.length, 8);
      end.writeUInt16LE(entries.length, 10);
      end.writeUInt32LE(size, 12);
      end.writeUInt32LE(offset, 16);
      yield* directory;
      yield end;
    })(),
    { objectMode: false },
  );
}
