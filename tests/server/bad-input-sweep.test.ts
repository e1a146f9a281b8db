/**
 * Generated bad input (fast-check) against every write route and list query the app declares: values
 * are drawn from each route's own valibot schemas and then broken with hostile ones (integers beyond
 * the database, hex/exponent digits, NUL, impossible dates, lists and objects for texts, deep nesting,
 * long texts, formulas), path ids are broken too, and multipart uploads are cut short or sent with a
 * wrong boundary. The route's own parser decides which requests are bad.
 *
 * Checked after the run: no answer was 5xx; every bad request answered 4xx and changed no row of any
 * table and no file; the server still answers; every stored file has its row and every row its file.
 * The figures are printed with the seed. The seed is fixed so that CI runs the same cases every time;
 * FUZZ_SEED=n runs another set (FUZZ_SEED=random draws one), and a failure names the seed that replays it.
 */
import querystring from 'node:querystring';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes, type DeclaredRoute } from '../../src/server/http/route';
import { PERMISSIONS, type Permission } from '../../src/shared/domain/permissions';
import { ROLES, type Role } from '../../src/shared/domain/roles';
import { JPEG, multipart, pdf } from '../fixtures/files';
import { storedKeys } from '../fixtures/portal-data';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() % 1_000_000 : Number(process.env.FUZZ_SEED || 20_261_123);
const BAD_CASES = 1700;
const PLAUSIBLE_CASES = 300;
const MULTIPART_CASES = 120;
const USER_OF: Record<Role, string> = {
  ADMIN: 'admin',
  ADMINRO: 'adminro',
  SUPPLIER: 'supplier1',
  CARRIER: 'carrier1',
  CUSTOMS: 'customs1',
};
/** Tables a refused request may still write: the stored answer of an Idempotency-Key, sign-in bookkeeping. */
const BOOKKEEPING = new Set(['idempotency_keys', 'login_attempts', 'spent_captchas', 'password_resets']);

let t: TestApp;
let tokens: Record<Role, string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = Object.fromEntries(
    await Promise.all(ROLES.map(async (role) => [role, await t.login(USER_OF[role])] as const)),
  ) as Record<Role, string>;
});
afterAll(async () => {
  await t.close();
});

// ---- values ----

interface SchemaNode {
  type: string;
  entries?: Record<string, SchemaNode>;
  wrapped?: SchemaNode;
  options?: unknown[];
  item?: SchemaNode;
  literal?: unknown;
}

const TEXTS = fc.constantFrom(
  'TRK123456',
  '123456',
  '2026-12-01',
  '2026-12-01T15:00:00Z',
  'PENDING',
  'DELIVERED',
  'true',
  '1',
  '2',
  'Scrap HMS 1&2',
  'INV-1001',
  '',
);
const SMALL_INTS = fc.oneof(fc.integer({ min: 1, max: 20 }), fc.constantFrom(0, 0.5, 100, 45000, 15000.25));

/** A value the schema could well accept: right types, small ids, known words. */
function plausible(node: SchemaNode, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(undefined);
  switch (node.type) {
    case 'object':
    case 'loose_object':
    case 'strict_object': {
      const entries = Object.entries(node.entries ?? {});
      const required = entries
        .filter(([, s]) => !['optional', 'nullish', 'exact_optional'].includes(s.type))
        .map(([k]) => k);
      return fc.record(Object.fromEntries(entries.map(([k, s]) => [k, plausible(s, depth + 1)])), {
        requiredKeys: required,
      });
    }
    case 'optional':
    case 'nullish':
    case 'exact_optional':
    case 'non_optional':
      return plausible(node.wrapped!, depth + 1);
    case 'nullable':
      return fc.option(plausible(node.wrapped!, depth + 1), { nil: null, freq: 4 });
    case 'string':
      return TEXTS;
    case 'number':
      return SMALL_INTS;
    case 'boolean':
      return fc.boolean();
    case 'picklist':
    case 'enum':
      return fc.constantFrom(...((node.options as unknown[]) ?? ['x']));
    case 'literal':
      return fc.constant(node.literal);
    case 'array':
      return fc.array(plausible(node.item!, depth + 1), { maxLength: 3 });
    case 'union':
    case 'variant':
      return fc.oneof(...((node.options as SchemaNode[]) ?? []).map((o) => plausible(o, depth + 1)));
    default:
      return fc.oneof(TEXTS, SMALL_INTS);
  }
}

const deep = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

