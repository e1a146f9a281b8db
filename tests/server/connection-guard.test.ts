/**
 * What a connection may hold (http/connection-guard.ts), seen on raw sockets as a client sees the wire:
 * - an answer sent before the request's body was read (a refused upload, a 401, a 413) leaves the
 *   connection usable: the rest of the body is read and dropped, or the connection is closed after the
 *   answer; otherwise the next request on it (a phone's retry) waits for an answer that never comes;
 * - a body that trickles in past its deadline is cut, on public routes too;
 * - one address holds a bounded number of connections.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonPart, multipart, pdf } from '../fixtures/files';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let port: number;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ config: { bodyTimeoutSeconds: 1, connectionsPerClient: 8, loginRateLimit: 1 } });
  token = await t.login('supplier1');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.close();
});

/** The server's open connections, as Node counts them. */
const openConnections = () =>
  new Promise<number>((resolve, reject) =>
    t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A client on one socket: sends whole requests (their bodies queued in full, as a client writing its
 * upload does), and reads answers one after the other. `next()` resolves with the next answer, or with
 * null when the server closed the connection first.
 */
function rawClient(options: { localAddress?: string } = {}) {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: options.localAddress });
  socket.on('error', () => undefined);
  let buffered = Buffer.alloc(0);
  let closed = false;
  let wake: () => void = () => undefined;
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  const parse = (): Answer | null => {
    const end = buffered.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const [statusLine, ...lines] = buffered.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (buffered.length < end + 4 + length) return null;
    const body = buffered.subarray(end + 4, end + 4 + length).toString('utf8');
    buffered = buffered.subarray(end + 4 + length);
    return { status: Number(statusLine!.split(' ')[1]), headers, body };
  };
  return {
    socket,
    connected: new Promise<void>((resolve) => socket.once('connect', () => resolve())),
    send(head: string[], body: Buffer = Buffer.alloc(0)) {
      socket.write([...head, '', ''].join('\r\n'));
      if (body.length > 0) socket.write(body);
    },
    async next(): Promise<Answer | null> {
      for (;;) {
        const answer = parse();
        if (answer) return answer;
        if (closed) return null;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    /** Resolves once the server has closed the connection. */
    closed: new Promise<void>((resolve) => socket.once('close', () => resolve())),
  };
}

const health = ['GET /api/health HTTP/1.1', 'Host: 127.0.0.1'];

/** After the answer to a refused request: the same connection answers the next request, or was closed. */
async function nextRequestGoesThrough(client: ReturnType<typeof rawClient>, refused: Answer) {
  if (refused.headers.connection === 'close') {
    // Told to open a new connection: the server must close this one (not leave it hanging).
    await client.closed;
    const again = rawClient();
    await again.connected;
    again.send(health);
    expect((await again.next())?.status).toBe(200);
    again.socket.destroy();
    return;
  }
  client.send(health);
  const next = await client.next();
  expect(next?.status).toBe(200);
}

/** Sends a whole POST on `client`: the request line, Host, the bearer when given, the body's type and length. */
function post(
  client: ReturnType<typeof rawClient>,
  url: string,
  body: { payload: Buffer; contentType: string },
  bearerToken?: string,
) {
  client.send(
    [
      `POST ${url} HTTP/1.1`,
      'Host: 127.0.0.1',
      ...(bearerToken ? [`Authorization: Bearer ${bearerToken}`] : []),
      `Content-Type: ${body.contentType}`,
      `Content-Length: ${body.payload.length}`,
    ],
    body.payload,
  );
}

/** A multipart upload of one PDF of `size` bytes, as `post` sends it. */
const pdfUpload = (size: number) => {
  const { payload, headers } = multipart([
    { name: 'files[]', filename: 'scan.pdf', contentType: 'application/pdf', data: pdf(size) },
    jsonPart('truckDocumentation', { ticketId: 1 }),
  ]);
  return { payload, contentType: headers['content-type']! };
};

describe('an answer sent before the body was read', () => {
  it('should read and drop the rest of a too-big upload, so the retry on the same connection is answered', async () => {
    // A 5 MB PDF where suppliers may send 2 MB: refused as soon as the limit is passed.
    const client = rawClient();
    await client.connected;
    try {
      post(client, '/api/trucks-documentation', pdfUpload(5_000_000), token);
      const refused = await client.next();
      expect(refused?.status).toBe(413);
      await nextRequestGoesThrough(client, refused!);
    } finally {
      client.socket.destroy();
    }
  });

  it('should close the connection after the answer when the rest is too big to read, the answer intact', async () => {
    // 40 MB where 2 MB are allowed: more is left than is worth reading, so the server closes the
    // connection after its answer; the client must still get the whole 413, not a reset.
    const client = rawClient();
    await client.connected;
    try {
      post(client, '/api/trucks-documentation', pdfUpload(40_000_000), token);
      const refused = await client.next();
      expect(refused?.status).toBe(413);
      expect(JSON.parse(refused!.body)).toMatchObject({ message: expect.any(String) });
      // Closed by the server (the test never ends it), not left open for a next request.
      await client.closed;
    } finally {
      client.socket.destroy();
    }
  });

  it('should leave the connection usable after refusing an upload without a token', async () => {
    const client = rawClient();
    await client.connected;
    try {
      post(client, '/api/trucks-documentation', pdfUpload(5_000_000));
      const refused = await client.next();
      expect(refused?.status).toBe(401);
      await nextRequestGoesThrough(client, refused!);
    } finally {
      client.socket.destroy();
    }
  });

  it('should leave the connection usable after refusing a JSON body over the size limit', async () => {
    const payload = Buffer.from(JSON.stringify({ materialDescription: 'x'.repeat(5_000_000) }));
    const client = rawClient();
    await client.connected;
    try {
      post(client, '/api/tickets', { payload, contentType: 'application/json' }, token);
      const refused = await client.next();
      expect(refused?.status).toBe(413);
      await nextRequestGoesThrough(client, refused!);
    } finally {
      client.socket.destroy();
    }
  });
});

describe('a body that trickles in', () => {
  it('should cut a login body still arriving after its deadline, answered or not', async () => {
    // Six clients each send the start of a login body and then nothing. The rate limit (one attempt)
    // may refuse some before their body is read; the others wait for a body that never comes. Either
    // way every socket must be closed by the server, not held.
    const clients = Array.from({ length: 6 }, () => rawClient());
    await Promise.all(clients.map((client) => client.connected));
    await expect.poll(openConnections).toBe(6);
    const body = JSON.stringify({ username: 'supplier1', password: 'not the password' });
    for (const client of clients) {
      client.send(
        [
          'POST /api/auth/login HTTP/1.1',
          'Host: 127.0.0.1',
          'Content-Type: application/json',
          `Content-Length: ${body.length}`,
        ],
        Buffer.from(body.slice(0, 10)),
      );
    }
    try {
      await Promise.all(clients.map((client) => client.closed));
      for (const client of clients) {
        const answer = await client.next();
        // Nothing was accepted: no answer, or a refusal.
        expect(answer === null || answer.status >= 400).toBe(true);
      }
      await expect.poll(openConnections).toBe(0);
    } finally {
      for (const client of clients) client.socket.destroy();
    }
  });
});

describe('connections per client', () => {
  it("should close an address's connections past its limit and answer another address", async () => {
    const held = Array.from({ length: 8 }, () => rawClient());
    await Promise.all(held.map((client) => client.connected));
    const over = rawClient();
    const other = rawClient({ localAddress: '127.0.0.2' });
    try {
      await over.connected;
      over.send(health);
      // The ninth connection from 127.0.0.1 is closed without an answer.
      expect(await over.next()).toBeNull();
      // Another address is not held back by the first one's connections.
      await other.connected;
      other.send(health);
      expect((await other.next())?.status).toBe(200);
      // Each held connection still works, and a freed place can be taken again.
      held[0]!.send(health);
      expect((await held[0]!.next())?.status).toBe(200);
      held[0]!.socket.destroy();
      await expect.poll(openConnections).toBe(8);
      const again = rawClient();
      await again.connected;
      again.send(health);
      expect((await again.next())?.status).toBe(200);
      again.socket.destroy();
    } finally {
      for (const client of [...held, over, other]) client.socket.destroy();
    }
  });
});
