/**
 * Whether a file that starts with "BM" is a whole Windows bitmap. libvips (sharp) has no BMP loader, and
 * an uncompressed bitmap's pixel array has no structure of its own to decode: any bytes are pixels. So
 * "it decodes" means the headers are consistent and every row the header promises is in the file; an
 * RLE bitmap is walked opcode by opcode to its end-of-bitmap, never past a row or past the image. Nothing
 * is allocated per pixel. Decision: src/server/http/decisions/0003-uploads-checked-by-structure.md.
 */

const FILE_HEADER = 14;
/** BITMAPCOREHEADER, BITMAPINFOHEADER, its V2/V3 extensions, V4 and V5. */
const INFO_HEADERS = new Set([40, 52, 56, 108, 124]);
const CORE_HEADER = 12;

const BI_RGB = 0;
const BI_RLE8 = 1;
const BI_RLE4 = 2;
const BI_BITFIELDS = 3;

interface Bitmap {
  width: number;
  height: number;
  bits: number;
  compression: number;
  pixelsAt: number;
}

function readHeader(bytes: Buffer, maxPixels: number): Bitmap | null {
  if (bytes.length < FILE_HEADER + 4) return null;
  const pixelsAt = bytes.readUInt32LE(10);
  const dib = bytes.readUInt32LE(14);
  if (dib !== CORE_HEADER && !INFO_HEADERS.has(dib)) return null;
  if (bytes.length < FILE_HEADER + dib) return null;
  const core = dib === CORE_HEADER;
  const width = core ? bytes.readUInt16LE(18) : bytes.readInt32LE(18);
  const signedHeight = core ? bytes.readUInt16LE(20) : bytes.readInt32LE(22);
  const planes = bytes.readUInt16LE(core ? 22 : 26);
  const bits = bytes.readUInt16LE(core ? 24 : 28);
  const compression = core ? BI_RGB : bytes.readUInt32LE(30);
  const usedColours = core ? 0 : bytes.readUInt32LE(46);
  const height = Math.abs(signedHeight);
  if (planes !== 1 || width <= 0 || height === 0 || width * height > maxPixels) return null;
  if (![1, 4, 8, 16, 24, 32].includes(bits) || (core && (bits === 16 || bits === 32))) return null;
  const rle = compression === BI_RLE8 || compression === BI_RLE4;
  if (rle && (signedHeight < 0 || bits !== (compression === BI_RLE8 ? 8 : 4))) return null;
  if (compression === BI_BITFIELDS && bits !== 16 && bits !== 32) return null;
  if (compression !== BI_RGB && !rle && compression !== BI_BITFIELDS) return null;

  // The colour masks (after a 40-byte header) and the palette lie between the headers and the pixels.
  const masks = dib === 40 && compression === BI_BITFIELDS ? 12 : 0;
  const colours = bits <= 8 ? usedColours || 2 ** bits : usedColours;
  if (bits <= 8 && colours > 2 ** bits) return null;
  const palette = colours * (core ? 3 : 4);
  if (pixelsAt < FILE_HEADER + dib + masks + palette || pixelsAt > bytes.length) return null;
  return { width, height, bits, compression, pixelsAt };
}

/** Every row present; the last row's padding to four bytes may be missing, as some writers leave it. */
function hasAllRows(bytes: Buffer, bmp: Bitmap): boolean {
  const rowBytes = Math.ceil((bmp.width * bmp.bits) / 8);
  const stride = Math.ceil(rowBytes / 4) * 4;
  return bmp.pixelsAt + stride * (bmp.height - 1) + rowBytes <= bytes.length;
}

/** Walks RLE8 or RLE4 data: runs, end of line, delta and absolute runs, up to the end-of-bitmap mark. */
function isWholeRle(bytes: Buffer, bmp: Bitmap): boolean {
  const rle8 = bmp.compression === BI_RLE8;
  let at = bmp.pixelsAt;
  let x = 0;
  let y = 0;
  while (at + 1 < bytes.length) {
    const count = bytes[at]!;
    const value = bytes[at + 1]!;
    at += 2;
    if (count > 0) {
      x += count;
    } else if (value === 0) {
      x = 0;
      y += 1;
    } else if (value === 1) {
      return true;
    } else if (value === 2) {
      if (at + 1 >= bytes.length) return false;
      x += bytes[at]!;
      y += bytes[at + 1]!;
      at += 2;
    } else {
      const length = rle8 ? value : Math.ceil(value / 2);
      at += length + (length % 2);
      if (at > bytes.length) return false;
      x += value;
    }
    if (x > bmp.width || y > bmp.height || (y === bmp.height && x > 0)) return false;
  }
  // No end-of-bitmap mark: whole only if every row was ended.
  return y >= bmp.height;
}

/** Whether `bytes` is a complete bitmap of at most `maxPixels` pixels. */
export function isWholeBmp(bytes: Buffer, maxPixels: number): boolean {
  if (bytes.length < 2 || bytes.toString('latin1', 0, 2) !== 'BM') return false;
  const bmp = readHeader(bytes, maxPixels);
  if (!bmp) return false;
  return bmp.compression === BI_RLE8 || bmp.compression === BI_RLE4 ? isWholeRle(bytes, bmp) : hasAllRows(bytes, bmp);
}
