/**
 * What one connection and one client may hold. Three rules, each a finding of the hardening sweep:
 *
 * - Every request body has a deadline: an upload `uploadTimeoutSeconds`, any other body (at most 1 MB
 *   of JSON, usually a few hundred bytes) `bodyTimeoutSeconds`. A body still arriving then is a held
 *   socket: the connection is cut. Thousands of sockets trickling a login body stayed open for minutes.
 * - An answer sent before its body was read (a refused upload, a 409 to a re-send in flight, a 429)
 *   leaves the rest of the body on the connection; unread, it blocks the next request on that
 *   connection, the phone's retry, until a reset a minute later. So the rest is read and dropped, up to
 *   DRAIN_MAX_BYTES and DRAIN_SECONDS; past either the connection is closed after the answer, our side
 *   first, reading on for a moment (`linger`) so the close cannot reset the answer away.
 * - One client address may hold `connectionsPerClient` connections; a new one past that is closed
 *   unanswered. The proxies TRUST_PROXY names carry many users and are not counted.
 */
import net from 'node:net';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The rest of a refused body read and dropped to keep its connection: a whole refused upload fits. */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
/** How long that reading may take; a slow phone is better served by a new connection than a wait. */
export const DRAIN_SECONDS = 10;
/** How long a closing connection still reads what the client sends after our side is shut. */
const LINGER_SECONDS = 2;

const isUpload = (request: FastifyRequest) => /^multipart\//i.test(request.headers['content-type'] ?? '');

const hasBody = (request: FastifyRequest) => {
  const { headers } = request.raw;
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
};

/**
 * Ends the connection without losing the answer already written: a socket closed while the client's
 * bytes sit unread sends a reset, and a client receiving it may drop the answer it has not read yet.
 * So our side is shut first (the client reads the answer, then end of stream), what still arrives is
 * read and dropped, and the socket goes once the client closes or after LINGER_SECONDS.
 */
function linger(socket: Socket): void {
  if (socket.destroyed) return;
  const timer = setTimeout(() => socket.destroy(), LINGER_SECONDS * 1000);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.end();
  socket.resume();
}

/** Reads and drops what is left of `request`'s body after its answer, within the bounds above. */
function drainAfterAnswer(request: FastifyRequest): void {
  const raw = request.raw;
  const socket = raw.socket;
  // Injected requests (light-my-request) have no real socket to keep or close.
  if (raw.complete || !(socket instanceof net.Socket) || socket.destroyed) return;
  // Whatever read the body (the upload parser) stopped; it must not get the rest, nor hold it back.
  raw.unpipe();
  let left = DRAIN_MAX_BYTES;
  const stop = () => {
    clearTimeout(timer);
    raw.removeListener('data', count);
    linger(socket);
  };
  const count = (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) stop();
  };
  const timer = setTimeout(stop, DRAIN_SECONDS * 1000);
  timer.unref();
  raw.on('data', count);
  raw.once('end', () => clearTimeout(timer));
  raw.once('error', () => clearTimeout(timer));
  raw.resume();
}

/** A client's address as counted: IPv4 peers of a dual-stack listener arrive as ::ffff:a.b.c.d. */
const clientAddress = (socket: Socket) => (socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.)/, '');

/** The TRUST_PROXY entries (addresses or CIDR ranges) as a set an address can be checked against. */
function proxyList(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = net.isIP(address);
    if (family === 0) continue;
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

export function guardConnections(app: FastifyInstance): void {
  const { uploadTimeoutSeconds, bodyTimeoutSeconds, connectionsPerClient, trustProxy } = app.config;

  app.addHook('onRequest', (request, _reply, done) => {
    // Injected requests (light-my-request) have no real socket to cut.
    if (hasBody(request) && !request.raw.complete && request.raw.socket instanceof net.Socket) {
      const seconds = isUpload(request) ? uploadTimeoutSeconds : bodyTimeoutSeconds;
      const timer = setTimeout(() => {
        if (request.raw.complete) return;
        request.log.info({ seconds }, 'request body still arriving after its deadline: connection cut');
        // Fails whatever reads the body (an upload removes the files it stored), then the socket goes.
        request.raw.destroy(new Error('The request body took too long'));
        request.raw.socket?.destroy();
      }, seconds * 1000);
      timer.unref();
      const clear = () => clearTimeout(timer);
      request.raw.once('end', clear);
      request.raw.once('close', clear);
    }
    done();
  });

  app.addHook('onResponse', (request, _reply, done) => {
    drainAfterAnswer(request);
    done();
  });

  const proxies = proxyList(trustProxy);
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = clientAddress(socket);
    const family = net.isIP(address);
    if (family !== 0 && proxies.check(address, family === 6 ? 'ipv6' : 'ipv4')) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > connectionsPerClient) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
