/**
 * Compressed answers (decision http/0005). An answer written whole (JSON, the pre-written JsonText
 * lists, other text) of at least COMPRESS_FROM_BYTES goes brotli or gzip as the request's
 * Accept-Encoding prefers, with `Vary: Accept-Encoding`. Streams are never touched: the event stream is
 * hijacked and never reaches onSend, and files and exports (PDF, photos, zip, xlsx) are streamed and
 * already compressed. An answer that already has a Content-Encoding (the precompressed pages) is left
 * as it is.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Below this a body fits a packet or two anyway, and gzip's own framing eats most of the gain. */
export const COMPRESS_FROM_BYTES = 1024;
/**
 * Brotli's default, 11, took 50 ms for a 46 kB ticket page, on every request. 4 took 0.23 ms, as long as
 * gzip's default level (0.21 ms), for a body 24% smaller than gzip's; 5 is 10% smaller again for 1.6
 * times 4's time.
 */
export const BROTLI_QUALITY = 4;

export type Encoding = 'br' | 'gzip';

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body),
};

/** Text worth compressing; text/event-stream never is (each event must go out when written). */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:json|xml|javascript|[\w.-]+\+(?:json|xml))\b)/i;

/**
 * The encoding to answer with for an Accept-Encoding header (RFC 9110 12.5.3), or undefined for none.
 * Brotli and gzip weigh what the header gives them (by name, or by `*`, else 0); the heavier wins, brotli
 * on a tie. Identity is always acceptable but competes only when the header weighs it (by name or by
 * `*`): `gzip;q=0.5, identity` answers plain, `gzip;q=0.5` answers gzip. No header: plain.
 * A header refusing every encoding, identity included, still gets a plain answer rather than a 406.
 */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const q = /^q\s*=\s*([01](?:\.\d{0,3})?)$/.exec(param);
      if (q) weight = Math.min(1, Number(q[1]));
      else if (/^q\s*=/.test(param)) weight = NaN;
    }
    // A malformed weight drops its entry rather than guessing what was meant.
    if (Number.isNaN(weight)) continue;
    weights.set(name === 'x-gzip' ? 'gzip' : name, weight);
  }
  const star = weights.get('*');
  const br = weights.get('br') ?? star ?? 0;
  const gz = weights.get('gzip') ?? star ?? 0;
  const best: Encoding = br >= gz ? 'br' : 'gzip';
  const bestWeight = Math.max(br, gz);
  if (bestWeight === 0) return undefined;
  const identity = weights.get('identity') ?? star;
  return identity !== undefined && identity > bestWeight ? undefined : best;
}

/** Adds Accept-Encoding to the answer's Vary, keeping what is there. */
function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept-encoding')) return;
  void reply.header('vary', [...names, 'Accept-Encoding'].join(', '));
}

/**
 * Compresses eligible answers in onSend. Registered after the idempotency plugin, whose onSend stores
 * the JSON as written: a replay goes through here again and is compressed as the client asks then.
 */
export function compressAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.statusCode === 204 || reply.statusCode === 304 || reply.hasHeader('content-encoding')) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_FROM_BYTES) return payload;
    varyOnEncoding(reply);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed = await compressors[encoding](body);
    // Fastify sets the Content-Length of what it is given; a HEAD answer keeps the one GET would send.
    reply.removeHeader('content-length');
    void reply.header('content-encoding', encoding);
    return compressed;
  });
}
