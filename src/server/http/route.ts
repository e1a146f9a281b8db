/**
 * The one way to declare an API route. A route names who may call it, the valibot schemas of its path
 * parameters, query and body, and a handler that receives the parsed, typed values and the signed-in
 * user. The helper fixes the order every route refuses in:
 *
 *   401  no or bad token            (onRequest, before the body is even read)
 *   403  no role of the caller holds the route's permission
 *   404  a malformed path parameter (it cannot name anything the caller may see)
 *   400  a query or body the schema refuses (`details`: one message per field)
 *   then the handler and its services: 404 outside the caller's view, 409 wrong status, 422 a refused value.
 *
 * Fastify's JSON Schemas (OpenAPI at /api/docs) are derived from the same valibot objects; Fastify
 * itself validates nothing.
 *
 * @example
 * export async function ticketRoutes(app: FastifyInstance) {
 *   const route = defineRoute(app);
 *   route({
 *     method: 'PUT',
 *     url: '/tickets/:id/decline',
 *     access: 'ticket:decline',                         // a Permission, 'signed-in' or 'public'
 *     params: IdParamsSchema,                           // { id: number } in the handler
 *     body: wrapped('ticket', DeclineTicketSchema),     // the spec's {ticket: {...}}; details name `reason`
 *     tags: ['tickets'],
 *     handler: async ({ user, params, body }) => ({ ticket: await declineTicket(app.db, user, params.id, body.reason) }),
 *   });
 * }
 *
 * Multipart routes declare `consumes` instead of `body` and read the upload in the handler (after 401,
 * 403 and 404 were decided, so a refused caller's upload is never stored).
 *
 * Every route declares its `response`: the valibot schema of the JSON it answers, or fileAnswer(...),
 * EVENT_STREAM or REDIRECT for the few that answer a file, an event stream or a redirect. OpenAPI shows the schema; with
 * CHECK_RESPONSES (the tests) each answer is checked against it and a mismatch answers 500 naming the
 * fields. The answer is still written by JSON.stringify, never by a serializer compiled from the schema,
 * which would silently drop a field the schema does not name.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import * as v from 'valibot';
import { PERMISSIONS, type Permission } from '../../shared/domain/permissions';
import { ERROR_CODES } from '../../shared/errors';
import { REQUEST_MSG } from '../../shared/schemas/request-messages';
import type { AuthUser } from '../plugins/auth';
import { HttpError } from './errors';
import { JsonText } from './json-text';
import { hasUnstorableText } from './unstorable-text';

type Schema = v.GenericSchema;

/** What a route answers when it is not JSON: a file, an event stream, a redirect. */
export interface OtherAnswer {
  readonly other: string;
}
/** A file of these content types. */
export const fileAnswer = (...types: string[]): OtherAnswer => ({ other: `A file: ${types.join(', ')}` });
/** A server-sent event stream. */
export const EVENT_STREAM: OtherAnswer = { other: 'A server-sent event stream (text/event-stream)' };
/** A redirect (302) to another page. */
export const REDIRECT: OtherAnswer = { other: 'A redirect to another page' };

export type ResponseSpec = Schema | OtherAnswer;
export const isOtherAnswer = (response: ResponseSpec): response is OtherAnswer => 'other' in response;

/** A body the spec wraps in one key (`{ticket: {...}}`): the inner object is validated on its own. */
export interface Wrapped<S extends Schema> {
  readonly key: string;
  readonly inner: S;
}

export function wrapped<S extends Schema>(key: string, inner: S): Wrapped<S> {
  return { key, inner };
}

/** Who may call a route: holders of a permission, any signed-in user, or anyone. */
export type Access = Permission | 'signed-in' | 'public';

type BodySpec = Schema | Wrapped<Schema>;
type Out<S> = S extends Schema ? v.InferOutput<S> : undefined;
type BodyOut<B> = B extends Wrapped<infer S> ? v.InferOutput<S> : Out<B>;

export interface RouteInput<A extends Access, P, Q, B> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in user (null only on public routes). */
  user: A extends 'public' ? null : AuthUser;
  params: Out<P>;
  query: Out<Q>;
  body: BodyOut<B>;
}

