/**
 * Idempotency-Key on every authenticated POST/PUT/PATCH/DELETE under /api, as
 * hooks rather than per-route code: an onRoute hook appends a preHandler after each write route's own
 * authentication; that preHandler claims (user, key) with one INSERT ... ON CONFLICT before the handler
 * runs, and onSend stores the status code and JSON body (4xx included) or releases the key (5xx, thrown
 * errors, bodies that cannot be stored) so the client may retry.
 *
 * The request hash covers method, URL and body. A JSON body is hashed in canonical form (sorted keys);
 * a multipart body is hashed as its raw bytes with every occurrence of the boundary string removed, so
 * the browser's outbox re-sending the same FormData (a new boundary each time) hashes the same. Uploads
 * are streamed by the handlers, so the multipart hash is taken while the handler reads the body; a
 * replay of a finished key reads (and hashes) the body itself without running the handler.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../http/errors';
import { ERROR_CODES } from '../../shared/errors';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  findIdempotencyKey,
  releaseIdempotencyKey,
  type StoredIdempotency,
} from '../repositories/idempotency';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on a stored response played back for a repeated key. */
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still in progress';
export const REUSED_MESSAGE = 'Idempotency-Key reused with a different request';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** A replayed multipart body is only hashed, never stored; this bounds the work for a hostile sender. */
const MAX_REPLAY_BYTES = 64 * 1024 * 1024;

/** sha256 of a byte stream with every occurrence of `needle` left out, whatever the chunking. */
export class BoundaryFreeDigest {
  private readonly hash = createHash('sha256');
  private carry: Buffer = Buffer.alloc(0);
  private readonly needle: Buffer;
  bytes = 0;

  constructor(prefix: string, boundary: string) {
    this.hash.update(prefix);
    this.needle = Buffer.from(boundary, 'latin1');
  }

  update(chunk: Buffer): void {
    this.bytes += chunk.length;
    const data = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    let from = 0;
    for (let at = data.indexOf(this.needle, from); at >= 0; at = data.indexOf(this.needle, from)) {
      this.hash.update(data.subarray(from, at));
      from = at + this.needle.length;
    }
    // The tail could be the start of a boundary cut by the chunking: keep it for the next chunk.
    const keep = Math.min(this.needle.length - 1, data.length - from);
    this.hash.update(data.subarray(from, data.length - keep));
    this.carry = Buffer.from(data.subarray(data.length - keep));
  }

  digest(): string {
    this.hash.update(this.carry);
    this.carry = Buffer.alloc(0);
    return this.hash.digest('hex');
  }
}

/** Hashes the raw request body as it flows to whoever reads it (the handler or `drain`). */
class BodyTap {
  private result: string | undefined;
  private readonly ended: Promise<void>;
  private readonly onData = (chunk: Buffer) => this.digest.update(chunk);

  constructor(
    private readonly raw: IncomingMessage,
    private readonly digest: BoundaryFreeDigest,
  ) {
    this.ended = new Promise((resolve) => {
      raw.once('end', () => {
        this.result = this.digest.digest();
        resolve();
      });
    });
    raw.on('data', this.onData);
    // Listening alone would start the flow before the handler's parser is attached; its pipe resumes it.
    raw.pause();
  }

  /** The hash once the whole body went by; waits briefly for an end already on its way. */
  async settle(waitMs: number): Promise<string | undefined> {
    if (this.result === undefined && !this.raw.isPaused()) {
      await Promise.race([this.ended, new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
    }
    return this.result;
  }

  /**
   * Reads the rest of the body without a handler (a replay); undefined when it is too large. Not the
   * connection guard's drain (http/connection-guard.ts), which drops what is left after an answer: this
   * one reads the body before answering, because the replay's answer depends on the body's hash.
   */
  async drain(): Promise<string | undefined> {
    const tooLarge = new Promise<void>((resolve) => {
      const check = () => {
        if (this.digest.bytes > MAX_REPLAY_BYTES) {
          this.raw.off('data', check);
          resolve();
        }
      };
      this.raw.on('data', check);
    });
    this.raw.resume();
    await Promise.race([this.ended, tooLarge]);
    return this.result;
  }

  /**
   * Stops hashing and lets whatever is left of the body flow away. The tap paused the stream and listened
   * to it, so Node no longer discards an unread body by itself when the reply ends: a body left paused
   * (a 409 to a re-send whose first send still runs) would stall its keep-alive connection, and the next
   * request on it (the outbox's next try) would never be answered. Once resumed, the rest is the
   * connection guard's to bound (its byte and time limits apply after the answer).
   */
  detach(): void {
    this.raw.off('data', this.onData);
    if (!this.raw.readableEnded) this.raw.resume();
  }
}

interface Claim {
  userId: number;
  key: string;
  /** What the row holds while in flight: the request hash, or a unique placeholder for multipart. */
  claimHash: string;
  requestHash: string | undefined;
  tap: BodyTap | undefined;
  settled: boolean;
}

/** Canonical JSON: object keys sorted, so key order does not change the hash. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

function multipartBoundary(request: FastifyRequest): string | undefined {
  const type = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  return match?.[1] ?? match?.[2];
}

const NOT_STORABLE = Symbol('not storable');

/** The JSON body of a response as sent, null when empty, NOT_STORABLE for anything else (streams). */
function storableBody(payload: unknown, reply: FastifyReply): unknown {
  if (payload === undefined || payload === null || payload === '') return null;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return NOT_STORABLE;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!type.includes('json')) return NOT_STORABLE;
  try {
    return JSON.parse(payload.toString()) as unknown;
  } catch {
    return NOT_STORABLE;
  }
}

function replay(reply: FastifyReply, stored: StoredIdempotency): FastifyReply {
  reply.code(stored.statusCode ?? 200).header(REPLAYED_HEADER, 'true');
  if (stored.responseBody === null || stored.responseBody === undefined) return reply.send();
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(stored.responseBody));
}

