import { ApiError, NetworkError } from './api-client';
import { CLIENT_TEXTS } from './client-texts';
import { i18n } from './i18n';
import { translateError } from './messages';

/**
 * The text to show for a failed call: the server's field message or message (translated when it is a
 * known spec text), else `fallback`. Offline gets its own sentence.
 */
export function serverMessage(error: unknown, tm: (text: string) => string, fallback: string): string {
  if (error instanceof NetworkError) return tm(CLIENT_TEXTS.noConnection);
  if (error instanceof ApiError && error.body) {
    const detail = error.body.details ? Object.values(error.body.details)[0] : undefined;
    // A refusal whose code has its own text (a status that no longer allows the action) reads in the
    // user's language; the English message names details the code's text leaves out.
    return detail ? tm(detail) : translateError(i18n, error.body.code, error.body.message);
  }
  return fallback;
}