/** Values that must never be stored where they do not belong nor answered with 5xx. */
const HOSTILE: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    2_147_483_648,
    -2_147_483_649,
    9_223_372_036_854_775_808,
    1e308,
    -1,
    0,
    1.5,
    '2147483648',
    '99999999999999999999',
    '0x10',
    '0b11',
    '1e3',
    '1_000',
    ' 12 ',
    '-0',
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud83d',
    'a\udc00b',
    'x'.repeat(5000),
    true,
    false,
    null,
    [],
    [1],
    ['a', 'b'],
    {},
    { a: 1 },
    '0000-01-01',
    '9999-12-31T23:00:00-05:00',
    '10000-01-01',
    '2026-02-30',
    '+275760-09-13',
    '=HYPERLINK("http://x")',
    '@SUM(1)',
    "' or 1=1 --",
    '../../etc/passwd',
    '\ud83d',
    deep(40),
  ),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** `value` with one place (a key at any depth, a new key, or the whole value) replaced by `bad`. */
function breakValue(value: unknown, bad: unknown, pick: number): unknown {
  if (value === null || typeof value !== 'object' || pick % 7 === 0) return bad;
  const copy: Record<string, unknown> = Array.isArray(value) ? { ...value } : { ...(value as object) };
  const keys = Object.keys(copy);
  if (keys.length === 0 || pick % 5 === 0) {
    copy[`extra${pick % 3}`] = bad;
  } else {
    const key = keys[pick % keys.length]!;
    copy[key] = breakValue(copy[key], bad, Math.floor(pick / 3) + 1);
  }
  return Array.isArray(value) ? Object.values(copy) : copy;
}

const BAD_IDS = ['0', '-1', '2147483648', '99999999999', '0x10', '1e3', 'abc', '%00', '1.5', '%20'];

// ---- requests ----

interface Case {
  route: DeclaredRoute;
  role: Role | null;
  url: string;
  query?: Record<string, unknown>;
  body?: unknown;
  rawBody?: { payload: Buffer; contentType: string };
  idempotencyKey?: string;
  /** Whether the route's own parser refuses the request (a bad id, query or body). */
  refused: boolean;
  /** The error code the answer must carry, when the case is made to meet one rule. */
  code?: string;
}

function callersOf(route: DeclaredRoute): (Role | null)[] {
  if (route.access === 'public') return [null];
  if (route.access === 'signed-in') return [...ROLES];
  return [...PERMISSIONS[route.access as Permission]];
}

/** Percent-encoding as a browser does it: a lone surrogate goes out as U+FFFD. */
const encode = (text: string) => encodeURIComponent((text as string & { toWellFormed(): string }).toWellFormed());

function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      const text = item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item);
      parts.push(`${encode(key)}=${encode(text)}`);
    }
  }
  return parts.join('&');
}

const hasNul = (value: unknown): boolean => JSON.stringify(value ?? null).includes('\\u0000');

function caseFor(route: DeclaredRoute, bad: boolean): fc.Arbitrary<Case> {
  const pathNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const ids = fc.array(fc.integer({ min: 1, max: 20 }).map(String), {
    minLength: pathNames.length,
    maxLength: pathNames.length,
  });
  const badId = fc.constantFrom(...BAD_IDS);
  const query = route.query ? plausible(route.query as unknown as SchemaNode) : fc.constant(undefined);
  const body = route.body ? plausible(route.body as unknown as SchemaNode) : fc.constant(undefined);
  return fc
    .record({
      role: fc.constantFrom(...callersOf(route)),
      ids,
      badId,
      query,
      body,
      hostile: HOSTILE,
      pick: fc.nat(),
      target: fc.constantFrom('id', 'query', 'body', 'body', 'body'),
      key: fc.option(fc.constantFrom('fuzz-a', 'fuzz-b', 'fuzz-c'), { freq: 3 }),
    })
    .map((g) => {
      const where =
        g.target === 'id' && pathNames.length > 0
          ? 'id'
          : route.body && (g.target === 'body' || !route.query)
            ? 'body'
            : route.query
              ? 'query'
              : pathNames.length > 0
                ? 'id'
                : 'body';
      const pathIds = [...g.ids];
      let queryValue = g.query as Record<string, unknown> | undefined;
      let bodyValue = g.body;
      if (bad) {
        if (where === 'id') pathIds[g.pick % pathIds.length] = g.badId;
        else if (where === 'query') queryValue = breakValue(queryValue ?? {}, g.hostile, g.pick) as typeof queryValue;
        else bodyValue = breakValue(bodyValue ?? {}, g.hostile, g.pick);
      }
      let index = 0;
      const path = route.url.replace(/:(\w+)/g, () => pathIds[index++] ?? '1');
      const qs = queryValue && typeof queryValue === 'object' ? queryString(queryValue) : '';
      const wireQuery = querystring.parse(qs);
      const wireBody = bodyValue === undefined ? undefined : (JSON.parse(JSON.stringify(bodyValue)) as unknown);
      const pathOk = pathIds.every((id) => /^\d{1,10}$/.test(id) && Number(id) >= 0 && Number(id) <= 2_147_483_647);
      const queryOk = !hasNul(wireQuery) && (!route.query || v.safeParse(route.query, wireQuery).success);
      const bodyOk = !route.acceptsBody || route.acceptsBody(wireBody);
      return {
        route,
        role: g.role,
        url: `${path}${qs ? `?${qs}` : ''}`,
        body: wireBody,
        idempotencyKey: route.method !== 'GET' && g.key ? `${g.key}-${g.pick}` : undefined,
        refused: !(pathOk && queryOk && bodyOk),
      } satisfies Case;
    });
}

