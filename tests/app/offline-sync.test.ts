import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/app/offline/db';
import { getItem, listItems, makeItem, putItem } from '../../src/app/offline/outbox';
import type { OutboxItem } from '../../src/app/offline/outbox-types';
import { buildBody } from '../../src/app/offline/request';
import { backoffDelay, drainOutbox } from '../../src/app/offline/sync';
import { ERROR_CODES } from '../../src/shared/errors';

const NOW = Date.parse('2026-11-23T15:00:00Z');
const auth = { token: 'token-supplier1', userId: 3 };

type Answer = { status: number; body?: unknown } | 'network-error';

/** fetch answering from a queue; records method, path, headers and body of every call. */
function stubFetch(answers: Answer[]) {
  const calls: { method: string; path: string; headers: Headers; body: unknown }[] = [];
  const fake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      method: init?.method ?? 'GET',
      path: String(input),
      headers: new Headers(init?.headers),
      body: init?.body,
    });
    const answer = answers.shift() ?? { status: 200, body: {} };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fake);
  return calls;
}

async function queue(overrides: Partial<OutboxItem> = {}): Promise<OutboxItem> {
  const ticketId = overrides.ticketId ?? 12;
  const item = {
    ...makeItem({
      userId: auth.userId,
      kind: 'accept',
      ticketId,
      queuedAt: '2026-11-23T14:00:00.000Z',
      request: {
        method: 'PUT',
        path: `/tickets/${ticketId}/confirm`,
        json: { ticket: { withdrawalDate: '2026-11-24T15:00:00.000Z', timezone: 0 } },
        headers: { 'X-Queued-At': '2026-11-23T14:00:00.000Z' },
      },
    }),
    ...overrides,
  };
  await putItem(item);
  return item;
}

const drain = (onOutcome = vi.fn()) => drainOutbox({ auth: () => auth, now: () => NOW, onOutcome });

