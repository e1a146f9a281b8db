/**
 * Route options for a JSON body wrapped in its object name (`{contract: {...}}`, `{depot: {...}}`):
 * params first (a malformed id answers 404), then the query, then the inner object, validated on its own
 * so that `details` name the form's fields (`price`, not `contract.price`). The documented body is the
 * wrapper.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import * as v from 'valibot';
import { parseOrThrow, withSchemas } from './validate';

interface WrappedRoute {
  params?: v.GenericSchema;
  query?: v.GenericSchema;
  body?: { name: string; schema: v.GenericSchema };
  tags: string[];
}

function doc(schema: v.GenericSchema): Record<string, unknown> {
  try {
    return toJsonSchema(schema, { errorMode: 'ignore' }) as Record<string, unknown>;
  } catch {
    return { type: 'object' };
  }
}

export function wrappedRoute(route: WrappedRoute): Pick<RouteShorthandOptions, 'schema' | 'preValidation'> {
  const base = withSchemas({ params: route.params, query: route.query, tags: route.tags });
  const body = route.body;
  if (!body) return base;
  return {
    schema: { ...(base.schema as Record<string, unknown>), body: doc(v.object({ [body.name]: body.schema })) },
    preValidation: async (request: FastifyRequest, reply) => {
      await (base.preValidation as (r: FastifyRequest, p: typeof reply) => Promise<void>)(request, reply);
      const raw =
        request.body && typeof request.body === 'object'
          ? (request.body as Record<string, unknown>)[body.name]
          : undefined;
      (request as { body: unknown }).body = parseOrThrow(body.schema, raw ?? {});
    },
  };
}
