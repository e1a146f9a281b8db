import { hash, verify } from '@node-rs/argon2';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { FastifyInstance } from 'fastify';
import { LoginSchema, TokenLoginSchema, type LoginInput } from '../../../shared/schemas/auth';
import { MSG } from '../../../shared/schemas/messages';
import { HttpError } from '../../http/errors';
import { withSchemas } from '../../http/validate';
import { authOf } from '../../plugins/auth';
import { findCredentials, findUserView, recentFailures, recordLoginAttempt } from '../../repositories/users';

/** Failed sign-ins (per username or address) within this window before a captcha is required. */
const CAPTCHA_AFTER_FAILURES = 3;
const CAPTCHA_WINDOW_MS = 15 * 60 * 1000;

// Verifying against a fixed hash when the user does not exist keeps the timing of both answers alike.
const dummyHashPromise = hash('not-a-real-password-0000');

export async function authRoutes(app: FastifyInstance) {
  const loginRateLimit = { rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } };

  app.get('/auth/captcha', { schema: { tags: ['auth'], summary: 'ALTCHA challenge' } }, async () =>
    createChallenge({
      hmacKey: app.config.altchaHmacKey,
      maxNumber: 50_000,
      expires: new Date(Date.now() + 10 * 60 * 1000),
    }),
  );

  app.post(
    '/auth/login',
    { ...withSchemas({ body: LoginSchema, tags: ['auth'], summary: 'Sign in with username and password' }), config: loginRateLimit },
    async (request) => {
      const body = request.body as LoginInput;
      const ip = request.ip;
      if (app.config.captchaEnabled) {
        const failures = await recentFailures(app.db, body.username, ip, new Date(Date.now() - CAPTCHA_WINDOW_MS));
        if (failures >= CAPTCHA_AFTER_FAILURES) {
          const solved = body.captcha ? await verifySolution(body.captcha, app.config.altchaHmacKey, true).catch(() => false) : false;
          if (!solved) throw new HttpError(401, MSG.captchaRequired, undefined, { captchaRequired: true });
        }
      }
      const creds = await findCredentials(app.db, body.username);
      const ok = creds?.passwordHash
        ? await verify(creds.passwordHash, body.password).catch(() => false)
        : await verify(await dummyHashPromise, body.password).then(() => false);
      await recordLoginAttempt(app.db, body.username, ip, ok);
      if (!ok || !creds) throw new HttpError(401, MSG.incorrectLogin);
      const user = await findUserView(app.db, creds.id);
      if (!user) throw new HttpError(401, MSG.incorrectLogin);
      return { token: await app.signToken(creds, body.expiresIn), user };
    },
  );

  app.post(
    '/auth/login/token',
    { ...withSchemas({ body: TokenLoginSchema, tags: ['auth'], summary: 'Renew the token (silent sign-in)' }), preHandler: app.authenticate },
    async (request) => {
      const auth = authOf(request);
      const body = request.body as { expiresIn?: number };
      const user = await findUserView(app.db, auth.id);
      if (!user) throw new HttpError(401, 'Unauthorized');
      return { token: await app.signToken(auth, body.expiresIn), user };
    },
  );

  // Recovery by e-mail and SSO come with the accounts work; until then they say so plainly.
  const notAvailable = async () => {
    throw new HttpError(501, 'This function is not available yet');
  };
  app.post('/auth/password', { schema: { tags: ['auth'] }, config: loginRateLimit }, notAvailable);
  app.put('/auth/password', { schema: { tags: ['auth'] }, config: loginRateLimit }, notAvailable);

  for (const provider of ['supplier', 'employee'] as const) {
    app.get(`/auth/login/${provider}`, { schema: { tags: ['auth'], summary: `SSO sign-in (${provider})` } }, async (_request, reply) => {
      const settings = app.config.oidc[provider];
      if (!settings.issuer || !settings.clientId) {
        return reply.redirect('/login/login-error?reason=sso-not-configured');
      }
      return reply.redirect('/login/login-error?reason=sso-unavailable');
    });
  }
}
