/**
 * A TCP proxy on loopback in front of the e2e server that can cut one connection part-way through what
 * the browser sends (a request body being uploaded), as a phone losing its signal does, or lose the whole
 * link for a while (`offline()` … `online()`): every open connection drops and every new one is refused,
 * which is what a phone without signal sees, in any engine, whether or not the browser can be told it is
 * offline. Every other byte passes untouched in both directions.
 */
import net from 'node:net';

export interface CuttingProxy {
  url: string;
  /** Connections cut so far. */
  readonly cuts: number;
  /** Arms one cut: the next connection whose client has sent more than `bytes` is destroyed there. */
  cutAfter(bytes: number): void;
  /** Drops every open connection and refuses new ones until `online()`. */
  offline(): void;
  online(): void;
  close(): Promise<void>;
}

export async function launchCuttingProxy(targetPort: string | number): Promise<CuttingProxy> {
  let armedAt: number | null = null;
  let cuts = 0;
  let linkDown = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (linkDown) {
      // A reset rather than a hang: the browser learns at once that the server cannot be reached.
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(Number(targetPort), '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    let sent = 0;
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      if (armedAt !== null && sent + chunk.length > armedAt) {
        // Forward up to the limit, then drop both sides: the server sees a request body that stops.
        upstream.write(chunk.subarray(0, Math.max(0, armedAt - sent)), () => cut());
        armedAt = null;
        cuts += 1;
        return;
      }
      sent += chunk.length;
      if (!upstream.write(chunk)) client.pause();
    });
    upstream.on('drain', () => client.resume());
    upstream.on('data', (chunk: Buffer) => {
      if (!client.write(chunk)) upstream.pause();
    });
    client.on('drain', () => upstream.resume());
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
    client.on('error', cut);
    upstream.on('error', cut);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get cuts() {
      return cuts;
    },
    cutAfter(bytes: number) {
      armedAt = bytes;
    },
    offline() {
      linkDown = true;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    online() {
      linkDown = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
