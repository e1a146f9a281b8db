/**
 * Whether an uploaded file is what its first bytes say, by its structure: an image decodes, a PDF parses.
 * Magic bytes alone let "GIF89a" followed by a script pass as a photo, and "%PDF-1.4" followed by HTML
 * pass as a PDF. Decision: src/server/http/decisions/0003-uploads-checked-by-structure.md.
 */
import sharp from 'sharp';
import { getResolvedPDFJS } from 'unpdf';
import type { DetectedType } from '../../shared/domain/file-rules';
import { isWholeBmp } from './bmp-structure';

/**
 * Largest image decoded: a 600 dpi scan of a legal page (43 MP) passes, and so does any phone photo that
 * fits the 3.5 MB limit. It bounds the CPU a small, highly compressed image can ask for.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** The checks decode each file once; caching libvips operations would only keep their memory. */
sharp.cache(false);

/**
 * Decodes every frame, shrunk to a thumbnail: JPEG and WebP shrink while they decode, and sequential
 * reading streams the rest, so memory stays small while the whole compressed stream is read. 'error'
 * refuses truncated and corrupt data but not the warnings real cameras cause (such as stray bytes before
 * a marker). Bytes after a complete image are allowed: phones append data after a JPEG's end (motion
 * photos, MPF), and a stored file is only ever served with its detected type.
 */
async function decodesAsImage(bytes: Buffer, type: DetectedType): Promise<boolean> {
  try {
    const image = sharp(bytes, {
      failOn: 'error',
      limitInputPixels: MAX_IMAGE_PIXELS,
      sequentialRead: true,
      animated: true,
    });
    const { format } = await image.metadata();
    if (format !== type) return false;
    await image.resize(16, 16, { fit: 'inside' }).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens the PDF with pdf.js and loads its first page (no rendering, no script, no fonts). pdf.js repairs
 * a damaged cross-reference table as a viewer would, so what a viewer opens is accepted; a file with no
 * catalog or page tree (a header followed by anything else) is not. A PDF that needs a password to open
 * has parsed as far as its encryption dictionary: it is a PDF, and accepted as before.
 */
async function parsesAsPdf(bytes: Buffer): Promise<boolean> {
  const { getDocument } = await getResolvedPDFJS();
  const task = getDocument({
    // pdf.js may transfer the array it is given: hand it a copy.
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    if (document.numPages < 1) return false;
    await document.getPage(1);
    return true;
  } catch (error) {
    return error instanceof Error && error.name === 'PasswordException';
  } finally {
    await task.destroy();
  }
}

/** Whether the whole file is a `type` file; the caller has read it (at most the route's size limit). */
export async function hasFileStructure(bytes: Buffer, type: DetectedType): Promise<boolean> {
  if (type === 'pdf') return parsesAsPdf(bytes);
  if (type === 'bmp') return isWholeBmp(bytes, MAX_IMAGE_PIXELS);
  return decodesAsImage(bytes, type);
}
