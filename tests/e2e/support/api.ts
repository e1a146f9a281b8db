/**
 * The portal's API called from a test, as a client would (fetch against the server under test): to
 * make the tickets a story works on, so that no story depends on the demo data or on another story.
 */
import { expect } from 'vitest';
import { DEMO_PASSWORD, baseUrl } from './browser';

/** The demo carriers that have a login, by business name. */
export const CARRIER_LOGINS: Record<string, string> = {
  'Rápido Freight Lines': 'carrier1',
  'Border Haulers Co.': 'carrier2',
  'Northern Rail Logistics': 'rail1',
};

/** Calls the API; anything but a 2xx fails the test with the method, path and status. */
export async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  expect(response.ok, `${init.method ?? 'GET'} ${path}: ${response.status} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : null) as T;
}

/** Signs a demo user in through the API: their token and their yards (for a supplier). */
export const apiLogin = (username: string) =>
  api<{ token: string; user: { id: number; userDetail: { supplier: { depots: { id: number }[] } | null } } }>(
    '/auth/login',
    {
      method: 'POST',
      body: { username, password: DEMO_PASSWORD },
    },
  );
