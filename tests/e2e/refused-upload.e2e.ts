/**
 * A phone's retry after a refused upload, in the browser: the refusal is read whole (status and
 * message, not a network error), and the next requests on the origin are answered. The server used to
 * leave the refused body's rest unread on the keep-alive connection, and Chromium's next fetch on it
 * hung until a reset more than a minute later.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { PHONE, baseUrl, launch } from './support/browser';
import { apiLogin } from './support/api';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('after a refused upload', () => {
  it('should read the refusal and answer the retries that follow on the same origin', async () => {
    const { token } = await apiLogin('supplier1');
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: PHONE, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/favicon.svg');
    const answers = await page.evaluate(async (bearer) => {
      const headers = { Authorization: `Bearer ${bearer}` };
      const upload = (size: number) => {
        const bytes = new Uint8Array(size);
        bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
        const form = new FormData();
        form.append('files[]', new Blob([bytes], { type: 'application/pdf' }), 'scan.pdf');
        return fetch('/api/trucks-documentation', { method: 'POST', headers, body: form });
      };
      const seen: string[] = [];
      // A 6 MB PDF where a supplier may send 2 MB (its rest is read and dropped, the connection kept),
      // then 30 MB (too much left to read: the connection is closed after the answer, which must still
      // arrive whole). Each followed by requests that a blocked connection would meet.
      for (const size of [6_000_000, 30_000_000]) {
        const refused = await upload(size);
        seen.push(`${refused.status} ${((await refused.json()) as { message: string }).message}`);
        for (let i = 0; i < 6; i++) {
          const next = await fetch('/api/tickets/count/states', { headers });
          seen.push(String(next.status));
        }
      }
      return seen;
    }, token);
    const refusal = answers[0]!;
    // Read as an answer both times, never as a network error.
    expect(refusal).toMatch(/^413 \S/);
    expect(answers).toEqual([refusal, ...Array(6).fill('200'), refusal, ...Array(6).fill('200')]);
    await context.close();
  });
});
