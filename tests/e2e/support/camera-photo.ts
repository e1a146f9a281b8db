/**
 * A phone camera's photo for browser tests and benchmarks: a 12-megapixel JPEG drawn in the page itself
 * (Chromium encodes it), and the sizes of the photos a queued outbox item holds in IndexedDB.
 */
import type { Page } from 'playwright-core';

/** A 12 MP "camera" JPEG drawn in the page: gradients, shapes and sensor-like noise. */
export async function twelveMegapixelJpeg(page: Page, seed: number): Promise<Buffer> {
  // A string, not a function: tsx's name helpers do not exist in the page.
  const base64 = await page.evaluate<string>(`(async (s) => {
    const canvas = new OffscreenCanvas(4032, 3024);
    const ctx = canvas.getContext('2d');
    const sky = ctx.createLinearGradient(0, 0, 0, 3024);
    sky.addColorStop(0, '#7da7d9');
    sky.addColorStop(0.55, '#d9e4ef');
    sky.addColorStop(0.56, '#6b5b4b');
    sky.addColorStop(1, '#3b3026');
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, 4032, 3024);
    let x = s;
    const rand = () => ((x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff);
    for (let i = 0; i < 600; i++) {
      ctx.fillStyle = \`hsl(\${Math.floor(rand() * 40)}, \${20 + rand() * 40}%, \${20 + rand() * 50}%)\`;
      ctx.beginPath();
      ctx.ellipse(rand() * 4032, 1700 + rand() * 1300, 20 + rand() * 220, 10 + rand() * 120, rand() * 3, 0, Math.PI * 2);
      ctx.fill();
    }
    const image = ctx.getImageData(0, 0, 4032, 3024);
    for (let i = 0; i < image.data.length; i += 4) {
      const n = (rand() - 0.5) * 24;
      image.data[i] = image.data[i] + n;
      image.data[i + 1] = image.data[i + 1] + n;
      image.data[i + 2] = image.data[i + 2] + n;
    }
    ctx.putImageData(image, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  })(${seed})`);
  return Buffer.from(base64, 'base64');
}

/**
 * Sizes of the photo parts of the user's queued outbox item, read from IndexedDB: Blobs, or bytes where the
 * browser refuses Blobs there (src/app/offline/outbox.ts).
 */
export function queuedPhotoSizes(page: Page): Promise<number[]> {
  return page.evaluate<number[]>(QUEUED_PHOTO_SIZES);
}

/** The same as an expression any engine's page evaluates (tests/e2e/support/field). */
export const QUEUED_PHOTO_SIZES = `new Promise((resolve, reject) => {
    const open = indexedDB.open('scrap-portal-offline');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const request = open.result.transaction('outbox').objectStore('outbox').getAll();
      request.onsuccess = () => resolve(request.result.flatMap((item) =>
        item.request.parts
          .filter((p) => (p.kind === 'file' || p.kind === 'bytes') && p.filename && p.filename.endsWith('.jpg'))
          .map((p) => (p.kind === 'bytes' ? p.bytes.byteLength : p.blob.size))));
    };
  })`;
