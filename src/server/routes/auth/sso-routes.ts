/**
 * Single sign-on routes: which providers are set up, the two buttons' starts (to the provider) and
 * their callbacks (back from it, on to /token with a portal token, or to the login error page).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SSO_PROVIDERS,
  SsoProvidersSchema,
  type SsoErrorReason,
  type SsoProvider,
  type SsoProviders,
} from '../../../shared/schemas/sso';
import { defineRoute, REDIRECT } from '../../http/route';
import { findSsoUser, spendSsoState } from '../../repositories/sso';
import { PendingSignInSeal, SSO_PENDING_SECONDS, SsoClient, SsoError, ssoSettings } from '../../services/sso';

const cookieName = (provider: SsoProvider) => `sso_${provider}`;

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
  const seal = new PendingSignInSeal(app.config.jwtSecret);
  const rateLimit = { rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } };

  /** The cookie that carries a pending sign-in, sent back only to its provider's callback. */
  function pendingCookie(provider: SsoProvider, value: string, maxAge: number): string {
    const redirectUri = settings[provider]!.redirectUri;
    const secure = redirectUri.protocol === 'https:' ? '; Secure' : '';
    return `${cookieName(provider)}=${value}; Path=${redirectUri.pathname}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
  }

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
          return reply.redirect(`/token?token=${encodeURIComponent(token)}`);
        } catch (error) {
          return toLoginError(request, reply, provider, error);
        }
      },
    });
  }
}