async function registerIdempotency(app: FastifyInstance) {
  const claims = new WeakMap<FastifyRequest, Claim>();

  const claimKey: preHandlerAsyncHookHandler = async function (request, reply) {
    const header = request.headers[IDEMPOTENCY_HEADER];
    // Unauthenticated writes (sign-in, password recovery) have no user to keep the key for.
    if (header === undefined || !request.auth) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw new HttpError(400, 'Invalid Idempotency-Key', { idempotencyKey: 'Use 1 to 255 visible ASCII characters' });
    }
    const userId = request.auth.id;
    const prefix = `${request.method}\n${request.url}\n`;
    const boundary = multipartBoundary(request);
    const tap = boundary ? new BodyTap(request.raw, new BoundaryFreeDigest(prefix, boundary)) : undefined;
    const requestHash = tap
      ? undefined
      : createHash('sha256').update(prefix).update(canonicalJson(request.body)).digest('hex');
    const claimHash = requestHash ?? `pending:${randomUUID()}`;

    // Two rounds: a row seen in conflict may be released (5xx) before it is read.
    for (let round = 0; round < 2; round++) {
      if (await claimIdempotencyKey(app.db, userId, header, claimHash)) {
        claims.set(request, { userId, key: header, claimHash, requestHash, tap, settled: false });
        return;
      }
      const stored = await findIdempotencyKey(app.db, userId, header);
      if (!stored) continue;
      if (stored.state === 'in_flight') break;
      const hash = requestHash ?? (await tap!.drain());
      if (hash === undefined) throw new HttpError(413, 'Payload Too Large');
      if (hash !== stored.requestHash)
        throw new HttpError(422, REUSED_MESSAGE, undefined, { code: ERROR_CODES.idempotencyKeyReused });
      return replay(reply, stored);
    }
    tap?.detach();
    throw new HttpError(409, IN_PROGRESS_MESSAGE, undefined, { code: ERROR_CODES.idempotencyInProgress });
  };

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api/') || !methods.some((m) => WRITE_METHODS.has(m))) return;
    const own = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [...own, claimKey];
  });

  async function settle(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
    const claim = claims.get(request);
    if (!claim || claim.settled) return;
    claim.settled = true;
    const row = { userId: claim.userId, key: claim.key, claimHash: claim.claimHash };
    try {
      // A body the handler did not read to its end has no complete hash: give the key back.
      const requestHash = claim.requestHash ?? (await claim.tap?.settle(1000));
      const body = reply.statusCode < 500 && requestHash ? storableBody(payload, reply) : NOT_STORABLE;
      if (body === NOT_STORABLE || !requestHash) await releaseIdempotencyKey(app.db, row);
      else await completeIdempotencyKey(app.db, row, { requestHash, statusCode: reply.statusCode, body });
    } catch (error) {
      request.log.error({ err: error }, 'idempotency key not settled');
    } finally {
      claim.tap?.detach();
    }
  }

  app.addHook('onSend', async (request, reply, payload) => {
    await settle(request, reply, payload);
    return payload;
  });
  // A reply that never passed onSend (hijacked, aborted) must not keep its key in flight.
  app.addHook('onResponse', async (request, reply) => settle(request, reply, NOT_STORABLE));
}

export const idempotencyPlugin = fp(registerIdempotency, { name: 'idempotency', dependencies: ['database', 'auth'] });
