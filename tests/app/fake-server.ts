/**
 * A small stand-in for the API at the network edge: `fetch` answers like the server contract of
 * issue 2 (auth, users, password recovery not yet available). Tests can override any route.
 */
import { vi } from 'vitest';
import type { Role } from '../../src/shared/domain/roles';
import type { User } from '../../src/shared/schemas/user';

export const PASSWORD = 'Demo-1234!';

export function makeUser(id: number, username: string, role: Role): User {
  const business = (name: string) => ({ id: id * 10, businessName: name });
  return {
    id,
    username,
    email: `${username}@example.com`,
    roles: [{ name: role }],
    userDetail: {
      name: `${username[0]?.toUpperCase() ?? ''}${username.slice(1)} Person`,
      carrier: role === 'CARRIER' ? { ...business('Rápidos del Norte'), mode: 'TRUCK' } : null,
      supplier: role === 'SUPPLIER' ? { ...business('Chatarras Monterrey'), depots: [] } : null,
      customsAgent: role === 'CUSTOMS' ? business('Aduanas Laredo') : null,
    },
  };
}

export const USERS = {
  admin: makeUser(1, 'admin', 'ADMIN'),
  adminro: makeUser(2, 'adminro', 'ADMINRO'),
  supplier1: makeUser(3, 'supplier1', 'SUPPLIER'),
  carrier1: makeUser(4, 'carrier1', 'CARRIER'),
  customs1: makeUser(5, 'customs1', 'CUSTOMS'),
} satisfies Record<string, User>;

export interface FakeRequest {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export interface FakeReply {
  status: number;
  body?: unknown;
}

/** An answer, or a promise of one: a test can hold an answer back until it lets it go. */
type Handler = (request: FakeRequest) => FakeReply | 'network-error' | Promise<FakeReply | 'network-error'>;

const tokenFor = (user: User) => `token-${user.username}`;
const userForToken = (header: string | null) =>
  Object.values(USERS).find((user) => header === `Bearer ${tokenFor(user)}`) ?? null;
const unauthorized = (message = 'Unauthorized'): FakeReply => ({
  status: 401,
  body: { statusCode: 401, error: 'Unauthorized', message },
});

const defaultRoutes: Record<string, Handler> = {
  'POST /api/auth/login': ({ body }) => {
    const { username, password } = body as { username: string; password: string };
    const user = Object.values(USERS).find((candidate) => candidate.username === username);
    if (!user || password !== PASSWORD) return unauthorized('Incorrect user or password');
    return { status: 200, body: { token: tokenFor(user), user } };
  },
  // No single sign-on has left a session for this browser (tests hand one over with `on`).
  'POST /api/auth/sso/handoff': () => unauthorized('No single sign-on is waiting to be taken in this browser.'),
  // A stream ticket for whatever session asks (the real one seals the token; here it names it).
  'POST /api/events/ticket': ({ headers }) => {
    const token = headers.get('authorization')?.replace(/^Bearer /, '');
    return token ? { status: 200, body: { ticket: `ticket-for-${token}`, expiresInSeconds: 300 } } : unauthorized();
  },
  'POST /api/auth/login/token': ({ headers }) => {
    const user = userForToken(headers.get('authorization'));
    return user ? { status: 200, body: { token: tokenFor(user), user } } : unauthorized();
  },
  'GET /api/users/:id': ({ headers, path }) => {
    if (!userForToken(headers.get('authorization'))) return unauthorized();
    const user = Object.values(USERS).find((candidate) => `/api/users/${candidate.id}` === path);
    return user
      ? { status: 200, body: { user } }
      : { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
  },
  'POST /api/auth/password': () => ({
    status: 200,
    body: { message: 'Check your email to change the password' },
  }),
  'PUT /api/auth/password': () => ({ status: 200, body: { changed: true } }),
  'GET /api/auth/captcha/required': () => ({ status: 200, body: { captchaRequired: false } }),
};

function routeKey(method: string, path: string): string {
  return `${method} ${path.replace(/\/\d+(?=\/|$)/g, '/:id')}`;
}

export interface FakeServer {
  calls: FakeRequest[];
  /** Replaces the answer of one route, e.g. `on('POST /api/auth/login/token', () => 'network-error')`. */
  on: (route: string, handler: Handler) => void;
}

export function installFakeServer(): FakeServer {
  const routes = { ...defaultRoutes };
  const calls: FakeRequest[] = [];
  const fetchFake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null);
    const request: FakeRequest = { method, path: url.pathname, query: url.searchParams, headers, body };
    calls.push(request);
    const handler = routes[`${method} ${url.pathname}`] ?? routes[routeKey(method, url.pathname)];
    const reply = handler
      ? await handler(request)
      : { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchFake);
  return {
    calls,
    on: (route, handler) => {
      routes[route] = handler;
    },
  };
}

/** Puts a signed-in session in localStorage as the app leaves it after a login. */
export function storeSession(user: User): void {
  localStorage.setItem('token', tokenFor(user));
  localStorage.setItem('user', JSON.stringify(user));
}

export { tokenFor };
