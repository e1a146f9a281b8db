/**
 * Every route declares what it answers (http/route.ts): the OpenAPI document shows each JSON answer's
 * schema, and with CHECK_RESPONSES on (every server test runs so) an answer that strays from its schema
 * is a 500 naming the field, never a silent difference between the server and its clients.
 */
import Fastify from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpError } from '../../src/server/http/errors';
import { declaredRoutes, defineRoute, isOtherAnswer } from '../../src/server/http/route';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Operation {
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

describe('response schemas', () => {
  it('should show in the OpenAPI document what every declared route answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, Operation>> }>();
    const routes = declaredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(60);
    const missing: string[] = [];
    for (const route of routes) {
      const path = route.url.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}');
      const responses = doc.paths[path]?.[route.method.toLowerCase()]?.responses ?? {};
      const answer = Object.entries(responses).find(([status]) => /^2/i.test(status))?.[1];
      const shown = isOtherAnswer(route.response)
        ? answer?.description === route.response.other
        : answer?.content?.['application/json']?.schema !== undefined;
      if (!shown) missing.push(`${route.method} ${route.url}`);
    }
    expect(missing).toEqual([]);
    // The ticket's own fields, the newest included, are in the list's answer.
    const list = doc.paths['/tickets']!.get!.responses!;
    const page = Object.entries(list).find(([status]) => /^2/i.test(status))![1].content!['application/json']!
      .schema as { properties: { tickets: { items: { properties: Record<string, unknown> } } } };
    expect(Object.keys(page.properties.tickets.items.properties)).toEqual(
      expect.arrayContaining(['id', 'status', 'supplier', 'ticketAssignments', 'destinationNetWeight']),
    );
  });

  it('should answer 500 naming the field when an answer strays from its schema, and send it as written otherwise', async () => {
    const app = Fastify();
    app.decorate('config', { checkResponses: true } as never);
    // The portal's error handler answers an HttpError with its body (app.ts); this one does only that.
    app.setErrorHandler((error: HttpError, _request, reply) => reply.status(error.statusCode).send(error.toBody()));
    let answer: unknown = { id: 1, name: 'Yard 1' };
    await app.register(
      async (api) => {
        defineRoute(api)({
          method: 'GET',
          url: '/thing',
          access: 'public',
          response: v.strictObject({ id: v.number(), name: v.string() }),
          tags: ['test'],
          handler: async () => answer,
        });
      },
      { prefix: '/api' },
    );
    const ok = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: 1, name: 'Yard 1' });

    answer = { id: '1', name: 'Yard 1' };
    const wrongType = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(wrongType.statusCode).toBe(500);
    expect(wrongType.json()).toMatchObject({
      message: 'The answer of GET /api/thing does not match its declared schema',
      details: { id: expect.any(String) },
    });

    answer = { id: 1, name: 'Yard 1', extra: true };
    const extraField = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(extraField.statusCode).toBe(500);
    expect(extraField.json()).toMatchObject({ details: { extra: expect.any(String) } });
    await app.close();
  });
});
