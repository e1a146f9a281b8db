/**
 * The usual start of a server test file: the app on its own copy of the seeded database, the demo's
 * parties by name, and a session token for each of the nine demo users.
 */
import { seedIds, settleDatabaseOnClose, type SeedIds } from '../../fixtures/portal-data';
import { createTestApp, type TestApp } from './test-app';

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
  return { t, ids, token };
}
