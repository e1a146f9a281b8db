/**
 * Reads a multipart upload: each file part is streamed into the file store under its byte limit, checked
 * by its magic bytes and then by its structure (read back from the store: an image decodes, a PDF
 * parses), and the JSON part is collected. On ANY failure every object already written by this request
 * is removed before the error is rethrown, so a refused upload leaves no file behind. The caller removes the objects itself if its transaction fails afterwards.
 */
import type { FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  checkFile,
  CONTENT_TYPES,
  detectFileType,
  type DetectedType,
  type FileRule,
} from '../../shared/domain/file-rules';
import { FileTooLargeError, type FileStore, type StoredObject } from '../files/file-store';
import { HttpError } from './errors';
import { REQUEST_MSG } from '../../shared/schemas/request-messages';
import { ERROR_CODES } from '../../shared/errors';
import { hasUnstorableText } from './unstorable-text';
import { hasFileStructure } from '../files/file-structure';

export interface ReceivedFile {
  /** The multipart field name as sent (`files[]`, `photos`, `invoiceFile`...). */
  field: string;
  /** The logical slot it fills (`salesInvoice`, `photos`...); refusals are reported under it. */
  slot: string;
  /** The original file name, cleaned. */
  filename: string;
  type: DetectedType;
  contentType: string;
  stored: StoredObject;
}

export type PartRoute = { slot: string; rule: FileRule } | { slot: string; refuse: string };

export interface ReceiveOptions {
  /** Name of the JSON part (`truckDocumentation`, `invoice`...). */
  jsonField: string;
  /**
   * Where a file part goes, from its field name and how many file parts of that field came before it;
   * undefined refuses the part as unexpected.
   */
  route(field: string, ordinal: number): PartRoute | undefined;
}

export interface ReceivedUpload {
  /** The parsed JSON part, or undefined when none was sent. */
  json: unknown;
  files: ReceivedFile[];
}

const MAX_JSON_BYTES = 256 * 1024;

/** Removes stored objects, ignoring objects already gone. */
export async function discardFiles(store: FileStore, files: readonly ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((f) => store.remove(f.stored.key).catch(() => undefined)));
}

/** Runs `work` (validation, the transaction) and removes the request's stored files if it fails. */
export async function discardOnFailure<T>(
  store: FileStore,
  files: readonly ReceivedFile[],
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await discardFiles(store, files);
    throw error;
  }
}

export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    // Direction overrides and isolates make 'invoice‮fdp.exe' read as 'invoiceexe.pdf'; a lone surrogate
    // has no UTF-8 form. A name is a label, so these are dropped rather than the file refused.
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]|\p{Surrogate}/gu, '')
    .trim()
    .slice(0, 200);
  return clean || 'file';
}

function parseJson(field: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, `The part ${field} must be JSON`, { [field]: `The part ${field} must be JSON` });
  }
}

async function readSmall(part: MultipartFile): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += (chunk as Buffer).length;
    if (size > MAX_JSON_BYTES) throw new HttpError(413, `The part ${part.fieldname} is too large`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The parser's own errors for a body that is not well-formed multipart (cut short, a boundary that never
 * appears, a header without one, a malformed part header). They carry no code, only these messages.
 */
const MALFORMED_MULTIPART =
  /^(Unexpected end of (multipart data|form)|Multipart: Boundary not found|\w+ terminated early due to unexpected end of multipart data|Malformed part header|Boundary required|The needle cannot)/;

/** Errors of @fastify/multipart (FST_*) carry their own status code; a malformed body is the client's. */
export function asHttpError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof Error && !('code' in error) && MALFORMED_MULTIPART.test(error.message)) {
    return new HttpError(400, REQUEST_MSG.malformedMultipart);
  }
  const e = error as { code?: unknown; statusCode?: unknown; message?: unknown };
  if (typeof e.code === 'string' && e.code.startsWith('FST_') && typeof e.statusCode === 'number') {
    const message = e.code === 'FST_FILES_LIMIT' ? 'Too many files' : String(e.message);
    return new HttpError(e.statusCode, message);
  }
  return error;
}

