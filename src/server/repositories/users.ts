import { and, asc, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { isRole, type Role } from '../../shared/domain/roles';
import type { User } from '../../shared/schemas/user';
import type { Tx } from '../db/database';
import { prepared } from '../db/prepared';
import { endedSessions, firebaseTokens, loginAttempts, userRoles, users } from '../db/schema/accounts';
import { carriers, customsAgents, depots, suppliers } from '../db/schema/parties';
import type { AuthUser } from '../plugins/auth';

async function rolesOf(db: Tx, userId: number): Promise<Role[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoles.position), asc(userRoles.role));
  return rows.map((r) => r.role).filter(isRole);
}

/**
 * The signed-in user and its roles in one prepared statement, run on every authenticated request: the
 * row is read afresh each time so that a password change (token version) or a disabled account takes
 * effect at once.
 */
const authUser = (db: Tx) =>
  prepared(db, 'find_auth_user', (db) =>
    db
      .select({
        id: users.id,
        username: users.username,
        supplierId: users.supplierId,
        carrierId: users.carrierId,
        customsAgentId: users.customsAgentId,
        tokenVersion: users.tokenVersion,
        roles: sql<string[] | null>`(select array_agg(ur.role order by ur.position, ur.role) from ${userRoles} ur
          where ur.user_id = ${users.id})`,
        // The token's session was ended by signing out (no sid: a token from before sessions had one).
        sessionEnded: sql<boolean>`exists (select 1 from ${endedSessions} e
          where e.sid = ${sql.placeholder('sid')}::text and e.user_id = ${users.id})`,
      })
      .from(users)
      .where(and(eq(users.id, sql.placeholder('id')), eq(users.active, true)))
      .prepare('find_auth_user'),
  );

/** The user of a token, unless its session (`sid`) was ended by signing out. */
export async function findAuthUser(db: Tx, id: number, sid: string | null): Promise<AuthUser | undefined> {
  const [row] = await authUser(db).execute({ id, sid });
  if (!row || row.sessionEnded) return undefined;
  const { sessionEnded: _ended, ...user } = row;
  return { ...user, roles: (row.roles ?? []).filter(isRole) };
}

/** Ends a session on the server until `endsAt`, when every token it issued has expired anyway. */
export async function endSession(db: Tx, sid: string, userId: number, endsAt: Date): Promise<void> {
  await db.insert(endedSessions).values({ sid, userId, endsAt }).onConflictDoNothing();
}

/** Forgets ended sessions whose tokens have all expired; answers how many. */
export async function dropEndedSessions(db: Tx, now = new Date()): Promise<number> {
  const gone = await db
    .delete(endedSessions)
    .where(lt(endedSessions.endsAt, now))
    .returning({ sid: endedSessions.sid });
  return gone.length;
}

export async function findCredentials(db: Tx, username: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, tokenVersion: users.tokenVersion })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, eq(users.active, true)));
  return row;
}

/** The user as the API shows it: roles in order and the business of the user. */
export async function findUserView(db: Tx, id: number): Promise<User | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      name: users.name,
      supplierId: suppliers.id,
      supplierName: suppliers.businessName,
      carrierId: carriers.id,
      carrierName: carriers.businessName,
      carrierMode: carriers.mode,
      customsAgentId: customsAgents.id,
      customsAgentName: customsAgents.businessName,
    })
    .from(users)
    .leftJoin(suppliers, eq(users.supplierId, suppliers.id))
    .leftJoin(carriers, eq(users.carrierId, carriers.id))
    .leftJoin(customsAgents, eq(users.customsAgentId, customsAgents.id))
    .where(and(eq(users.id, id), eq(users.active, true)));
  if (!row) return undefined;
  const yards =
    row.supplierId === null
      ? []
      : await db
          .select({ id: depots.id, name: depots.name, city: depots.city, address: depots.address })
          .from(depots)
          .where(eq(depots.supplierId, row.supplierId))
          .orderBy(asc(depots.id));
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    roles: (await rolesOf(db, id)).map((name) => ({ name })),
    userDetail: {
      name: row.name,
      supplier:
        row.supplierId !== null && row.supplierName !== null
          ? { id: row.supplierId, businessName: row.supplierName, depots: yards }
          : null,
      carrier:
        row.carrierId !== null && row.carrierName !== null && row.carrierMode !== null
          ? { id: row.carrierId, businessName: row.carrierName, mode: row.carrierMode }
          : null,
      customsAgent:
        row.customsAgentId !== null && row.customsAgentName !== null
          ? { id: row.customsAgentId, businessName: row.customsAgentName }
          : null,
    },
  };
}