export interface RouteSpec<A extends Access, P, Q, B> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  access: A;
  params?: P;
  query?: Q;
  body?: B;
  /** Content types of a body the handler reads itself (multipart uploads); documented, not parsed. */
  consumes?: string[];
  /** What a successful call answers (see the top of this file). */
  response: ResponseSpec;
  tags: string[];
  summary?: string;
  /**
   * EventSource cannot send headers: accept a stream ticket as `?ticket=` (plugins/events.ts), which
   * carries the session token sealed; never the token itself, which logs and history would keep.
   */
  ticketInQuery?: boolean;
  config?: RouteOptions['config'];
  logLevel?: RouteOptions['logLevel'];
  exposeHeadRoute?: boolean;
  handler: (input: RouteInput<A, P, Q, B>) => Promise<unknown>;
}

function docSchema(schema: Schema): Record<string, unknown> {
  try {
    return toJsonSchema(schema, { errorMode: 'ignore' }) as Record<string, unknown>;
  } catch {
    // A schema the converter cannot express is documented as any object; validation is unaffected.
    return { type: 'object' };
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

/** Parses `data` or answers 400 with the schema's first message and one message per field. */
export function parseOrThrow<S extends Schema>(schema: S, data: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (!result.success) {
    throw new HttpError(400, result.issues[0]?.message ?? 'Invalid request', issuesToDetails(result.issues));
  }
  return result.output;
}

const isWrapped = (body: BodySpec): body is Wrapped<Schema> => 'inner' in body && 'key' in body;

/** No payload of the portal nests deeper than this; deeper JSON is refused before anything walks it. */
const MAX_JSON_DEPTH = 32;

/** Whether `value` nests objects or lists deeper than `max` levels (walked without recursion). */
function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

function parseBody(spec: BodySpec, body: unknown): unknown {
  // `null` or a list where the route expects an object is a malformed request, not an empty one.
  if (body === null || Array.isArray(body)) throw new HttpError(400, REQUEST_MSG.invalidBody);
  if (!isWrapped(spec)) return parseOrThrow(spec, body ?? {});
  // Nor is a text or a number where the wrapper object belongs: read as 'no wrapper', it made an
  // all-optional update (a supplier's) answer 200 and audit an empty change.
  if (body !== undefined && typeof body !== 'object') throw new HttpError(400, REQUEST_MSG.invalidBody);
  const inner = body && typeof body === 'object' ? (body as Record<string, unknown>)[spec.key] : undefined;
  return parseOrThrow(spec.inner, inner ?? {});
}

/** A path id: digits only (else the route answers 404), as a number. */
export const PathIdSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,10}$/, 'Not found'),
  v.transform(Number),
  // Beyond the database's integer range no row can have it (and the query would fail).
  v.maxValue(2_147_483_647, 'Not found'),
);
export const IdParamsSchema = v.object({ id: PathIdSchema });
/** `/.../:ticketId/ticket`: a resource read by its ticket. */
export const TicketIdParamsSchema = v.object({ ticketId: PathIdSchema });

/** Who may call the route, for the OpenAPI document: `Permission \`ticket:create\` (SUPPLIER)`. */
function describeAccess(access: Access): string {
  if (access === 'public') return 'Public.';
  if (access === 'signed-in') return 'Any signed-in user.';
  return `Permission \`${access}\` (${PERMISSIONS[access].join(', ')}).`;
}

/** What a route declared, for tests that generate requests from the schemas (bad-input sweep). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
  params?: Schema;
  query?: Schema;
  /** The body schema as the wire carries it (a wrapped body as `{key: inner}`). */
  body?: Schema;
  /** Whether the route's own parsing accepts `body` (exactly as a request's body is parsed). */
  acceptsBody?: (body: unknown) => boolean;
  consumes?: string[];
  /** What a successful call answers: the JSON's schema, or the description of a file, stream or redirect. */
  response: ResponseSpec;
}

const declared = new WeakMap<object, DeclaredRoute[]>();

/** Every route declared with defineRoute on `app`'s server, in declaration order. */
export function declaredRoutes(app: FastifyInstance): readonly DeclaredRoute[] {
  return declared.get(app.server) ?? [];
}

/** Parsed values are kept per request here, never cast back out of Fastify's untyped fields. */
const parsedOf = new WeakMap<FastifyRequest, { params: unknown; query: unknown; body: unknown }>();

