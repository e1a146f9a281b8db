/**
 * Text no column can store: a NUL character, or half of a UTF-16 surrogate pair (JSON may spell one as
 * `\ud83d`, and it has no UTF-8 form). Paired surrogates (emoji) are fine. Such text is refused with
 * 400 unstorable_text wherever the server takes text: JSON bodies and queries (route.ts) and the JSON
 * parts of multipart uploads (multipart.ts). PostgreSQL answered a NUL with an error (a 500), and the
 * driver wrote a lone surrogate as U+FFFD, a character the user never typed.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|\p{Surrogate}/u;

/** Whether any text in `value` (nested anywhere, keys included) is unstorable. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => UNSTORABLE.test(key) || hasUnstorableText(item, depth + 1));
}
