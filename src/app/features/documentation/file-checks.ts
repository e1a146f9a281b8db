/**
 * The browser's copy of the upload rules (src/shared/domain/file-rules.ts): a picked file is refused
 * with the spec's message before anything is sent, and photos are compressed below the supplier limit.
 */
import imageCompression from 'browser-image-compression';
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
const COMPRESS_ABOVE_BYTES = 1_500_000;

/**
 * A photo ready for upload: checked by its bytes and, when large, compressed below the supplier limit
 * (phone cameras produce 3-8 MB pictures). Returns the refusal message instead when it is not an image.
 */
export async function preparePhoto(file: File): Promise<File | string> {
  const head = await readHead(file);
  const refusal = checkFile({ ...fileRule('image', 'supplier'), maxBytes: Number.MAX_SAFE_INTEGER }, { size: file.size, head });
  if (refusal) return refusal;
  if (file.size <= COMPRESS_ABOVE_BYTES) return file;
  const compressed = await imageCompression(file, {
    maxSizeMB: (SUPPLIER_FILE_MAX_BYTES * 0.9) / (1024 * 1024),
    maxWidthOrHeight: 2560,
    useWebWorker: true,
    fileType: 'image/jpeg',
  });
  const name = file.name.replace(/\.[^.]+$/, '') + '.jpg';
  const result = new File([compressed], name, { type: 'image/jpeg' });
  return result.size > SUPPLIER_FILE_MAX_BYTES ? fileRule('image', 'supplier').tooBig : result;
}
