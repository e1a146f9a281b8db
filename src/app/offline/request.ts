/**
 * Sends one outbox request with its Idempotency-Key, from the page or from the service worker.
 * Multipart bodies are rebuilt from the stored parts in their stored order, so every re-send carries
 * the same bytes (only the boundary differs, which the server's request hash ignores). From the page
 * an upload may go through XMLHttpRequest to report its progress; fetch has no upload progress.
 */
import { CLIENT_TEXTS } from '../lib/client-texts';
import type { OutboxRequest } from './outbox-types';

export const API_PREFIX = '/api';

export interface SendResult {
  status: number;
  body: unknown;
}

/** The request never got an answer (offline, server down, connection cut). */
export class OutboxNetworkError extends Error {
  constructor(cause?: unknown) {
    super(CLIENT_TEXTS.noConnection, { cause });
    this.name = 'OutboxNetworkError';
  }
}

export type ProgressListener = (sent: number, total: number) => void;

export function buildBody(request: OutboxRequest): { body: BodyInit | undefined; contentType: string | undefined } {
  if (request.parts) {
    const form = new FormData();
    for (const part of request.parts) {
      if (part.kind === 'file') form.append(part.name, part.blob, part.filename);
      else form.append(part.name, new Blob([part.json], { type: 'application/json' }));
    }
    return { body: form, contentType: undefined };
  }
  if (request.json !== undefined) return { body: JSON.stringify(request.json), contentType: 'application/json' };
  return { body: undefined, contentType: undefined };
}

export function requestHeaders(
  request: OutboxRequest,
  key: string,
  token: string | null,
  contentType: string | undefined,
) {
  const headers: Record<string, string> = { Accept: 'application/json', 'Idempotency-Key': key, ...request.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (contentType) headers['Content-Type'] = contentType;
  return headers;
}

function parse(text: string, type: string | null): unknown {
  if (!text || !(type ?? '').includes('json')) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function sendWithFetch(
  url: string,
  request: OutboxRequest,
  headers: Record<string, string>,
  body: BodyInit | undefined,
): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(url, { method: request.method, headers, body });
  } catch (error) {
    throw new OutboxNetworkError(error);
  }
  let text: string;
  try {
    text = response.status === 204 ? '' : await response.text();
  } catch (error) {
    // The connection dropped while the answer was read: whether it committed is unknown, so retry (same key).
    throw new OutboxNetworkError(error);
  }
  return { status: response.status, body: parse(text, response.headers.get('content-type')) };
}

function sendWithXhr(
  url: string,
  request: OutboxRequest,
  headers: Record<string, string>,
  body: BodyInit | undefined,
  onProgress: ProgressListener,
): Promise<SendResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      // status 0 after load: the answer never arrived.
      if (xhr.status === 0) reject(new OutboxNetworkError());
      else resolve({ status: xhr.status, body: parse(xhr.responseText, xhr.getResponseHeader('content-type')) });
    };
    xhr.onerror = () => reject(new OutboxNetworkError());
    xhr.onabort = () => reject(new OutboxNetworkError());
    xhr.ontimeout = () => reject(new OutboxNetworkError());
    xhr.send((body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

let xhrUploads = false;

/** The page's entry point turns on XMLHttpRequest uploads (progress bars); tests and the SW use fetch. */
export function enableUploadProgress(): void {
  xhrUploads = typeof XMLHttpRequest !== 'undefined';
}

export function sendRequest(
  request: OutboxRequest,
  key: string,
  token: string | null,
  onProgress?: ProgressListener,
): Promise<SendResult> {
  const { body, contentType } = buildBody(request);
  const headers = requestHeaders(request, key, token, contentType);
  const url = `${API_PREFIX}${request.path}`;
  if (onProgress && xhrUploads && request.parts) return sendWithXhr(url, request, headers, body, onProgress);
  return sendWithFetch(url, request, headers, body);
}

export function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' ? message : undefined;
}
