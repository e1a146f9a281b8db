/**
 * GET /api/events: the authenticated server-sent-events stream of ticket events.
 * EventSource cannot send headers, so the token may come as `?token=` as well as in the Authorization
 * header; either way it is checked by app.authenticate itself. The route logs at warn level only, so
 * the token in the query never reaches the request log. The stream ends when the token expires; the
 * browser reconnects (after `retry`) and must then present a fresh token.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { SESSION_ENDED_EVENT } from '../../../shared/domain/events';
import { defineRoute, EVENT_STREAM } from '../../http/route';
import { sessionOf } from '../../plugins/events';

export const SSE_RETRY_MS = 5000;
export const SSE_PING_MS = 25_000;

/** Milliseconds until the (already verified) token's `exp`, if it has one. */
function msUntilExpiry(request: FastifyRequest): number | undefined {
  const token = request.headers.authorization?.slice('Bearer '.length).trim() ?? '';
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? Math.max(0, payload.exp * 1000 - Date.now()) : undefined;
  } catch {
    return undefined;
  }
}

export async function eventRoutes(app: FastifyInstance) {
  defineRoute(app)({
    method: 'GET',
    url: '/events',
    access: 'signed-in',
    tokenInQuery: true,
    query: v.object({ token: v.optional(v.string()) }),
    response: EVENT_STREAM,
    tags: ['events'],
    summary:
      'Server-sent events: `event: ticket` with {eventId, type, title, ticketNumber, supplierName, carrierName, providerName?}',
    exposeHeadRoute: false,
    logLevel: 'warn',
    handler: async ({ user, request, reply }) => {
      const expiresIn = msUntilExpiry(request);
      reply.hijack();
      const res = reply.raw;
      // Headers set earlier on the raw response (helmet's) are kept by writeHead.
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.write(`retry: ${SSE_RETRY_MS}\n: connected\n\n`);

      let open = true;
      const close = (reason?: 'session-ended') => {
        if (!open) return;
        open = false;
        if (reason === 'session-ended') res.write(`event: ${SESSION_ENDED_EVENT}\ndata: {}\n\n`);
        clearInterval(ping);
        clearTimeout(expiry);
        remove();
        res.end();
      };
      const remove = app.eventHub.add(user.id, {
        send: (frame) => {
          if (open) res.write(frame);
        },
        close,
        tokenVersion: user.tokenVersion,
        session: sessionOf(request),
      });
      const ping = setInterval(() => res.write(': ping\n\n'), SSE_PING_MS);
      const expiry = setTimeout(() => close(), Math.min(expiresIn ?? 24 * 3600_000, 24 * 3600_000));
      res.on('close', () => close());
      res.on('error', () => close());
    },
  });
}