/** The names upload routes read their JSON part under (documentation and invoice routes). */
const JSON_PART_NAMES = ['truckDocumentation', 'railcarDocumentation', 'invoice'];
/** Upload routes that take a file alone, with no JSON part to carry a text. */
const NO_JSON_PART = new Set(['POST /api/purchase-orders/import']);
const takesJsonPart = (route: DeclaredRoute) => !NO_JSON_PART.has(`${route.method} ${route.url}`);

/** Texts no column can store or that are not text at all: NUL, lone surrogates. */
const UNSTORABLE = fc.constantFrom('a\u0000b', 'INV-\ud800-X', '\udfffX', 'Torres\u0000');

/**
 * A multipart upload that is bad: cut short, a boundary the body does not use, none at all, or well
 * formed with its JSON part carrying an unstorable text in a field a route reads (sent under every
 * JSON part name, so each upload route finds it).
 */
function multipartCase(route: DeclaredRoute): fc.Arbitrary<Case> {
  return fc
    .record({
      role: fc.constantFrom(...callersOf(route)),
      json: fc.oneof(HOSTILE, fc.constant({})),
      photo: fc.constantFrom(JPEG, Buffer.from([0xff, 0xd8, 0xff, 0x3c]), Buffer.from('89504e470d0a1a0a00', 'hex')),
      how: fc.constantFrom(
        ...(['cut', 'cut', 'boundary', 'none'] as const),
        ...(takesJsonPart(route) ? (['unstorable', 'unstorable'] as const) : []),
      ),
      cut: fc.double({ min: 0.05, max: 0.98, noNaN: true }),
      text: UNSTORABLE,
      field: fc.constantFrom('materialDescription', 'invoiceNumber', 'comments', 'number', 'folio'),
    })
    .map((g) => {
      const json =
        g.how === 'unstorable'
          ? JSON_PART_NAMES.map((name) => ({
              name,
              contentType: 'application/json',
              data: JSON.stringify({ ticketId: 1, [g.field]: g.text }),
            }))
          : [{ name: 'json', contentType: 'application/json', data: JSON.stringify(g.json ?? null) }];
      // The unstorable text comes alone: a file part a route does not take would be refused first.
      const { payload, headers } = multipart(
        g.how === 'unstorable'
          ? json
          : [
              { name: 'files[]', filename: 'a.pdf', contentType: 'application/pdf', data: pdf() },
              { name: 'photos', filename: 'p.jpg', contentType: 'image/jpeg', data: g.photo },
              { name: 'file', filename: 'orders.csv', contentType: 'text/csv', data: '=1+1,@SUM(A1)\n' },
              ...json,
            ],
      );
      const contentType =
        g.how === 'boundary'
          ? 'multipart/form-data; boundary=another-boundary'
          : g.how === 'none'
            ? 'multipart/form-data'
            : headers['content-type']!;
      const cut = g.how === 'cut' ? payload.subarray(0, Math.floor(payload.length * g.cut)) : payload;
      const url = route.url.replace(/:(\w+)/g, '1');
      return {
        route,
        role: g.role,
        url,
        rawBody: { payload: cut, contentType },
        refused: true,
        code: g.how === 'unstorable' ? 'unstorable_text' : undefined,
      } satisfies Case;
    });
}

async function send(c: Case) {
  const headers: Record<string, string> = c.role ? bearer(tokens[c.role]) : {};
  if (c.idempotencyKey) headers['idempotency-key'] = c.idempotencyKey;
  if (c.rawBody) headers['content-type'] = c.rawBody.contentType;
  else if (c.body !== undefined) headers['content-type'] = 'application/json';
  return t.app.inject({
    method: c.route.method as 'GET',
    url: c.url,
    headers,
    // Serialised here: given 0, '' or false, the injector would send no body at all.
    payload: c.rawBody ? c.rawBody.payload : c.body === undefined ? undefined : JSON.stringify(c.body),
  });
}

/** Per table of the app's schema: row count and a digest of every row's content. */
async function fingerprint(): Promise<Record<string, string>> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const tables = (
    await rows(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
  )
    .map((r) => String(r.name))
    .filter((name) => !BOOKKEEPING.has(name) && !name.startsWith('__'))
    .sort();
  const result: Record<string, string> = {};
  for (const name of tables) {
    const [row] = await rows(
      sql.raw(
        `select count(*)::int as n, coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as h from "${name}" t`,
      ),
    );
    result[name] = `${row!.n}:${row!.h}`;
  }
  return result;
}