beforeEach(async () => {
  await db.outbox.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('outbox sync', () => {
  it('should send an item with its Idempotency-Key and X-Queued-At and remove it on 2xx', async () => {
    const item = await queue();
    const calls = stubFetch([{ status: 200, body: { ticket: { id: 12 } } }]);
    const onOutcome = vi.fn();
    const summary = await drain(onOutcome);
    expect(summary).toMatchObject({ sent: 1, waiting: 0 });
    expect(calls[0]?.path).toBe('/api/tickets/12/confirm');
    expect(calls[0]?.headers.get('Idempotency-Key')).toBe(item.id);
    expect(calls[0]?.headers.get('X-Queued-At')).toBe('2026-11-23T14:00:00.000Z');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-supplier1');
    expect(onOutcome).toHaveBeenCalledWith(expect.objectContaining({ type: 'sent' }));
    expect(await listItems(auth.userId)).toEqual([]);
  });

  it("should keep a refused item with the server's message and go on with the next one", async () => {
    const refused = await queue({ queuedAt: '2026-11-23T14:00:00.000Z' });
    await queue({ queuedAt: '2026-11-23T14:05:00.000Z', ticketId: 13 });
    stubFetch([
      {
        status: 422,
        body: { statusCode: 422, error: 'Unprocessable Entity', message: 'Withdrawal date must be a weekday' },
      },
      { status: 200, body: {} },
    ]);
    const summary = await drain();
    expect(summary).toMatchObject({ sent: 1, refused: 1, waiting: 0 });
    const kept = await getItem(refused.id);
    expect(kept).toMatchObject({
      state: 'refused',
      lastStatus: 422,
      lastError: 'Withdrawal date must be a weekday',
      attempts: 1,
    });
    // A refused item is not sent again by itself.
    const calls = stubFetch([]);
    await drain();
    expect(calls).toHaveLength(0);
  });

  it('should retry an item whose first send is still in progress on the server', async () => {
    const item = await queue();
    stubFetch([
      {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          code: ERROR_CODES.idempotencyInProgress,
          message: 'A request with this Idempotency-Key is still in progress',
        },
      },
    ]);
    const summary = await drain();
    expect(summary.waiting).toBe(1);
    const waiting = await getItem(item.id);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1 });
    expect(waiting!.nextAttemptAt).toBeGreaterThan(NOW);
    expect(waiting!.nextAttemptAt - NOW).toBeLessThanOrEqual(5_000);
    const calls = stubFetch([{ status: 201, body: {} }]);
    await drainOutbox({ auth: () => auth, now: () => waiting!.nextAttemptAt });
    expect(calls[0]?.headers.get('Idempotency-Key')).toBe(item.id);
    expect(await getItem(item.id)).toBeUndefined();
  });

  it('should back off after a network error, keep the same key and stop the run', async () => {
    const first = await queue({ queuedAt: '2026-11-23T14:00:00.000Z' });
    await queue({ queuedAt: '2026-11-23T14:05:00.000Z', ticketId: 13 });
    const calls = stubFetch(['network-error']);
    const summary = await drain();
    expect(summary).toMatchObject({ offline: true, sent: 0, waiting: 2 });
    expect(calls).toHaveLength(1);
    const waiting = await getItem(first.id);
    expect(waiting).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: 'No connection to the server',
      nextAttemptAt: NOW + backoffDelay(1),
    });
    // Not before its backoff, and the newer item waits behind it (replays keep their order)…
    const none = stubFetch([]);
    await drainOutbox({ auth: () => auth, now: () => NOW + 1000 });
    expect(none).toEqual([]);
    // …then with the same key, and the newer one after it.
    const again = stubFetch([
      { status: 200, body: {} },
      { status: 200, body: {} },
    ]);
    await drainOutbox({ auth: () => auth, now: () => NOW + backoffDelay(1) });
    expect(again.map((call) => call.path)).toEqual(['/api/tickets/12/confirm', '/api/tickets/13/confirm']);
    expect(again[0]?.headers.get('Idempotency-Key')).toBe(first.id);
    expect(backoffDelay(2)).toBe(2 * backoffDelay(1));
    expect(backoffDelay(50)).toBe(10 * 60_000);
  });

  it('should keep the item when the session is over and send it once its user signs in again', async () => {
    const item = await queue();
    stubFetch([{ status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' } }]);
    const summary = await drain();
    expect(summary.unauthorized).toBe(true);
    expect(await getItem(item.id)).toMatchObject({ state: 'pending' });
    // Nobody signed in: nothing is sent; another user: not theirs.
    const calls = stubFetch([]);
    await drainOutbox({ auth: () => null });
    await drainOutbox({ auth: () => ({ token: 'token-carrier1', userId: 4 }) });
    expect(calls).toHaveLength(0);
    stubFetch([{ status: 200, body: {} }]);
    await drain();
    expect(await getItem(item.id)).toBeUndefined();
  });

  it('should build a multipart body with its files in the stored order, the JSON part last', async () => {
    const { body } = buildBody({
      method: 'POST',
      path: '/trucks-documentation',
      parts: [
        {
          kind: 'file',
          name: 'files[]',
          blob: new Blob(['%PDF-1.4 a'], { type: 'application/pdf' }),
          filename: 'invoice.pdf',
        },
        { kind: 'file', name: 'files[]', blob: new Blob(['png'], { type: 'image/png' }), filename: 'photo.png' },
        { kind: 'json', name: 'truckDocumentation', json: '{"ticketId":12}' },
      ],
    });
    const form = body as FormData;
    expect((form.getAll('files[]') as File[]).map((file) => file.name)).toEqual(['invoice.pdf', 'photo.png']);
    expect([...form.keys()]).toEqual(['files[]', 'files[]', 'truckDocumentation']);
    expect(await (form.get('truckDocumentation') as Blob).text()).toBe('{"ticketId":12}');
  });
});
