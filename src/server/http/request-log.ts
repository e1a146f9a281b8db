/**
 * What a request leaves in the log. Every request has an id that ties its lines together across a
 * proxy and several processes: the caller's X-Request-Id when it is a plain token of up to 128
 * characters, else a new UUID; the answer carries it back in X-Request-Id. A signed-in request's lines
 * name its user (userId). A URL is logged with the values of its secret parameters replaced: a recovery
 * link's token and an event stream's session token were written to the info log in full.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';

const REQUEST_ID = /^[\w.:@-]{1,128}$/;

export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Query parameters whose values never reach a log line. */
const SECRET_PARAMETERS = /^(token|ticket|access_token|id_token|code|state|password|secret|key|captcha)$/i;

/** `url` with the values of its secret query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  let changed = false;
  for (const name of [...new Set(params.keys())]) {
    if (SECRET_PARAMETERS.test(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, query)}?${params.toString()}` : url;
}

/** pino's request serializer: Fastify's own fields, the URL redacted. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Names the signed-in user on every later line of this request (the completion line included). */
export function bindUser(request: FastifyRequest, userId: number): void {
  (request.log as { setBindings?: (bindings: Record<string, unknown>) => void }).setBindings?.({ userId });
}

/**
 * A failed query's error (drizzle's DrizzleQueryError) lists the query's parameters in its message: what
 * a user typed, a hash, an id. The log and the error tracker get the database's own error and the query
 * text instead, with the frames of the call that ran it (a stack's message lines are not frames, so the
 * parameters do not come back through them).
 */
export function withoutQueryParameters(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const cause = error.cause instanceof Error ? (error.cause as Error & { code?: unknown }) : undefined;
  const safe = new Error(`${cause?.message ?? 'The query failed'}\nFailed query: ${error.query}`) as Error & {
    code?: unknown;
  };
  // pg names its errors 'error' and PGlite's class name is minified: an error with a SQLSTATE is the
  // database's own, and is named so.
  const fromDatabase = typeof cause?.code === 'string' && /^[0-9A-Z]{5}$/.test(cause.code);
  safe.name = fromDatabase ? 'DatabaseError' : (cause?.name ?? 'DrizzleQueryError');
  if (cause?.code !== undefined) safe.code = cause.code;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join('\n');
  return safe;
}
