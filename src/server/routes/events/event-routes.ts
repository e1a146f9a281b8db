/**
 * GET /api/events: the authenticated server-sent-events stream of ticket events (DESIGN.md section 7).
 * EventSource cannot send headers, so the token may come as `?token=` as well as in the Authorization
 * header; either way it is checked by app.authenticate itself. The route logs at warn level only, so
 * the token in the query never reaches the request log. The stream ends when the token expires; the
 * browser reconnects (after `retry`) and must then present a fresh token.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../../plugins/auth';

export const SSE_RETRY_MS = 5000;
export const SSE_PING_MS = 25_000;

/** Milliseconds until the (already verified) token's `exp`, if it has one. */
function msUntilExpiry(request: FastifyRequest): number | undefined {
  const token = request.headers.authorization?.slice('Bearer '.length).trim() ?? '';
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? Math.max(0, payload.exp * 1000 - Date.now()) : undefined;
  } catch {
    return undefined;
  }
}

export async function eventRoutes(app: FastifyInstance) {
  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Server-sent events: `event: ticket` with {eventId, type, title, ticketNumber, supplierName, carrierName, providerName?}',
        querystring: { type: 'object', properties: { token: { type: 'string' } } },
      },
      exposeHeadRoute: false,
      logLevel: 'warn',
      onRequest: async (request, reply) => {
        const { token } = request.query as { token?: unknown };
        if (!request.headers.authorization && typeof token === 'string' && token) {
          request.headers.authorization = `Bearer ${token}`;
        }
        await app.authenticate(request, reply);
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
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
      const close = () => {
        if (!open) return;
        open = false;
        clearInterval(ping);
        clearTimeout(expiry);
        remove();
        res.end();
      };
      const remove = app.eventHub.add(auth.id, {
        send: (frame) => {
          if (open) res.write(frame);
        },
        close,
      });
      const ping = setInterval(() => res.write(': ping\n\n'), SSE_PING_MS);
      const expiry = setTimeout(close, Math.min(expiresIn ?? 24 * 3600_000, 24 * 3600_000));
      res.on('close', close);
      res.on('error', close);
    },
  );
}
