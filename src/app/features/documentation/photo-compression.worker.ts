/// <reference lib="webworker" />
/**
 * Compresses one photo off the main thread. browser-image-compression's own `useWebWorker` builds a
 * blob: worker that importScripts the library from a CDN, which the app's CSP (`script-src 'self'`)
 * refuses and which fails offline; this worker is a same-origin module bundled by Vite and precached,
 * and the library, running inside a worker, compresses with OffscreenCanvas.
 */
import imageCompression, { type Options } from 'browser-image-compression';

declare let self: DedicatedWorkerGlobalScope;

self.onmessage = async (event: MessageEvent<{ file: File; options: Options }>) => {
  try {
    const output = await imageCompression(event.data.file, { ...event.data.options, useWebWorker: false });
    self.postMessage({ ok: true, blob: output });
  } catch (error) {
    self.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
