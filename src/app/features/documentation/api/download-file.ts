/**
 * PUT /download answers the file's bytes with its name in Content-Disposition
 * (`tripID-{id}-{type}-{date}.{ext}`); the browser saves it through an object URL and a download link.
 * With `inline` (PUT /download?inline=1) the same file comes for the page's viewer instead: the request
 * carries the token, which an <img> or <iframe> of its own could not, so the viewer shows the bytes
 * through an object URL.
 */
import { API_PREFIX, ApiError, NetworkError } from '../../../lib/api-client';
import { getToken } from '../../../lib/session-store';
import type { FileRef } from '../types';

function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

async function requestFile(file: FileRef, inline: boolean, signal?: AbortSignal): Promise<Response> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}/download${inline ? '?inline=1' : ''}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ key: file.key, name: file.name }),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError(error);
  }
  if (!response.ok) throw new ApiError(response.status, null, response.statusText);
  return response;
}

/** The file's bytes for the viewer, typed as the server stored them. */
export async function fetchFileForView(file: FileRef, signal?: AbortSignal): Promise<Blob> {
  return (await requestFile(file, true, signal)).blob();
}

export async function downloadFile(file: FileRef): Promise<string> {
  const response = await requestFile(file, false);
  const name = fileNameOf(response.headers.get('content-disposition'), file.name);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
