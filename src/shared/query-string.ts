/**
 * How the app writes a request's query string: array values become repeated keys
 * (`statusName=A&statusName=B`), and empty values (undefined, null, '') are left out. The app's API
 * client writes every call's query this way, and the server's page for a home list writes the list's
 * first request the same way, so the two are the same request.
 */
type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** `?key=value&…`, or '' when nothing is left. */
export function buildQuery(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      if (item === undefined || item === null || item === '') continue;
      params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
