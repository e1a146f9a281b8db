/**
 * An uploaded file is checked by its structure, not only its first bytes: images decode (sharp), BMPs
 * hold every row, PDFs parse (pdf.js). The upload routes' answers are in upload-structure.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import PDFKit from 'pdfkit';
import sharp from 'sharp';
import { hasFileStructure, MAX_IMAGE_PIXELS } from '../../src/server/files/file-structure';
import { demoPdf, demoPhoto } from '../../src/server/seed/demo-files';
import { BMP, GIF, JPEG, PNG, WEBP, pdf } from '../fixtures/files';

/** A 640x480 picture with detail, encoded as `type`. */
async function picture(type: 'jpeg' | 'png' | 'gif' | 'webp'): Promise<Buffer> {
  const raw = Buffer.alloc(640 * 480 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7 + (i >> 9)) & 0xff;
  return sharp(raw, { raw: { width: 640, height: 480, channels: 3 } })
    .toFormat(type)
    .toBuffer();
}

/** A PDF drawn by pdfkit, as the portal draws its own. */
function pdfkit(options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  const doc = new PDFKit(options);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.text('Invoice TA-1');
  doc.addPage().text('Page two');
  doc.end();
  return ended;
}

/** The 2x2 PNG saying it is `width` x `height`: its header rewritten with a valid checksum. */
function pngClaiming(width: number, height: number): Buffer {
  const bytes = Buffer.from(PNG);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)) >>> 0, 29);
  return bytes;
}

const cut = (bytes: Buffer, share: number) => bytes.subarray(0, Math.floor(bytes.length * share));
const GIF_SCRIPT = Buffer.from('GIF89a<script>alert(document.cookie)</script>', 'latin1');
const PDF_HTML = Buffer.from('%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n');

describe('image structure', () => {
  it.each([
    ['png', PNG],
    ['jpeg', JPEG],
    ['gif', GIF],
    ['bmp', BMP],
    ['webp', WEBP],
  ] as const)('should accept a small real %s', async (type, bytes) => {
    expect(await hasFileStructure(bytes, type)).toBe(true);
  });

  it.each(['jpeg', 'png', 'gif', 'webp'] as const)('should accept a 640x480 %s', async (type) => {
    expect(await hasFileStructure(await picture(type), type)).toBe(true);
  });

  it("should accept the seed's demo photo", async () => {
    expect(await hasFileStructure(demoPhoto(3), 'png')).toBe(true);
  });

  it('should accept a JPEG with bytes after its end, as phones append them', async () => {
    const trailed = Buffer.concat([await picture('jpeg'), Buffer.from('MotionPhoto_Data')]);
    expect(await hasFileStructure(trailed, 'jpeg')).toBe(true);
  });

  it('should refuse a GIF header followed by a script', async () => {
    expect(await hasFileStructure(GIF_SCRIPT, 'gif')).toBe(false);
  });

  it('should refuse a JPEG head with no picture', async () => {
    const head = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
    expect(await hasFileStructure(head, 'jpeg')).toBe(false);
  });

  it.each(['jpeg', 'png', 'gif', 'webp'] as const)('should refuse a truncated %s', async (type) => {
    const whole = await picture(type);
    expect(await hasFileStructure(cut(whole, 0.6), type)).toBe(false);
  });

  it('should refuse a JPEG missing only its last bytes', async () => {
    const whole = await picture('jpeg');
    expect(await hasFileStructure(whole.subarray(0, whole.length - 10), 'jpeg')).toBe(false);
  });

  it('should refuse an image whose first bytes say another format', async () => {
    expect(await hasFileStructure(PNG, 'jpeg')).toBe(false);
  });

  it('should refuse an image of more pixels than the limit, without decoding it', async () => {
    expect(MAX_IMAGE_PIXELS).toBeLessThan(8000 * 8000);
    expect(await hasFileStructure(pngClaiming(8000, 8000), 'png')).toBe(false);
  });

  it('should refuse a BMP cut short, a BMP header followed by a script and one of too many pixels', async () => {
    expect(await hasFileStructure(BMP.subarray(0, BMP.length - 6), 'bmp')).toBe(false);
    expect(await hasFileStructure(Buffer.from('BM<script>alert(1)</script>', 'latin1'), 'bmp')).toBe(false);
    expect(await hasFileStructure(Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]), 'bmp')).toBe(false);
    const huge = Buffer.from(BMP);
    huge.writeInt32LE(100_000, 18);
    huge.writeInt32LE(100_000, 22);
    expect(await hasFileStructure(huge, 'bmp')).toBe(false);
  });

  it('should accept an RLE8 BMP walked to its end and refuse one cut before it', async () => {
    const rle8 = (data: number[]) => {
      const header = Buffer.alloc(62);
      header.write('BM', 0, 'latin1');
      header.writeUInt32LE(62 + data.length, 2);
      header.writeUInt32LE(62, 10);
      header.writeUInt32LE(40, 14);
      header.writeInt32LE(2, 18);
      header.writeInt32LE(2, 22);
      header.writeUInt16LE(1, 26);
      header.writeUInt16LE(8, 28);
      header.writeUInt32LE(1, 30);
      header.writeUInt32LE(2, 46);
      header.writeUInt32LE(0xffffff, 58);
      return Buffer.concat([header, Buffer.from(data)]);
    };
    // Two pixels of colour 0, end of line, two of colour 1, end of bitmap.
    expect(await hasFileStructure(rle8([2, 0, 0, 0, 2, 1, 0, 1]), 'bmp')).toBe(true);
    expect(await hasFileStructure(rle8([2, 0, 0, 0, 2]), 'bmp')).toBe(false);
    // A run past the row's end.
    expect(await hasFileStructure(rle8([9, 0, 0, 1]), 'bmp')).toBe(false);
  });
});

describe('PDF structure', () => {
  it('should accept the test fixture, padded or not', async () => {
    expect(await hasFileStructure(pdf(), 'pdf')).toBe(true);
    expect(await hasFileStructure(pdf(2_097_152), 'pdf')).toBe(true);
  });

  it("should accept the seed's demo PDF and one drawn by pdfkit", async () => {
    expect(await hasFileStructure(demoPdf('Weight certificate', ['Gross 40,000 lbs']), 'pdf')).toBe(true);
    expect(await hasFileStructure(await pdfkit(), 'pdf')).toBe(true);
  });

  it('should accept a PDF that needs a password to open', async () => {
    const locked = await pdfkit({ userPassword: 'secret', ownerPassword: 'owner' });
    expect(await hasFileStructure(locked, 'pdf')).toBe(true);
  });

  it('should refuse a PDF header followed by HTML', async () => {
    expect(await hasFileStructure(PDF_HTML, 'pdf')).toBe(false);
  });

  it('should refuse a PDF header alone, a PDF cut in half and one without pages', async () => {
    expect(await hasFileStructure(Buffer.from('%PDF-1.7\n'), 'pdf')).toBe(false);
    expect(await hasFileStructure(cut(await pdfkit(), 0.5), 'pdf')).toBe(false);
    const pageless = Buffer.from(
      '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n' +
        'trailer <</Root 1 0 R>>\n%%EOF\n',
    );
    expect(await hasFileStructure(pageless, 'pdf')).toBe(false);
  });

  it('should refuse an image checked as a PDF', async () => {
    expect(await hasFileStructure(PNG, 'pdf')).toBe(false);
  });
});
