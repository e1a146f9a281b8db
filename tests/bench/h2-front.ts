/**
 * An HTTPS + HTTP/2 front for a portal process, as a phone reaches the portal in production (through a
 * TLS proxy that speaks HTTP/2): every request is passed on to the portal over HTTP/1.1 and its answer
 * (compressed bodies, headers) returned as it is. On HTTP/1.1 a browser fetches six files at a time
 * per origin, so the number of files weighs on a page's first paint; over HTTP/2 they share one
 * connection. The certificate is made for the run (openssl) and the browser told to accept it.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Headers HTTP/2 forbids or that describe the HTTP/1.1 connection itself. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

export async function startH2Front(target: string): Promise<{ base: string; spki: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'h2-front-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  // The certificate's public key hash: Chromium trusts it with --ignore-certificate-errors-spki-list.
  const publicKey = execFileSync('openssl', ['x509', '-in', cert, '-pubkey', '-noout']);
  const der = execFileSync('openssl', ['pkey', '-pubin', '-outform', 'der'], { input: publicKey });
  const spki = createHash('sha256').update(der).digest('base64');
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const server = http2.createSecureServer({ key: readFileSync(key), cert: readFileSync(cert) });
  server.on('stream', (stream, headers) => {
    const forwarded: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (!name.startsWith(':') && value !== undefined) forwarded[name] = value;
    }
    forwarded.host = upstream.host;
    const request = http.request(
      {
        agent,
        host: upstream.hostname,
        port: upstream.port,
        method: headers[':method'],
        path: headers[':path'],
        headers: forwarded,
      },
      (response) => {
        const answer: http2.OutgoingHttpHeaders = { ':status': response.statusCode ?? 502 };
        for (const [name, value] of Object.entries(response.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) answer[name] = value;
        }
        if (stream.destroyed) return response.resume();
        stream.respond(answer);
        response.pipe(stream);
      },
    );
    request.on('error', () => {
      if (!stream.destroyed && !stream.headersSent) stream.respond({ ':status': 502 });
      stream.end();
    });
    stream.on('error', () => request.destroy());
    stream.pipe(request);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `https://127.0.0.1:${port}`,
    spki,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
