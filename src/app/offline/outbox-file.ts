/**
 * The outbox as a file: what waits on this device, written to a file the user can carry to another
 * device or browser (a phone whose browser cannot reach the portal, one about to be reset) and read into
 * that one's outbox, which sends it as its own. Each item keeps its id, which is its Idempotency-Key: an
 * item sent both from here and from the file is stored once by the server (its replay answered from the
 * stored answer, or refused as already done: a ticket is not accepted or documented twice).
 *
 * The file is JSON: a format name and version, the user it belongs to, and the items as queued, each file
 * part in base64 with its size and SHA-256. Reading checks all of it before anything is added: another
 * user's file is refused (its writes would be sent in the wrong name), and a file whose parts do not match
 * their hashes is refused whole, so nothing half-read reaches the outbox. An item already in the outbox
 * is left as it is.
 */
import * as v from 'valibot';
import { getItem, listItems, makeItem, putItem } from './outbox';
import type { OutboxItem, OutboxPart } from './outbox-types';

const FORMAT = 'scrap-portal-outbox';
const VERSION = 1;

export type OutboxFileProblem = 'unreadable' | 'newer-version' | 'other-user' | 'damaged';

/** A file the outbox cannot take, and why (shown in the user's words by the outbox). */
export class OutboxFileError extends Error {
  constructor(readonly problem: OutboxFileProblem) {
    super(`The outbox file cannot be read: ${problem}`);
    this.name = 'OutboxFileError';
  }
}

const FilePart = v.strictObject({
  name: v.string(),
  kind: v.literal('file'),
  filename: v.string(),
  type: v.string(),
  size: v.pipe(v.number(), v.integer(), v.minValue(0)),
  sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  base64: v.string(),
});
const JsonPart = v.strictObject({ name: v.string(), kind: v.literal('json'), json: v.string() });

const FileItem = v.strictObject({
  id: v.pipe(v.string(), v.uuid()),
  kind: v.picklist(['documentation', 'accept', 'decline', 'pass', 'customs-read']),
  ticketId: v.pipe(v.number(), v.integer()),
  queuedAt: v.pipe(v.string(), v.isoTimestamp()),
  request: v.strictObject({
    method: v.picklist(['POST', 'PUT', 'PATCH', 'DELETE']),
    path: v.pipe(v.string(), v.startsWith('/')),
    headers: v.optional(v.record(v.string(), v.string())),
    json: v.optional(v.unknown()),
    parts: v.optional(v.array(v.union([FilePart, JsonPart]))),
  }),
  summary: v.optional(v.record(v.string(), v.nullable(v.union([v.string(), v.number(), v.boolean()])))),
  draft: v.optional(v.looseObject({ mode: v.picklist(['TRUCK', 'RAILCAR']) })),
});

const OutboxFile = v.object({
  format: v.literal(FORMAT),
  version: v.number(),
  userId: v.number(),
  exportedAt: v.string(),
  items: v.array(v.unknown()),
});

async function sha256(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Bytes as base64, through a data: URL: FileReader does it natively, without a string per byte. */
function toBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(blob);
  });
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The user's outbox as a file (JSON): items as queued, each file part with its size and SHA-256. */
export async function exportOutbox(userId: number): Promise<{ file: Blob; count: number }> {
  const items = await listItems(userId);
  const written = [];
  for (const item of items) {
    const parts = [];
    for (const part of item.request.parts ?? []) {
      if (part.kind === 'json') {
        parts.push(part);
        continue;
      }
      parts.push({
        name: part.name,
        kind: 'file' as const,
        filename: part.filename,
        type: part.blob.type,
        size: part.blob.size,
        sha256: await sha256(await part.blob.arrayBuffer()),
        base64: await toBase64(part.blob),
      });
    }
    written.push({
      id: item.id,
      kind: item.kind,
      ticketId: item.ticketId,
      queuedAt: item.queuedAt,
      request: { ...item.request, ...(item.request.parts ? { parts } : {}) },
      ...(item.summary ? { summary: item.summary } : {}),
      ...(item.draft ? { draft: item.draft } : {}),
    });
  }
  const file = { format: FORMAT, version: VERSION, userId, exportedAt: new Date().toISOString(), items: written };
  return { file: new Blob([JSON.stringify(file)], { type: 'application/json' }), count: written.length };
}

/** The file's items, every part checked, as outbox items of `userId`; throws OutboxFileError. */
export async function readOutboxFile(file: Blob, userId: number): Promise<OutboxItem[]> {
  let parsed: v.InferOutput<typeof OutboxFile>;
  try {
    parsed = v.parse(OutboxFile, JSON.parse(await file.text()));
  } catch {
    throw new OutboxFileError('unreadable');
  }
  if (parsed.version > VERSION) throw new OutboxFileError('newer-version');
  if (parsed.userId !== userId) throw new OutboxFileError('other-user');
  const items: OutboxItem[] = [];
  for (const raw of parsed.items) {
    const result = v.safeParse(FileItem, raw);
    if (!result.success) throw new OutboxFileError('unreadable');
    const item = result.output;
    let parts: OutboxPart[] | undefined;
    if (item.request.parts) {
      parts = [];
      for (const part of item.request.parts) {
        if (part.kind === 'json') {
          parts.push(part);
          continue;
        }
        let bytes: Uint8Array<ArrayBuffer>;
        try {
          bytes = fromBase64(part.base64);
        } catch {
          throw new OutboxFileError('damaged');
        }
        if (bytes.byteLength !== part.size || (await sha256(bytes.buffer)) !== part.sha256) {
          throw new OutboxFileError('damaged');
        }
        parts.push({
          name: part.name,
          kind: 'file',
          filename: part.filename,
          blob: new Blob([bytes], { type: part.type }),
        });
      }
    }
    items.push(
      makeItem({
        id: item.id,
        userId,
        kind: item.kind,
        ticketId: item.ticketId,
        queuedAt: item.queuedAt,
        request: { ...item.request, parts },
        summary: item.summary,
        draft: item.draft as OutboxItem['draft'],
      }),
    );
  }
  return items;
}

/**
 * Adds the items not already in the outbox, in order; answers how many were added and how many were
 * there. `onAdded` counts as it goes, so a device that fills up midway can say how many made it.
 */
export async function importOutbox(
  items: OutboxItem[],
  onAdded: () => void = () => undefined,
): Promise<{ added: number; alreadyHere: number }> {
  let added = 0;
  let alreadyHere = 0;
  for (const item of items) {
    if (await getItem(item.id)) {
      alreadyHere += 1;
      continue;
    }
    await putItem(item);
    added += 1;
    onAdded();
  }
  return { added, alreadyHere };
}
