import { ApiError, NetworkError } from '../../lib/api-client';
import { CLIENT_TEXTS } from '../../lib/client-texts';

/** The first field message or the message of a refused call (translated when known), else `fallback`. */
export function serverError(error: unknown, tm: (text: string) => string, fallback: string): string {
  if (error instanceof NetworkError) return tm(CLIENT_TEXTS.noConnection);
  if (error instanceof ApiError && error.body) {
    const detail = error.body.details ? Object.values(error.body.details)[0] : undefined;
    return tm(typeof detail === 'string' ? detail : error.body.message);
  }
  return fallback;
}

/** Field messages of a refused call, translated, keyed by field name. */
export function serverFieldErrors(error: unknown, tm: (text: string) => string): Record<string, string> {
  if (!(error instanceof ApiError) || !error.body?.details) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(error.body.details)) if (typeof value === 'string') out[key] = tm(value);
  return out;
}

/** valibot issues as one message per top-level field (the first one wins). */
export function fieldIssues(issues: readonly { path?: readonly { key: unknown }[]; message: string }[]) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path?.[0]?.key ?? '_');
    out[key] ??= issue.message;
  }
  return out;
}
