/**
 * Downloads a file from the API with progress: the response body is read chunk by chunk (fetch +
 * ReadableStream), reporting bytes received against the total the server announced (Content-Length,
 * or its X-Expected-Bytes hint for streamed archives), then handed to the browser as a file.
 */
import { ApiError, API_PREFIX, asErrorBody, buildQuery, NetworkError, type QueryParams } from './api-client';
import { clearSession, getToken } from './session-store';
import { EXPECTED_BYTES_HEADER } from '../../shared/schemas/rpa';

export interface DownloadProgress {
  received: number;
  /** Null when the server could not say how big the file is. */
  total: number | null;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file name of a Content-Disposition header (`attachment; filename="x.pdf"`). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

export async function fetchWithProgress(
  path: string,
  options: {
    query?: QueryParams;
    fallbackName: string;
    onProgress?: (p: DownloadProgress) => void;
    signal?: AbortSignal;
  },
): Promise<DownloadedFile> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}${buildQuery(options.query)}`, { headers, signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    if (response.status === 401) clearSession(true);
    throw new ApiError(response.status, asErrorBody(body, response.status), response.statusText);
  }
  const announced = Number(
    response.headers.get('Content-Length') ?? response.headers.get(EXPECTED_BYTES_HEADER) ?? NaN,
  );
  const total = Number.isFinite(announced) && announced > 0 ? announced : null;
  const parts: BlobPart[] = [];
  let received = 0;
  options.onProgress?.({ received, total });
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.byteLength;
      options.onProgress?.({ received, total });
    }
  } else {
    const blob = await response.blob();
    parts.push(blob);
    received = blob.size;
    options.onProgress?.({ received, total });
  }
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  return {
    blob: new Blob(parts, { type }),
    fileName: fileNameOf(response.headers.get('Content-Disposition'), options.fallbackName),
  };
}

/** Hands a downloaded file to the browser's own download (saved under `fileName`). */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
