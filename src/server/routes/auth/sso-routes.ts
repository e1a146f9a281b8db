/**
 * Single sign-on routes: which providers are set up, the two buttons' starts (to the provider), their
 * callbacks (back from it, on to /token or to the login error page) and the hand-off, where the /token
 * page takes the session the callback left for it in an httpOnly cookie (never in a URL).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SSO_PROVIDERS,
  SsoProvidersSchema,
  type SsoErrorReason,
  type SsoProvider,
  type SsoProviders,
} from '../../../shared/schemas/sso';
import { AuthResponseSchema } from '../../../shared/schemas/user';
import { HttpError } from '../../http/errors';
import { defineRoute, REDIRECT } from '../../http/route';
import { findUserView } from '../../repositories/users';
import { findSsoUser, spendSsoHandoff, spendSsoState } from '../../repositories/sso';
import {
  pendingSignInSeal,
  signInHandoffSeal,
  SSO_HANDOFF_SECONDS,
  SSO_PENDING_SECONDS,
  SsoClient,
  SsoError,
  ssoSettings,
} from '../../services/sso';

const cookieName = (provider: SsoProvider) => `sso_${provider}`;
const HANDOFF_COOKIE = 'sso_handoff';
const HANDOFF_PATH = '/api/auth/sso/handoff';
const NO_HANDOFF = 'No single sign-on is waiting to be taken in this browser. Sign in again.';

/** One cookie's value from the request's Cookie header. */
function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

export async function ssoRoutes(app: FastifyInstance) {
  const route = defineRoute(app);
  const tags = ['auth'];
  // A setting that cannot work (half a provider, plain http beyond loopback) refuses the start here.
  const settings = ssoSettings(app.config);
  const clients = {
    supplier: settings.supplier && new SsoClient('supplier', settings.supplier),
    employee: settings.employee && new SsoClient('employee', settings.employee),
  };
  const seal = pendingSignInSeal(app.config.jwtSecret);
  const handoffSeal = signInHandoffSeal(app.config.jwtSecret);
  const secure = new URL(app.config.publicUrl).protocol === 'https:' ? '; Secure' : '';
  const rateLimit = { rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } };

  /** The cookie that carries a pending sign-in, sent back only to its provider's callback. */
  function pendingCookie(provider: SsoProvider, value: string, maxAge: number): string {
    const redirectUri = settings[provider]!.redirectUri;
    const secure = redirectUri.protocol === 'https:' ? '; Secure' : '';
    return `${cookieName(provider)}=${value}; Path=${redirectUri.pathname}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
  }

  /**
   * The cookie that carries a finished sign-in to the hand-off route only. Strict: the /token page's
   * own request sends it, a request started from another site never does.
   */
  const handoffCookie = (value: string, maxAge: number) =>
    `${HANDOFF_COOKIE}=${value}; Path=${HANDOFF_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`;

  function toLoginError(request: FastifyRequest, reply: FastifyReply, provider: SsoProvider, error: unknown) {
    const reason: SsoErrorReason = error instanceof SsoError ? error.reason : 'sso-failed';
    const cause = error instanceof Error ? (error.cause ?? error) : error;
    request.log[reason === 'sso-failed' || reason === 'sso-unavailable' ? 'warn' : 'info'](
      { provider, reason, err: cause },
      `single sign-on ended without a session: ${error instanceof Error ? error.message : String(error)}`,
    );
    return reply.redirect(`/login/login-error?reason=${reason}`);
  }

  route({
    method: 'GET',
    url: '/auth/sso-providers',
    access: 'public',
    response: SsoProvidersSchema,
    tags,
    summary: 'Which single sign-on providers are set up',
    handler: async (): Promise<SsoProviders> => ({ supplier: !!clients.supplier, employee: !!clients.employee }),
  });

  for (const provider of SSO_PROVIDERS) {
    route({
      method: 'GET',
      url: `/auth/login/${provider}`,
      access: 'public',
      response: REDIRECT,
      tags,
      summary: `SSO sign-in (${provider}): to the provider`,
      config: rateLimit,
      handler: async ({ request, reply }) => {
        reply.header('Cache-Control', 'no-store');
        const client = clients[provider];
        if (!client) return reply.redirect('/login/login-error?reason=sso-not-configured');
        try {
          const { url, pending } = await client.begin();
          reply.header('Set-Cookie', pendingCookie(provider, await seal.seal(pending), SSO_PENDING_SECONDS));
          return reply.redirect(url.href);
        } catch (error) {
          return toLoginError(request, reply, provider, error);
        }
      },
    });

    route({
      method: 'GET',
      url: `/auth/callback/${provider}`,
      access: 'public',
      response: REDIRECT,
      tags,
      summary: `SSO sign-in (${provider}): back from the provider, on to /token`,
      config: rateLimit,
      handler: async ({ request, reply }) => {
        reply.header('Cache-Control', 'no-store');
        const client = clients[provider];
        if (!client) return reply.redirect('/login/login-error?reason=sso-not-configured');
        // The pending sign-in serves this one callback, whatever its outcome.
        reply.header('Set-Cookie', pendingCookie(provider, '', 0));
        try {
          const pending = await seal.open(readCookie(request, cookieName(provider)));
          if (!pending || pending.provider !== provider) {
            throw new SsoError('sso-failed', 'no pending sign-in (cookie missing, tampered with or expired)');
          }
          if (!(await spendSsoState(app.db, pending.state, pending.expiresAt))) {
            throw new SsoError('sso-failed', 'this sign-in was already used');
          }
          const query = request.url.indexOf('?');
          const identity = await client.finish(query < 0 ? '' : request.url.slice(query), pending);
          const user = await findSsoUser(app.db, identity);
          if (!user) throw new SsoError('unknown-user', 'no active account has this e-mail or username');
          const token = await app.signToken(user);
          const handoff = await handoffSeal.seal({ token, userId: user.id, id: randomUUID() });
          reply.header('Set-Cookie', [pendingCookie(provider, '', 0), handoffCookie(handoff, SSO_HANDOFF_SECONDS)]);
          return reply.redirect('/token');
        } catch (error) {
          return toLoginError(request, reply, provider, error);
        }
      },
    });
  }

  route({
    method: 'POST',
    url: '/auth/sso/handoff',
    access: 'public',
    response: AuthResponseSchema,
    tags,
    summary: 'SSO sign-in: the /token page takes the session its callback left in this browser (once)',
    config: rateLimit,
    handler: async ({ request, reply }) => {
      reply.header('Cache-Control', 'no-store');
      // Whatever the outcome, the hand-off is spent: the cookie goes with this answer.
      reply.header('Set-Cookie', handoffCookie('', 0));
      const handoff = await handoffSeal.open(readCookie(request, HANDOFF_COOKIE));
      if (!handoff || !(await spendSsoHandoff(app.db, handoff.id, handoff.expiresAt))) {
        throw new HttpError(401, NO_HANDOFF);
      }
      const user = await findUserView(app.db, handoff.userId);
      if (!user) throw new HttpError(401, NO_HANDOFF);
      return { token: handoff.token, user };
    },
  });
}
