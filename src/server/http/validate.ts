/**
 * One valibot schema per payload validates the request (with the spec's messages) and documents the
 * route: the JSON Schema that Fastify's swagger shows is derived from the same object.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import * as v from 'valibot';
import { HttpError } from './errors';

type AnySchema = v.GenericSchema;

interface RouteSchemas {
  body?: AnySchema;
  query?: AnySchema;
  params?: AnySchema;
  tags?: string[];
  summary?: string;
  /** Multipart routes document their body by hand. */
  consumes?: string[];
}

function docSchema(schema: AnySchema): Record<string, unknown> {
  try {
    return toJsonSchema(schema, { errorMode: 'ignore' }) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The first message per field path, as `details` wants it. */
export function issuesToDetails(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    details[key] ??= issue.message;
  }
  return details;
}

export function parseOrThrow<S extends AnySchema>(schema: S, data: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (!result.success) {
    const details = issuesToDetails(result.issues);
    throw new HttpError(400, result.issues[0]?.message ?? 'Invalid request', details);
  }
  return result.output;
}

/** Route options: documented schemas plus a preValidation hook that parses with valibot. */
export function withSchemas(s: RouteSchemas): Pick<RouteShorthandOptions, 'schema' | 'preValidation'> {
  const schema: Record<string, unknown> = {};
  if (s.tags) schema.tags = s.tags;
  if (s.summary) schema.summary = s.summary;
  if (s.consumes) schema.consumes = s.consumes;
  if (s.body && !s.consumes) schema.body = docSchema(s.body);
  if (s.query) schema.querystring = docSchema(s.query);
  if (s.params) schema.params = docSchema(s.params);
  return {
    schema,
    preValidation: async (request: FastifyRequest) => {
      if (s.params) {
        const parsed = v.safeParse(s.params, request.params);
        // A malformed id cannot name anything the caller may see.
        if (!parsed.success) throw new HttpError(404, 'Not found');
        (request as { params: unknown }).params = parsed.output;
      }
      if (s.query) (request as { query: unknown }).query = parseOrThrow(s.query, request.query);
      if (s.body && !s.consumes) (request as { body: unknown }).body = parseOrThrow(s.body, request.body ?? {});
    },
  };
}

export const IdParamsSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,10}$/, 'Not found'), v.transform(Number)),
});
