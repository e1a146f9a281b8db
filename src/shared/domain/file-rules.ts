/**
 * Upload limits per role and file kind, as pure functions over a file's size and
 * its first bytes, so the browser (before queueing an upload) and the server (after streaming it) decide
 * the same way. Formats are recognised by magic bytes, never by the name or the declared content type.
 */
import { FILE_MSG } from '../schemas/documentation';

/** Supplier forms refuse files of 2,097,153 bytes or more. */
export const SUPPLIER_FILE_REJECT_BYTES = 2_097_153;
export const SUPPLIER_FILE_MAX_BYTES = SUPPLIER_FILE_REJECT_BYTES - 1;
/** Admin and provider forms (photos, TA invoice, payment voucher) refuse 3,670,016 bytes or more. */
export const ADMIN_FILE_REJECT_BYTES = 3_670_016;
export const ADMIN_FILE_MAX_BYTES = ADMIN_FILE_REJECT_BYTES - 1;
export const MAX_PHOTOS = 4;
/** Bytes of a file's head the checks look at. */
export const HEAD_BYTES = 16;

export type DetectedType = 'pdf' | 'png' | 'jpeg' | 'gif' | 'bmp' | 'webp';
export type FileAccept = 'pdf' | 'image' | 'pdfOrImage';
export type Uploader = 'supplier' | 'admin';

export const CONTENT_TYPES: Record<DetectedType, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
};

export const EXTENSIONS: Record<DetectedType, string> = {
  pdf: 'pdf',
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  bmp: 'bmp',
  webp: 'webp',
};

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** The format of a file from its first bytes, or null when it is none of the accepted ones. */
export function detectFileType(head: Uint8Array): DetectedType | null {
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('BM')) && head.length >= 6) return 'bmp';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  return null;
}

export function accepts(accept: FileAccept, type: DetectedType | null): boolean {
  if (type === null) return false;
  if (accept === 'pdf') return type === 'pdf';
  if (accept === 'image') return type !== 'pdf';
  return true;
}

export interface FileRule {
  accept: FileAccept;
  /** Largest accepted size in bytes. */
  maxBytes: number;
  tooBig: string;
  badFormat: string;
}

const FORMAT_MSG: Record<FileAccept, string> = {
  pdf: FILE_MSG.pdfFormat,
  image: FILE_MSG.imageFormat,
  pdfOrImage: FILE_MSG.pdfOrImageFormat,
};

/** The rule for a file of the given format picked on a supplier or an admin/provider form. */
export function fileRule(accept: FileAccept, uploader: Uploader): FileRule {
  return uploader === 'supplier'
    ? { accept, maxBytes: SUPPLIER_FILE_MAX_BYTES, tooBig: FILE_MSG.supplierTooBig, badFormat: FORMAT_MSG[accept] }
    : { accept, maxBytes: ADMIN_FILE_MAX_BYTES, tooBig: FILE_MSG.adminTooBig, badFormat: FORMAT_MSG[accept] };
}

/** The message refusing a file, or null when it passes: empty, too big, then format. */
export function checkFile(rule: FileRule, file: { size: number; head: Uint8Array }): string | null {
  if (file.size === 0) return FILE_MSG.empty;
  if (file.size > rule.maxBytes) return rule.tooBig;
  if (!accepts(rule.accept, detectFileType(file.head))) return rule.badFormat;
  return null;
}

/** The message refusing a set of photos by count, or null. */
export function checkPhotoCount(count: number): string | null {
  return count > MAX_PHOTOS ? FILE_MSG.tooManyPhotos : null;
}
