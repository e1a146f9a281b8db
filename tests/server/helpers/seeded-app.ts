/**
 * The usual start of a server test file: the app on its own copy of the seeded database, the demo's
 * parties by name, and a session token for each of the nine demo users.
 */
import { afterAll, beforeAll } from 'vitest';
import { seedIds, settleDatabaseOnClose, type SeedIds } from '../../fixtures/portal-data';
import type { HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import { bearer, createTestApp, type TestApp } from './test-app';

/** The demo users, one or two of each role. */
export const DEMO_USERNAMES = [
  'admin',
  'adminro',
  'supplier1',
  'supplier2',
  'carrier1',
  'carrier2',
  'rail1',
  'customs1',
  'customs2',
] as const;

export interface SeededApp {
  t: TestApp;
  ids: SeedIds;
  /** The session token of a demo user. */
  token: (username: string) => string;
  /** A request as a demo user, or without a session (null); the payload is sent as JSON. */
  call: (user: string | null, method: HTTPMethods, url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
}

export async function openSeededApp(options?: Parameters<typeof createTestApp>[0]): Promise<SeededApp> {
  const t = await createTestApp(options);
  settleDatabaseOnClose(t);
  const ids = await seedIds(t.app.db);
  const tokens = new Map<string, string>();
  for (const username of DEMO_USERNAMES) tokens.set(username, await t.login(username));
  const token = (username: string) => {
    const found = tokens.get(username);
    if (!found) throw new Error(`${username} is not a demo user`);
    return found;
  };
  const call: SeededApp['call'] = (user, method, url, payload) =>
    t.app.inject({
      method,
      url,
      headers: user ? bearer(token(user)) : {},
      payload: payload as InjectOptions['payload'],
    });
  return { t, ids, token, call };
}

type SeededAppOptions = Parameters<typeof openSeededApp>[0];

/**
 * openSeededApp for a whole test file, in one line at its top: `const { t, ids, token } = useSeededApp();`.
 * The app opens before the file's first test (after any beforeAll registered earlier, so `options` may
 * be a function of what those started) and closes after its last. `t` and `ids` stand for the opened
 * app and ids: they may be used in tests and hooks, not while the file is being collected.
 */
export function useSeededApp(options?: SeededAppOptions | (() => SeededAppOptions)): SeededApp {
  let opened: SeededApp | undefined;
  beforeAll(async () => {
    opened = await openSeededApp(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await opened?.t.close();
  });
  const current = () => {
    if (!opened) throw new Error('the seeded app is opened by beforeAll: use it inside tests and hooks');
    return opened;
  };
  return {
    t: standIn(() => current().t),
    ids: standIn(() => current().ids),
    token: (username) => current().token(username),
    call: (...args) => current().call(...args),
  };
}

/** An object that forwards every read to the one `read` returns at that moment. */
function standIn<T extends object>(read: () => T): T {
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = read();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    has: (_, key) => Reflect.has(read(), key),
    ownKeys: () => Reflect.ownKeys(read()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(read(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
