import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let port: number;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ config: { uploadTimeoutSeconds: 1 } });
  token = await t.login('supplier1');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.close();
});

describe('multipart uploads', () => {
  it('should cut an upload whose body trickles in longer than the configured time', async () => {
    const socket = net.connect(port, '127.0.0.1');
    const closed = new Promise<string>((resolve) => {
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(received));
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const boundary = 'trickle-boundary';
    socket.write(
      [
        'POST /api/trucks-documentation HTTP/1.1',
        'Host: 127.0.0.1',
        `Authorization: Bearer ${token}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        'Content-Length: 10000000',
        '',
        `--${boundary}`,
        'Content-Disposition: form-data; name="files[]"; filename="slow.pdf"',
        'Content-Type: application/pdf',
        '',
        '%PDF-1.4 ',
      ].join('\r\n'),
    );
    // The client keeps the request open (sending nothing more); the server ends it, not the client.
    try {
      const received = await closed;
      // Nothing was accepted: either no answer at all or a refusal.
      expect(received).not.toMatch(/^HTTP\/1\.1 2/);
    } finally {
      socket.destroy();
    }
  });
});