/** A stored object's bytes, read back whole: it is at most the route's size limit (3.5 MB). */
async function readStored(store: FileStore, stored: StoredObject, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of store.read(stored.key)) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length > limit) break; // leaving the loop closes the stream
  }
  return Buffer.concat(chunks);
}

async function storeFile(store: FileStore, part: MultipartFile, slot: string, rule: FileRule): Promise<ReceivedFile> {
  let stored: StoredObject;
  try {
    stored = await store.put(part.file, rule.maxBytes);
  } catch (error) {
    if (error instanceof FileTooLargeError) throw new HttpError(413, rule.tooBig, { [slot]: rule.tooBig });
    throw error;
  }
  // The parser's own limit cuts a file short instead of failing it: treat that as too big as well.
  let refusal = part.file.truncated ? rule.tooBig : checkFile(rule, stored);
  const type = detectFileType(stored.head);
  // By its structure, not only its first bytes: an image must decode and a PDF parse.
  if (!refusal && type) {
    let whole: boolean;
    try {
      whole = await hasFileStructure(await readStored(store, stored, rule.maxBytes), type);
    } catch (error) {
      // The store failed reading it back: the object is not the request's yet, so remove it here.
      await store.remove(stored.key).catch(() => undefined);
      throw error;
    }
    if (!whole) refusal = rule.badFormat;
  }
  if (refusal || !type) {
    await store.remove(stored.key);
    const message = refusal ?? rule.badFormat;
    throw new HttpError(message === rule.tooBig ? 413 : 400, message, { [slot]: message });
  }
  return {
    field: part.fieldname,
    slot,
    filename: cleanFileName(part.filename),
    type,
    contentType: CONTENT_TYPES[type],
    stored,
  };
}

/**
 * Receives the upload. A request that is not multipart is read as JSON: `{[jsonField]: {...}}` (or the
 * object itself), with no files, so an update without new files can be sent as plain JSON.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  store: FileStore,
  options: ReceiveOptions,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    const body = request.body;
    const json =
      body && typeof body === 'object' && options.jsonField in body
        ? (body as Record<string, unknown>)[options.jsonField]
        : (body ?? undefined);
    refuseUnstorable(json);
    return { json, files: [] };
  }

  const files: ReceivedFile[] = [];
  const ordinals = new Map<string, number>();
  let json: unknown;
  // A body that trickles in past UPLOAD_TIMEOUT_SECONDS is cut (http/connection-guard.ts): the part being
  // read fails, so the files already stored are removed below like on any other failure.
  try {
    for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
      if (part.fieldname === options.jsonField) {
        // Sent as a text field (parsed already when its part says application/json) or as a JSON Blob.
        if (part.type === 'file') json = parseJson(part.fieldname, await readSmall(part));
        else json = typeof part.value === 'string' ? parseJson(part.fieldname, part.value) : part.value;
        continue;
      }
      if (part.type !== 'file') continue;
      const ordinal = ordinals.get(part.fieldname) ?? 0;
      ordinals.set(part.fieldname, ordinal + 1);
      const target = options.route(part.fieldname, ordinal);
      if (!target)
        throw new HttpError(400, `Unexpected file part ${part.fieldname}`, {
          [part.fieldname]: `Unexpected file part ${part.fieldname}`,
        });
      if ('refuse' in target) throw new HttpError(400, target.refuse, { [target.slot]: target.refuse });
      files.push(await storeFile(store, part, target.slot, target.rule));
    }
    // The JSON part is held to the same text rule as a JSON body (unstorable-text.ts).
    refuseUnstorable(json);
  } catch (error) {
    await discardFiles(store, files);
    throw asHttpError(error);
  }
  return { json, files };
}

function refuseUnstorable(json: unknown): void {
  if (hasUnstorableText(json)) {
    throw new HttpError(400, REQUEST_MSG.unstorableText, undefined, { code: ERROR_CODES.unstorableText });
  }
}