export async function recordLoginAttempt(db: Tx, username: string, ip: string, success: boolean) {
  await db.insert(loginAttempts).values({ username: username.toLowerCase(), ip, success });
}

/** Failed sign-ins for the username or from the address within the window. */
export async function recentFailures(db: Tx, username: string, ip: string, since: Date): Promise<number> {
  const [byUser] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.username, username.toLowerCase()),
        eq(loginAttempts.success, false),
        gt(loginAttempts.at, since),
      ),
    );
  const [byIp] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, false), gt(loginAttempts.at, since)));
  return Math.max(byUser?.n ?? 0, byIp?.n ?? 0);
}

/**
 * How many devices one user may register for push. Every registration costs a row and a send per event,
 * so a client (or a stolen token) registering made-up tokens in a loop must not grow them without bound;
 * a real user has a phone, a tablet and a few browsers.
 */
export const MAX_DEVICE_TOKENS_PER_USER = 10;

export interface TokenRegistration {
  /** The user the token was registered to before, if another: their registration ended. */
  takenFrom: number | null;
  /** How many of the caller's oldest registrations were dropped to stay within the cap. */
  dropped: number;
  /** The token is another user's and the caller may not take it: nothing was written. */
  refused: boolean;
}

/**
 * Registers a device token to `userId`. A device token names one device and belongs to whoever signed
 * in on it last, so a token registered to another user ends that registration (the row is deleted from
 * them, and the caller is told whom, to log it) before the caller's is written: the other user stops
 * getting pushes on a device they no longer use. Only a sign-in takes a token from someone else
 * (`mayTake`: the caller's session has just begun, as on a shared phone after the previous user's
 * session ended); any other request naming another user's token is refused (`refused`), so a session
 * cannot redirect someone's pushes to itself. Beyond the cap the caller's oldest registrations are
 * dropped rather than the new one refused: the newest is the device in the user's hand, the oldest most
 * likely one they have long stopped using.
 */
export async function addFirebaseToken(
  db: Tx,
  userId: number,
  token: string,
  { max = MAX_DEVICE_TOKENS_PER_USER, mayTake = true }: { max?: number; mayTake?: boolean } = {},
): Promise<TokenRegistration> {
  return db.transaction(async (tx) => {
    // One registration of a user at a time, so two at once cannot both slip under the cap.
    await tx.execute(sql`select id from ${users} where ${users.id} = ${userId} for update`);
    if (!mayTake) {
      const [owner] = await tx
        .select({ userId: firebaseTokens.userId })
        .from(firebaseTokens)
        .where(and(eq(firebaseTokens.token, token), ne(firebaseTokens.userId, userId)));
      if (owner) return { takenFrom: null, dropped: 0, refused: true };
    }
    const taken = await tx
      .delete(firebaseTokens)
      .where(and(eq(firebaseTokens.token, token), ne(firebaseTokens.userId, userId)))
      .returning({ userId: firebaseTokens.userId });
    await tx
      .insert(firebaseTokens)
      .values({ userId, token })
      .onConflictDoUpdate({ target: firebaseTokens.token, set: { createdAt: new Date() } });
    const beyondCap = tx
      .select({ id: firebaseTokens.id })
      .from(firebaseTokens)
      .where(eq(firebaseTokens.userId, userId))
      .orderBy(desc(firebaseTokens.createdAt), desc(firebaseTokens.id))
      .offset(max);
    const dropped = await tx
      .delete(firebaseTokens)
      .where(inArray(firebaseTokens.id, beyondCap))
      .returning({ id: firebaseTokens.id });
    return { takenFrom: taken[0]?.userId ?? null, dropped: dropped.length, refused: false };
  });
}

export async function removeFirebaseToken(db: Tx, userId: number, token?: string) {
  await db
    .delete(firebaseTokens)
    .where(
      token
        ? and(eq(firebaseTokens.userId, userId), eq(firebaseTokens.token, token))
        : eq(firebaseTokens.userId, userId),
    );
}

export async function firebaseTokensOf(db: Tx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ token: firebaseTokens.token })
    .from(firebaseTokens)
    .where(eq(firebaseTokens.userId, userId));
  return rows.map((r) => r.token);
}
