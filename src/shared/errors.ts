/**
 * The error codes of the API's error bodies: a wire contract between server and client. Every error
 * body carries `code` beside the human `message`; the message keeps the spec's text (and may change
 * wording), the code does not. The client decides what happened from the code, never from the text.
 */

export const ERROR_CODES = {
  // One per HTTP status, for refusals the client has no specific reaction to.
  badRequest: 'bad_request',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  unprocessable: 'unprocessable',
  preconditionRequired: 'precondition_required',
  tooManyRequests: 'too_many_requests',
  notImplemented: 'not_implemented',
  internal: 'internal_error',
  error: 'error',
  // Refusals the client reacts to on their own.
  /** The first send with this Idempotency-Key is still running: the outbox retries soon. */
  idempotencyInProgress: 'idempotency_in_progress',
  /** The Idempotency-Key was used before with a different request. */
  idempotencyKeyReused: 'idempotency_key_reused',
  /** A supplier's (or admin's) invoice number is already taken. */
  duplicateInvoiceNumber: 'duplicate_invoice_number',
  /** A carrier's equipment id is already registered. */
  duplicateEquipmentId: 'duplicate_equipment_id',
  /** A depot with the same supplier, city and address exists. */
  duplicateDepot: 'duplicate_depot',
  /** Wrong user or password at sign-in. */
  incorrectLogin: 'incorrect_login',
  /** Sign-in or recovery needs a (fresh) captcha solution. */
  captchaRequired: 'captcha_required',
  /** A text holds a NUL or half a surrogate pair: no database column can store it. */
  unstorableText: 'unstorable_text',
  /** Another request moved the ticket on first (the message names the ticket and its status). */
  ticketChanged: 'ticket_changed',
  /** The ticket's status does not allow the action (the message names the status). */
  ticketStatus: 'ticket_status',
  /**
   * The delete rule offers another ticket of the same yard (role-views.ts deleteCandidates); the body's
   * `deletableTicketId` names it.
   */
  ticketNotDeletable: 'ticket_not_deletable',
  /** The device token is another user's, and only a sign-in on that device may take it. */
  deviceTokenTaken: 'device_token_taken',
  /** The server's disk or database is full: nothing was saved. */
  insufficientStorage: 'insufficient_storage',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

const BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  422: ERROR_CODES.unprocessable,
  428: ERROR_CODES.preconditionRequired,
  429: ERROR_CODES.tooManyRequests,
  501: ERROR_CODES.notImplemented,
};

/** The generic code of a status, for refusals without a specific one. */
export function errorCodeForStatus(status: number): ErrorCode {
  return BY_STATUS[status] ?? (status >= 500 ? ERROR_CODES.internal : ERROR_CODES.error);
}

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(ERROR_CODES));

/** The code of an error body as received (unknown shape), or undefined when it has none we know. */
export function errorCodeOf(body: unknown): ErrorCode | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'string' && KNOWN_CODES.has(code) ? (code as ErrorCode) : undefined;
}

/** The error body every failing call answers. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  code: ErrorCode;
  message: string;
  details?: Record<string, string>;
  /** With `ticket_not_deletable`: the ticket of the same yard the delete rule offers instead. */
  deletableTicketId?: number;
}
