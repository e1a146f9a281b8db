/**
 * The one way the app talks to the API: JSON headers, the bearer token when signed
 * in, the /api prefix, and the session rule — any 401 clears the session (the route
 * guards then send the user to /login), except on calls that opt out (the login call itself).
 */
import { errorCodeForStatus, errorCodeOf, type ApiErrorBody } from '../../shared/errors';
import { buildQuery, type QueryParams } from '../../shared/query-string';
import { markServerReachable } from './connectivity';
import { clearSession, getToken } from './session-store';

export const API_PREFIX = '/api';
// The query string's form is shared with the server's page for a home list (shared/query-string.ts).
export { buildQuery, type QueryParams };

/** The server answered with a status outside 2xx. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  constructor(status: number, body: ApiErrorBody | null, statusText: string) {
    super(body?.message || statusText || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** The request never got an answer (offline, server down, CORS, aborted). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network error', { cause });
    this.name = 'NetworkError';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData is sent as multipart (the browser sets the boundary). */
  body?: unknown;
  /** Array values become repeated keys (`statusName=A&statusName=B`). */
  query?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Overrides the stored token (the change-password call is authorised by the reset token). */
  token?: string;
  /** Do not treat a 401 as "session over" (the login call answers 401 for a wrong password). */
  skipUnauthorizedLogout?: boolean;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return null;
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

/** An answer's body as an error body (with a code), or null when it is not one. */
export function asErrorBody(value: unknown, status: number): ApiErrorBody | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.message !== 'string') return null;
  return {
    statusCode: status,
    error: typeof record.error === 'string' ? record.error : '',
    ...record,
    // A body without a code we know (a proxy's page, an older server) gets its status's generic one.
    code: errorCodeOf(record) ?? errorCodeForStatus(status),
  } as ApiErrorBody;
}

/** Calls `/api{path}` and resolves with the parsed JSON body, or throws ApiError / NetworkError. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const { method = 'GET', body, query, signal, skipUnauthorizedLogout = false } = request;
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  const token = request.token ?? getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}${buildQuery(query)}`, { method, headers, body: payload, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    markServerReachable(false);
    throw new NetworkError(error);
  }
  markServerReachable(true);

  const data = await readBody(response);
  if (!response.ok) {
    const errorBody = asErrorBody(data, response.status);
    const unauthorized = response.status === 401 || errorBody?.message === '401 Unauthorized';
    if (unauthorized && !skipUnauthorizedLogout) clearSession(true);
    throw new ApiError(response.status, errorBody, response.statusText);
  }
  return data as T;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
