import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/database';
import { MAX_DEVICE_TOKENS_PER_USER } from '../../src/server/repositories/users';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['supplier1', 'supplier2']) {
    tokens[u] = await t.login(u);
    const [row] = await queryRows<{ id: number }>(t.app.db, sql`select id from users where username = ${u}`);
    ids[u] = row!.id;
  }
});
afterAll(async () => {
  await t.close();
});

const register = (user: string, token: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/users/${ids[user]}/firebaseToken`,
    headers: bearer(tokens[user]!),
    payload: { token },
  });

async function tokensOf(user: string): Promise<string[]> {
  const rows = await queryRows<{ token: string }>(
    t.app.db,
    sql`select token from firebase_tokens where user_id = ${ids[user]} order by token`,
  );
  return rows.map((r) => r.token);
}

describe('PUT /api/users/:id/firebaseToken', () => {
  it(`should keep at most ${MAX_DEVICE_TOKENS_PER_USER} devices per user, dropping the oldest registration`, async () => {
    const mine = Array.from(
      { length: MAX_DEVICE_TOKENS_PER_USER + 2 },
      (_, i) => `cap-device-${String(i).padStart(2, '0')}`,
    );
    for (const token of mine.slice(0, MAX_DEVICE_TOKENS_PER_USER))
      expect((await register('supplier1', token)).statusCode).toBe(200);
    expect(await tokensOf('supplier1')).toEqual(mine.slice(0, MAX_DEVICE_TOKENS_PER_USER));
    // Registering the oldest again makes it the newest, so the next one over the cap drops device 01.
    expect((await register('supplier1', mine[0]!)).statusCode).toBe(200);
    for (const token of mine.slice(MAX_DEVICE_TOKENS_PER_USER))
      expect((await register('supplier1', token)).statusCode).toBe(200);
    expect(await tokensOf('supplier1')).toEqual([mine[0]!, ...mine.slice(3)]);
    // Another user's devices are counted apart.
    expect((await register('supplier2', 'cap-other-device')).statusCode).toBe(200);
    expect(await tokensOf('supplier2')).toEqual(['cap-other-device']);
  });

  it("should end another user's registration of the same device token instead of sharing it", async () => {
    expect((await register('supplier2', 'shared-device')).statusCode).toBe(200);
    expect(await tokensOf('supplier2')).toContain('shared-device');
    const info = vi.spyOn(t.app.log, 'info');
    try {
      expect((await register('supplier1', 'shared-device')).statusCode).toBe(200);
      // The move is logged, naming whose registration ended (not the token), rather than done silently.
      expect(info).toHaveBeenCalledWith(
        { userId: ids.supplier1, takenFrom: ids.supplier2 },
        'device token moved to another user',
      );
    } finally {
      info.mockRestore();
    }
    expect(await tokensOf('supplier2')).not.toContain('shared-device');
    expect(await tokensOf('supplier1')).toContain('shared-device');
    const [row] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from firebase_tokens where token = 'shared-device'`,
    );
    expect(row!.n).toBe(1);
  });

  it("should refuse to move another user's device token to a session that is not a fresh sign-in", async () => {
    expect((await register('supplier2', 'victim-device')).statusCode).toBe(200);
    // supplier1's session began an hour ago (a silent renewal keeps the sign-in time).
    const [me] = await queryRows<{ id: number; tokenVersion: number }>(
      t.app.db,
      sql`select id, token_version as "tokenVersion" from users where username = 'supplier1'`,
    );
    const older = await t.app.signToken(me!, undefined, { startedAt: Date.now() - 60 * 60 * 1000, id: null });
    const take = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${ids.supplier1}/firebaseToken`,
      headers: bearer(older),
      payload: { token: 'victim-device' },
    });
    expect([take.statusCode, take.json().code]).toEqual([409, 'device_token_taken']);
    expect(await tokensOf('supplier2')).toContain('victim-device');
    expect(await tokensOf('supplier1')).not.toContain('victim-device');
    // The same session registers a device of its own, and renews its own registration, as before.
    const own = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${ids.supplier1}/firebaseToken`,
      headers: bearer(older),
      payload: { token: 'own-device-later' },
    });
    expect(own.statusCode).toBe(200);
    expect(await tokensOf('supplier1')).toContain('own-device-later');
  });
});
