/**
 * Bearer-token authentication. Tokens are HS256 JWTs carrying the user id and the user's token version;
 * every request re-reads the user so that a password change or a disabled account takes effect at once.
 */
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { actionsOf, can, type Permission } from '../../shared/domain/permissions';
import { roleRefusal } from '../../shared/domain/ticket-transitions';
import type { Role } from '../../shared/domain/roles';
import { MAX_TOKEN_MS } from '../../shared/schemas/auth';
import { HttpError, unauthorized } from '../http/errors';
import { findAuthUser } from '../repositories/users';
import { bindUser } from '../http/request-log';

export interface AuthUser {
  id: number;
  username: string;
  roles: Role[];
  supplierId: number | null;
  carrierId: number | null;
  customsAgentId: number | null;
  tokenVersion: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requirePermission: (permission: Permission) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    signToken: (
      user: { id: number; tokenVersion: number },
      expiresInMs?: number,
      session?: { startedAt: number; id: string | null },
    ) => Promise<string>;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
    /**
     * When the session of this request's token began (ms since epoch), once authenticated: the sign-in
     * that a chain of silent renewals goes back to (claim `auth_time`), at most 24 h before the token's
     * issue time. The device held a token of this session ever since, so what it queued since then
     * carries a time the server can vouch for (decisions/0001-queued-time-survives-renewal.md).
     */
    sessionStartedAt: number | null;
    /** The session's id (`sid` claim) once authenticated: what signing out ends on the server. */
    sessionId: string | null;
  }
}

/**
 * Seconds of clock difference between server processes tolerated on `iat`/`exp`: a few, so an expired
 * token is not taken for long after its end (it was a minute).
 */
const CLOCK_TOLERANCE_S = 5;

/** Claims of a token whose signature has been checked. */
interface Claims {
  sub: string | undefined;
  ver: unknown;
  iat: number;
  exp: number;
  /** Seconds: the session's sign-in (`auth_time`), never later than `iat` nor more than 24 h before it. */
  authTime: number;
  /** The session's id (`sid`), the same across its silent renewals; null in a token older than it. */
  sid: string | null;
}

/**
 * The session start a token vouches for: its `auth_time` claim, bounded to [iat - 24 h, iat]; a token
 * without one (signed before the claim existed) began its session when it was issued.
 */
function authTimeOf(claim: unknown, iat: number): number {
  if (typeof claim !== 'number' || !Number.isInteger(claim)) return iat;
  return Math.min(iat, Math.max(claim, iat - MAX_TOKEN_MS / 1000));
}

/** Tokens remembered after their signature was checked; the oldest are forgotten first. */
const VERIFIED_TOKENS = 10_000;

/** A remembered token still within its time: not expired and not older than the cap (with the tolerance). */
function stillValid(c: Claims): boolean {
  const now = Date.now() / 1000;
  return c.exp > now - CLOCK_TOLERANCE_S && now - c.iat - CLOCK_TOLERANCE_S <= MAX_TOKEN_MS / 1000;
}

async function registerAuth(app: FastifyInstance) {
  const key = new TextEncoder().encode(app.config.jwtSecret);
  // Checking a token's HMAC costs more CPU than the rest of a small request, and a signed-in device sends
  // the same token for hours: a token once verified is remembered by its exact text (same text, same
  // signature), while its times are checked again on every request and the user row (token version,
  // active) is still read on every request, so a changed password or a disabled account still takes
  // effect at once.
  const verified = new Map<string, Claims>();
  const remember = (token: string, claims: Claims) => {
    if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  };

  app.decorateRequest('auth', null);
  app.decorateRequest('sessionStartedAt', null);
  app.decorateRequest('sessionId', null);

  // `sessionStartedAt` (ms) is given by a silent renewal: the new token keeps the session's sign-in time
  // (bounded to the last 24 h) instead of starting a new session, so what the device queued before the
  // renewal is still vouched for. A sign-in (password, SSO, password change) starts a session now.
  app.decorate(
    'signToken',
    async (
      user: { id: number; tokenVersion: number },
      expiresInMs?: number,
      session?: { startedAt: number; id: string | null },
    ) => {
      const ms = Math.min(Math.max(expiresInMs ?? MAX_TOKEN_MS, 1000), MAX_TOKEN_MS);
      const now = Math.floor(Date.now() / 1000);
      const authTime = session === undefined ? now : authTimeOf(Math.floor(session.startedAt / 1000), now);
      // A sign-in starts a session with a new id; a renewal keeps it, so signing out ends them all.
      const sid = session?.id ?? randomUUID();
      return (
        new SignJWT({ ver: user.tokenVersion, auth_time: authTime, sid })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(user.id))
          .setIssuedAt(now)
          // From the same `now` as `iat`: a second read of the clock that fell into the next second made a
          // 24 h token one second longer than the cap, refused on every request (seen in CI under load).
          .setExpirationTime(now + Math.floor(ms / 1000))
          .sign(key)
      );
    },
  );

  async function verify(request: FastifyRequest): Promise<AuthUser> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized();
    let claims = verified.get(token);
    if (claims && !stillValid(claims)) {
      verified.delete(token);
      claims = undefined;
    }
    if (!claims) {
      try {
        // Every token must say when it was issued and when it ends, and live at most the 24 h cap:
        // a token without `exp` (or one that outlives the cap) would be a key for ever.
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'iat', 'exp'],
          maxTokenAge: MAX_TOKEN_MS / 1000,
          clockTolerance: CLOCK_TOLERANCE_S,
        });
        const { iat, exp } = payload as { iat: number; exp: number };
        if (exp - iat > MAX_TOKEN_MS / 1000 || iat > Date.now() / 1000 + CLOCK_TOLERANCE_S)
          throw new Error('token lifetime');
        claims = {
          sub: payload.sub,
          ver: payload.ver,
          iat,
          exp,
          authTime: authTimeOf(payload.auth_time, iat),
          sid: typeof payload.sid === 'string' && payload.sid.length <= 64 ? payload.sid : null,
        };
      } catch {
        throw unauthorized();
      }
      remember(token, claims);
    }
    const { sub, ver } = claims;
    request.sessionStartedAt = claims.authTime * 1000;
    request.sessionId = claims.sid;
    const user = sub && /^\d+$/.test(sub) ? await findAuthUser(app.db, Number(sub), claims.sid) : undefined;
    if (!user || user.tokenVersion !== ver) throw unauthorized();
    bindUser(request, user.id);
    return user;
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.auth = await verify(request);
  });

  app.decorate('requirePermission', (permission: Permission) => async (request: FastifyRequest) => {
    request.auth ??= await verify(request);
    if (!can(request.auth.roles, permission))
      throw new HttpError(403, forbiddenMessage(permission, request.auth.roles));
  });
}

export const authPlugin = fp(registerAuth, { name: 'auth', dependencies: ['database'] });

/** A permission of one ticket action refuses with that action's text, as `decide()` would. */
function forbiddenMessage(permission: Permission, roles: readonly Role[]): string {
  const [action, ...more] = actionsOf(permission);
  if (action && more.length === 0) return roleRefusal(action, roles);
  return roles.includes('ADMINRO') && action ? roleRefusal(action, roles) : 'Forbidden';
}