/** Returns the declaring function for routes of `app` (a plugin's encapsulated instance). */
export function defineRoute(app: FastifyInstance) {
  return function route<
    A extends Access,
    P extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
    B extends BodySpec | undefined = undefined,
  >(spec: RouteSpec<A, P, Q, B>): void {
    const schema: Record<string, unknown> = { tags: spec.tags };
    if (spec.summary) schema.summary = spec.summary;
    schema.description = describeAccess(spec.access);
    if (spec.access === 'public') schema.security = [];
    if (spec.params) schema.params = docSchema(spec.params);
    if (spec.query) schema.querystring = docSchema(spec.query);
    if (spec.consumes) schema.consumes = spec.consumes;
    else if (spec.body)
      schema.body = docSchema(isWrapped(spec.body) ? v.object({ [spec.body.key]: spec.body.inner }) : spec.body);
    const response = spec.response;
    schema.response = {
      '2xx': isOtherAnswer(response) ? { description: response.other } : docSchema(response),
    };
    const checkAnswer =
      app.config.checkResponses && !isOtherAnswer(response)
        ? (answer: unknown) => {
            // What the client receives: dates as text, undefined keys gone.
            const wire: unknown =
              answer instanceof JsonText ? JSON.parse(answer.text) : JSON.parse(JSON.stringify(answer ?? null));
            const result = v.safeParse(response, wire);
            if (!result.success) {
              throw new HttpError(
                500,
                `The answer of ${spec.method} ${app.prefix}${spec.url} does not match its declared schema`,
                issuesToDetails(result.issues),
              );
            }
          }
        : undefined;

    const access: Access = spec.access;
    const routes = declared.get(app.server) ?? [];
    declared.set(app.server, routes);
    routes.push({
      method: spec.method,
      url: `${app.prefix}${spec.url}`,
      access,
      params: spec.params,
      query: spec.query,
      body: spec.body && (isWrapped(spec.body) ? v.object({ [spec.body.key]: spec.body.inner }) : spec.body),
      acceptsBody:
        spec.body && !spec.consumes
          ? (body) => {
              try {
                if (nestsDeeperThan(body, MAX_JSON_DEPTH) || hasUnstorableText(body)) return false;
                parseBody(spec.body!, body);
                return true;
              } catch {
                return false;
              }
            }
          : undefined,
      consumes: spec.consumes,
      response: spec.response,
    });
    const check =
      access === 'public' ? undefined : access === 'signed-in' ? app.authenticate : app.requirePermission(access);

    app.route({
      method: spec.method,
      url: spec.url,
      schema,
      config: spec.config,
      // JSON.stringify, whatever the response schema says (it documents the answer and checks it in tests).
      serializerCompiler: () => (data) => JSON.stringify(data),
      logLevel: spec.logLevel,
      exposeHeadRoute: spec.exposeHeadRoute,
      onRequest: check
        ? async (request, reply) => {
            if (spec.ticketInQuery && !request.headers.authorization) {
              const { ticket } = request.query as { ticket?: unknown };
              const opened = typeof ticket === 'string' ? await app.streamTickets.open(ticket) : undefined;
              // A ticket that does not open (expired, forged) leaves the request without a token: 401.
              if (opened) request.headers.authorization = `Bearer ${opened.token}`;
            }
            await check(request, reply);
          }
        : undefined,
      preValidation: async (request) => {
        let params: unknown;
        if (spec.params) {
          const parsed = v.safeParse(spec.params, request.params);
          // A malformed id cannot name anything the caller may see.
          if (!parsed.success) throw new HttpError(404, 'Not found');
          params = parsed.output;
        }
        // Hashing (Idempotency-Key), logging and validation all walk the body: a hostile nesting depth
        // would exhaust the stack in any of them.
        if (nestsDeeperThan(request.body, MAX_JSON_DEPTH)) throw new HttpError(400, REQUEST_MSG.invalidBody);
        if (hasUnstorableText(request.query) || (!spec.consumes && hasUnstorableText(request.body))) {
          throw new HttpError(400, REQUEST_MSG.unstorableText, undefined, { code: ERROR_CODES.unstorableText });
        }
        const query = spec.query ? parseOrThrow(spec.query, request.query) : undefined;
        const body = spec.body && !spec.consumes ? parseBody(spec.body, request.body) : undefined;
        parsedOf.set(request, { params, query, body });
      },
      handler: async (request, reply) => {
        const parsed = parsedOf.get(request) ?? { params: undefined, query: undefined, body: undefined };
        const answer = await spec.handler({
          request,
          reply,
          user: request.auth as RouteInput<A, P, Q, B>['user'],
          params: parsed.params as Out<P>,
          query: parsed.query as Out<Q>,
          body: parsed.body as BodyOut<B>,
        });
        if (checkAnswer && reply.statusCode < 300 && !reply.sent) checkAnswer(answer);
        if (!(answer instanceof JsonText)) return answer;
        void reply.type('application/json; charset=utf-8');
        return answer.text;
      },
    });
  };
}
