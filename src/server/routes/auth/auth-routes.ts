import { hash, verify } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { LoginSchema, TokenLoginSchema, type LoginInput } from '../../../shared/schemas/auth';
import { MSG } from '../../../shared/schemas/messages';
import { HttpError } from '../../http/errors';
import { withSchemas } from '../../http/validate';
import { authOf } from '../../plugins/auth';
import { checkCaptcha, createCaptchaChallenge } from './captcha';
import { findCredentials, findUserView, recentFailures, recordLoginAttempt } from '../../repositories/users';

/** Failed sign-ins (per username or address) within this window before a captcha is required. */
const CAPTCHA_AFTER_FAILURES = 3;
const CAPTCHA_WINDOW_MS = 15 * 60 * 1000;

// Verifying against a fixed hash when the user does not exist keeps the timing of both answers alike.
const dummyHashPromise = hash('not-a-real-password-0000');

export async function authRoutes(app: FastifyInstance) {
  const loginRateLimit = { rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } };

  app.get('/auth/captcha', { schema: { tags: ['auth'], summary: 'ALTCHA challenge (v2 format)' } }, async (_request, reply) => {
    // A challenge is single use: never from a cache.
    reply.header('Cache-Control', 'no-store');
    return createCaptchaChallenge(app.config.captchaHmacKey);
  });

  app.post(
    '/auth/login',
    { ...withSchemas({ body: LoginSchema, tags: ['auth'], summary: 'Sign in with username and password' }), config: loginRateLimit },
    async (request) => {
      const body = request.body as LoginInput;
      const ip = request.ip;
      let failures = 0;
      if (app.config.captchaEnabled) {
        failures = await recentFailures(app.db, body.username, ip, new Date(Date.now() - CAPTCHA_WINDOW_MS));
        // The solution is spent whether the password then matches or not.
        if (failures >= CAPTCHA_AFTER_FAILURES && !(await checkCaptcha(app.db, app.config.captchaHmacKey, body.captcha))) {
          throw new HttpError(401, MSG.captchaRequired, undefined, { captchaRequired: true });
        }
      }
      const creds = await findCredentials(app.db, body.username);
      const ok = creds?.passwordHash
        ? await verify(creds.passwordHash, body.password).catch(() => false)
        : await verify(await dummyHashPromise, body.password).then(() => false);
      await recordLoginAttempt(app.db, body.username, ip, ok);
      if (!ok || !creds) {
        // The failure that reaches the limit says so at once, so the form shows the captcha before the next try.
        const captchaNext = app.config.captchaEnabled && failures + 1 >= CAPTCHA_AFTER_FAILURES;
        throw new HttpError(401, MSG.incorrectLogin, undefined, captchaNext ? { captchaRequired: true } : undefined);
      }
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