describe('generated bad input', () => {
  it('should answer 4xx to every bad request, store none of it and stay up', async () => {
    // Signing out takes no input to break and would end the sessions the sweep calls with (auth.test.ts
    // covers it); the event stream never ends by itself.
    const routes = declaredRoutes(t.app).filter((r) => r.url !== '/api/events' && r.url !== '/api/auth/logout');
    const json = routes.filter((r) => !r.consumes && (r.method !== 'GET' || r.query));
    const uploads = routes.filter((r) => r.consumes);
    const pickRoute = (list: DeclaredRoute[], bad: boolean) =>
      fc.constantFrom(...list).chain((route) => caseFor(route, bad));
    const badCases = fc.sample(pickRoute(json, true), { numRuns: BAD_CASES, seed: SEED });
    const multipartCases = fc.sample(
      fc.constantFrom(...uploads).chain((route) => multipartCase(route)),
      { numRuns: MULTIPART_CASES, seed: SEED + 1 },
    );
    const plausibleCases = fc.sample(pickRoute(json, false), { numRuns: PLAUSIBLE_CASES, seed: SEED + 2 });

    const statuses = new Map<number, number>();
    const serverErrors: string[] = [];
    const acceptedBad: string[] = [];
    /** The answers to cases made to meet one rule: each must be refused by that rule. */
    const codes: { route: string; asMade: boolean; line: string }[] = [];
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

    // Bad requests first: together they must not change one row or file.
    const rowsBefore = await fingerprint();
    const filesBefore = await storedKeys(t);
    const refused = [...badCases, ...multipartCases].filter((c) => c.refused);
    for (const c of refused) {
      const res = await send(c);
      count(res.statusCode);
      const line = `${c.route.method} ${c.url.slice(0, 160)} as ${c.role}: ${res.statusCode} ${res.body.slice(0, 160)}`;
      if (res.statusCode >= 500 && res.statusCode !== 501) serverErrors.push(line);
      else if (res.statusCode < 400) acceptedBad.push(line);
      else if (c.code) {
        codes.push({ route: `${c.route.method} ${c.route.url}`, asMade: JSON.parse(res.body).code === c.code, line });
      }
    }
    const rowsAfter = await fingerprint();
    const filesAfter = await storedKeys(t);

    // Then requests the schemas accept (and bad ones that happened to be valid): no 5xx either.
    const rest = [...badCases.filter((c) => !c.refused), ...plausibleCases];
    for (const c of rest) {
      const res = await send(c);
      count(res.statusCode);
      if (res.statusCode >= 500 && res.statusCode !== 501) {
        serverErrors.push(`${c.route.method} ${c.url.slice(0, 160)}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const stored = await storedKeys(t);
    const fileRows = (
      (await t.database.db.execute(sql`select key from files`)) as unknown as { rows: { key: string }[] }
    ).rows.map((r) => r.key);
    const requests = refused.length + rest.length;
    console.log(
      `bad-input sweep (seed ${SEED}): ${routes.length} routes (${json.length} JSON write/list, ${uploads.length} uploads), ` +
        `${requests} requests (${refused.length} refused by the schemas, ${rest.length} accepted), ` +
        `${serverErrors.length} answers 5xx (501 "not available yet" apart: ${statuses.get(501) ?? 0}), ${acceptedBad.length} bad requests answered 2xx/3xx, ` +
        `${Object.keys(rowsBefore).length} tables unchanged by bad requests: ${JSON.stringify(rowsAfter) === JSON.stringify(rowsBefore)}, ` +
        `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    );

    expect(requests).toBeGreaterThanOrEqual(2000);
    expect(serverErrors).toEqual([]);
    expect(acceptedBad).toEqual([]);
    // Every upload route was sent an unstorable text in its JSON part, and refused it as such.
    expect(new Set(codes.map((c) => c.route))).toEqual(
      new Set(uploads.filter(takesJsonPart).map((r) => `${r.method} ${r.url}`)),
    );
    expect(codes.filter((c) => !c.asMade).map((c) => c.line)).toEqual([]);
    expect(rowsAfter).toEqual(rowsBefore);
    expect(filesAfter).toEqual(filesBefore);
    expect(health.statusCode).toBe(200);
    // Sign-in may now ask for a captcha (the run failed many logins); a held token still works.
    const list = await t.app.inject({ method: 'GET', url: '/api/tickets', headers: bearer(tokens.SUPPLIER) });
    expect(list.statusCode).toBe(200);
    // No file without its row, no row without its file.
    expect(stored.filter((key) => !fileRows.includes(key))).toEqual([]);
    expect(fileRows.filter((key) => !stored.includes(key))).toEqual([]);
  });
});
