/**
 * GET /api/events: the authenticated server-sent-events stream of ticket events.
 * EventSource cannot send headers, so the stream is opened with `?ticket=` from POST /api/events/ticket
 * (the session token sealed, valid STREAM_TICKET_SECONDS, good for this stream only) as well as with
 * the Authorization header; either way the session token is checked by app.authenticate itself. No
 * token travels in an address. The stream ends when the session token expires; the browser reconnects
 * (after `retry`) and must then present a fresh ticket.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { SESSION_ENDED_EVENT } from '../../../shared/domain/events';
import { defineRoute, EVENT_STREAM } from '../../http/route';
import { sessionOf, STREAM_TICKET_SECONDS } from '../../plugins/events';

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
    ticketInQuery: true,
    query: v.object({ ticket: v.optional(v.string()) }),
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

  defineRoute(app)({
    method: 'POST',
    url: '/events/ticket',
    access: 'signed-in',
    response: v.strictObject({ ticket: v.string(), expiresInSeconds: v.number() }),
    tags: ['events'],
    summary: 'A ticket that opens GET /api/events?ticket= for a few minutes (EventSource cannot send headers)',
    handler: async ({ request, reply }) => {
      reply.header('Cache-Control', 'no-store');
      const token = request.headers.authorization!.slice('Bearer '.length).trim();
      return { ticket: await app.streamTickets.seal({ token }), expiresInSeconds: STREAM_TICKET_SECONDS };
    },
  });
}
