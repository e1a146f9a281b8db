import { hash, verify } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import {
  MAX_TOKEN_MS,
  CaptchaRequiredQuerySchema,
  LoginSchema,
  TokenLoginSchema,
  CaptchaChallengeSchema,
  CaptchaRequiredAnswerSchema,
  type CaptchaRequiredAnswer,
} from '../../../shared/schemas/auth';
import { ERROR_CODES } from '../../../shared/errors';
import { MSG } from '../../../shared/schemas/messages';
import { HttpError, unauthorized } from '../../http/errors';
import { AuthResponseSchema } from '../../../shared/schemas/user';
import { OkAnswer } from '../../../shared/schemas/schema-helpers';
import { defineRoute } from '../../http/route';
import { checkCaptcha, createCaptchaChallenge } from './captcha';
import { passwordRoutes } from './password-routes';
import { ssoRoutes } from './sso-routes';
import {
  endSession,
  findCredentials,
  findUserView,
  recentFailures,
  recordLoginAttempt,
} from '../../repositories/users';

/** Failed sign-ins (per username or address) within this window before a captcha is required. */
const CAPTCHA_AFTER_FAILURES = 3;
const CAPTCHA_WINDOW_MS = 15 * 60 * 1000;

// Verifying against a fixed hash when the user does not exist keeps the timing of both answers alike.
const dummyHashPromise = hash('not-a-real-password-0000');

export async function authRoutes(app: FastifyInstance) {
  const route = defineRoute(app);
  const tags = ['auth'];
  const loginRateLimit = { rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } };

  route({
    method: 'GET',
    url: '/auth/captcha',
    access: 'public',
    response: CaptchaChallengeSchema,
    tags,
    summary: 'ALTCHA challenge (v2 format)',
    handler: async ({ reply }) => {
      // A challenge is single use: never from a cache.
      reply.header('Cache-Control', 'no-store');
      return createCaptchaChallenge(app.config.captchaHmacKey);
    },
  });

  // The sign-in page asks before the first try, so the widget is there before a refusal. It counts the
  // failures the login counts (by the typed name as text, and by address), so the answer is the same for
  // a name that exists and one that does not: it tells nothing a refused sign-in would not.
  route({
    method: 'GET',
    url: '/auth/captcha/required',
    access: 'public',
    response: CaptchaRequiredAnswerSchema,
    query: CaptchaRequiredQuerySchema,
    tags,
    summary: 'Whether the next sign-in from this address (and for this username) needs a captcha',
    config: loginRateLimit,
    handler: async ({ query, request, reply }): Promise<CaptchaRequiredAnswer> => {
      reply.header('Cache-Control', 'no-store');
      if (!app.config.captchaEnabled) return { captchaRequired: false };
      const since = new Date(Date.now() - CAPTCHA_WINDOW_MS);
      const failures = await recentFailures(app.db, query.username ?? '', request.ip, since);
      return { captchaRequired: failures >= CAPTCHA_AFTER_FAILURES };
    },
  });

  route({
    method: 'POST',
    url: '/auth/login',
    access: 'public',
    response: AuthResponseSchema,
    body: LoginSchema,
    tags,
    summary: 'Sign in with username and password',
    config: loginRateLimit,
    handler: async ({ body, request }) => {
      const ip = request.ip;
      let failures = 0;
      if (app.config.captchaEnabled) {
        failures = await recentFailures(app.db, body.username, ip, new Date(Date.now() - CAPTCHA_WINDOW_MS));
        // The solution is spent whether the password then matches or not.
        if (
          failures >= CAPTCHA_AFTER_FAILURES &&
          !(await checkCaptcha(app.db, app.config.captchaHmacKey, body.captcha))
        ) {
          throw new HttpError(401, MSG.captchaRequired, undefined, {
            code: ERROR_CODES.captchaRequired,
            captchaRequired: true,
          });
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
        throw new HttpError(401, MSG.incorrectLogin, undefined, {
          code: ERROR_CODES.incorrectLogin,
          ...(captchaNext ? { captchaRequired: true } : {}),
        });
      }
      const user = await findUserView(app.db, creds.id);
      if (!user) throw new HttpError(401, MSG.incorrectLogin, undefined, { code: ERROR_CODES.incorrectLogin });
      return { token: await app.signToken(creds, body.expiresIn), user };
    },
  });

  route({
    method: 'POST',
    url: '/auth/login/token',
    access: 'signed-in',
    response: AuthResponseSchema,
    body: TokenLoginSchema,
    tags,
    summary: 'Renew the token (silent sign-in)',
    handler: async ({ user: auth, body, request }) => {
      const user = await findUserView(app.db, auth.id);
      if (!user) throw unauthorized();
      // A renewal continues the session: the new token keeps its sign-in time (see plugins/auth.ts).
      // A session lives at most 24 h from its sign-in, however often it is renewed: a copied token
      // cannot be kept alive for ever by renewing it.
      if (request.sessionStartedAt !== null && Date.now() - request.sessionStartedAt >= MAX_TOKEN_MS) {
        throw unauthorized();
      }
      const session =
        request.sessionStartedAt === null ? undefined : { startedAt: request.sessionStartedAt, id: request.sessionId };
      return { token: await app.signToken(auth, body.expiresIn, session), user };
    },
  });

  route({
    method: 'POST',
    url: '/auth/logout',
    access: 'signed-in',
    response: OkAnswer,
    tags,
    summary: 'Sign out: ends this session on the server (its tokens and their renewals are refused)',
    handler: async ({ user, request }) => {
      // Kept until every token the session issued has expired (MAX_TOKEN_MS after the last renewal).
      if (request.sessionId) {
        await endSession(app.db, request.sessionId, user.id, new Date(Date.now() + MAX_TOKEN_MS + 60_000));
      }
      return { ok: true };
    },
  });

  await passwordRoutes(app);

  await ssoRoutes(app);
}
