/**
 * The browser's copy of the upload rules (src/shared/domain/file-rules.ts): a picked file is refused
 * with the spec's message before anything is sent, and photos are compressed below 1 MB (well under the
 * supplier limit) before they are stored in the outbox or sent.
 */
import imageCompression, { type Options } from 'browser-image-compression';
import {
  HEAD_BYTES,
  SUPPLIER_FILE_MAX_BYTES,
  checkFile,
  fileRule,
  type FileAccept,
} from '../../../shared/domain/file-rules';

async function readHead(file: Blob): Promise<Uint8Array> {
  const slice = file.slice(0, HEAD_BYTES);
  if (typeof slice.arrayBuffer === 'function') return new Uint8Array(await slice.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(slice);
  });
}

/** The spec message refusing a file picked on a supplier form, or null when it may be uploaded. */
export async function refuseSupplierFile(file: File, accept: FileAccept): Promise<string | null> {
  const rule = fileRule(accept, 'supplier');
  // Size first: an oversized PDF gets the size message even before its bytes are read.
  if (file.size > rule.maxBytes) return rule.tooBig;
  return checkFile(rule, { size: file.size, head: await readHead(file) });
}

/** Photos above this are compressed; smaller ones are sent as taken. */
export const COMPRESS_ABOVE_BYTES = 1_000_000;

/**
 * Target of the compression: under 1 MB (a 12-megapixel phone photo ends near 0.5-0.9 MB), far below
 * the supplier limit of 2,097,153 bytes, so an 8-file item stays small in the outbox and on the wire.
 */
export const PHOTO_OPTIONS: Options = {
  maxSizeMB: 0.9,
  maxWidthOrHeight: 2560,
  initialQuality: 0.8,
  fileType: 'image/jpeg',
};

function compressInWorker(file: File, options: Options): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./photo-compression.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ ok: boolean; blob?: Blob; message?: string }>) => {
      worker.terminate();
      if (event.data.ok && event.data.blob) resolve(event.data.blob);
      else reject(new Error(event.data.message ?? 'compression failed'));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'compression worker failed'));
    };
    worker.postMessage({ file, options });
  });
}

/** In a worker where the browser can (module workers and OffscreenCanvas), else on the page. */
export async function compressPhoto(file: File, options: Options = PHOTO_OPTIONS): Promise<Blob> {
  if (typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined') {
    try {
      return await compressInWorker(file, options);
    } catch {
      // e.g. a browser without module workers: fall through to the page.
    }
  }
  return imageCompression(file, { ...options, useWebWorker: false });
}

/**
 * A photo ready for upload: checked by its bytes and, when large, compressed below the supplier limit
 * (phone cameras produce 3-8 MB pictures). Returns the refusal message instead when it is not an image.
 */
export async function preparePhoto(file: File): Promise<File | string> {
  const head = await readHead(file);
  const refusal = checkFile(
    { ...fileRule('image', 'supplier'), maxBytes: Number.MAX_SAFE_INTEGER },
    { size: file.size, head },
  );
  if (refusal) return refusal;
  if (file.size <= COMPRESS_ABOVE_BYTES) return file;
  const compressed = await compressPhoto(file);
  const name = file.name.replace(/\.[^.]+$/, '') + '.jpg';
  const result = new File([compressed], name, { type: 'image/jpeg' });
  return result.size > SUPPLIER_FILE_MAX_BYTES ? fileRule('image', 'supplier').tooBig : result;
}
