/**
 * What the outbox keeps for one write. The request is stored as it will be
 * sent, so the page and the service worker replay it the same way; `draft` keeps what a form needs to
 * reopen a documentation item.
 */
export type OutboxKind = 'documentation' | 'accept' | 'decline' | 'pass' | 'customs-read';

/**
 * pending: waits for its turn (or for `nextAttemptAt`); refused: the server said no, the user fixes or
 * discards it; editing: open in a form, not sent until saved again (or the form is left).
 */
export type OutboxState = 'pending' | 'refused' | 'editing';

export type OutboxPart =
  { name: string; kind: 'file'; blob: Blob; filename: string } | { name: string; kind: 'json'; json: string };

/**
 * A file part as IndexedDB holds it where the browser refuses Blobs there (WebKit's private windows): its
 * bytes. db.ts turns it back into an OutboxPart as it is read, so nothing else sees this form.
 */
export interface StoredBytesPart {
  name: string;
  kind: 'bytes';
  bytes: ArrayBuffer;
  type: string;
  filename: string;
}

export interface OutboxRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under /api, e.g. `/tickets/12/confirm`. */
  path: string;
  headers?: Record<string, string>;
  json?: unknown;
  parts?: OutboxPart[];
}

/** A documentation item as its form reopens it. `fileSlots[i]` names the i-th file part. */
export interface DocumentationDraft {
  mode: 'TRUCK' | 'RAILCAR';
  /** The documentation id when the item updates one. */
  docId?: number | undefined;
  /** The ticket in navigation state when the item edits a ticket's documentation. */
  editTicket?: unknown;
  /** The form values without the files (plain JSON). */
  values: Record<string, unknown>;
  fileSlots: string[];
}

export interface OutboxItem {
  /** UUID, sent as the Idempotency-Key. */
  id: string;
  userId: number;
  kind: OutboxKind;
  ticketId: number;
  /** ISO instant the user submitted it (sent as X-Queued-At on an accept). */
  queuedAt: string;
  attempts: number;
  state: OutboxState;
  /** State to go back to when a form opened for editing is left without saving. */
  stateBeforeEdit?: OutboxState | undefined;
  /** The server's message (English, translated when shown) or the network failure. */
  lastError?: string | undefined;
  /** The code of the server's refusal (src/shared/errors.ts), which decides how it is explained. */
  lastCode?: string | undefined;
  lastStatus?: number | undefined;
  /** Epoch ms before which the item is not retried (backoff). */
  nextAttemptAt: number;
  request: OutboxRequest;
  /** A short description for the list, e.g. the withdrawal date of an accept. */
  summary?: Record<string, string | number | boolean | null> | undefined;
  draft?: DocumentationDraft | undefined;
  /**
   * The browser refused the files as Blobs and holds their bytes (outbox.ts, putItem): as WebKit's private
   * windows do, which keep nothing once closed. The outbox says so while the item waits.
   */
  filesAsBytes?: true | undefined;
}

/**
 * A ticket's first documentation waiting in the outbox (or refused there): the ticket is not offered
 * for loading again until it is sent or discarded, since a second copy could only be refused.
 */
export const isQueuedDocumentation = (item: Pick<OutboxItem, 'kind' | 'draft'>): boolean =>
  item.kind === 'documentation' && item.draft?.docId === undefined;
