/**
 * Password recovery and change.
 *
 *   POST /auth/password      {username, captcha?}  mails a single-use link valid 1 hour
 *   PUT  /auth/password      {password, token}     sets the password through that link
 *   PUT  /auth/password/own  {currentPassword, password, expiresIn?}  a signed-in user's own change
 *
 * A change ends every earlier session: the token version goes up (REST calls with an older token answer
 * 401) and every process closes the user's open event streams. The signed-in change answers a fresh
 * token, so only the device that made the change stays signed in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { ChangeOwnPasswordSchema, ChangePasswordSchema, RecoverSchema } from '../../../shared/schemas/auth';
import { MSG } from '../../../shared/schemas/messages';
import { HttpError, unauthorized } from '../../http/errors';
import * as v from 'valibot';
import { AuthResponseSchema } from '../../../shared/schemas/user';
import { defineRoute } from '../../http/route';
import { sessionOf } from '../../plugins/events';
import { createMailer } from '../../mail/mailer';
import { mailLanguageOf, recoveryMail } from '../../mail/recovery-mail';
import { findUserView, recentFailures, recordLoginAttempt } from '../../repositories/users';
import {
  createPasswordReset,
  findRecoveryUser,
  passwordHashOf,
  resetsExpiringAfter,
  setPassword,
  spendPasswordReset,
} from '../../repositories/password-resets';
import { checkCaptcha } from './captcha';

/** How long a mailed link works. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** Failures (per username or address) within the window, or links mailed to one user within the link's life, before a captcha is required. */
const CAPTCHA_AFTER = 3;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Only the hash of a link's token is stored: a read of the table yields no working link. */
export const resetTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function passwordRoutes(app: FastifyInstance) {
  const route = defineRoute(app);
  const tags = ['auth'];
  const rateLimit = { rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } };
  const mailer = createMailer({
    smtpUrl: app.config.smtpUrl,
    mailFrom: app.config.mailFrom,
    dataDir: app.config.dataDir,
    publicUrl: app.config.publicUrl,
  });
  /** Recovery mails still being sent: a closing server lets them finish before the mailer closes. */
  const pending = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
    await mailer.close();
  });

  route({
    method: 'POST',
    url: '/auth/password',
    access: 'public',
    body: RecoverSchema,
    response: v.strictObject({ message: v.string() }),
    tags,
    summary: 'Mail a single-use link to choose a new password (valid 1 hour)',
    config: rateLimit,
    handler: async ({ body, request }) => {
      const now = Date.now();
      const user = await findRecoveryUser(app.db, body.username);
      if (app.config.captchaEnabled) {
        // Guessing usernames counts as failing to sign in, and a mailbox is not flooded with links:
        // past either limit the request needs a solved captcha (spent whatever follows). The same
        // queries run for an unknown username as for a known one.
        const failures = await recentFailures(app.db, body.username, request.ip, new Date(now - FAILURE_WINDOW_MS));
        const mailed = await resetsExpiringAfter(app.db, user?.id ?? -1, new Date(now));
        if (
          (failures >= CAPTCHA_AFTER || mailed >= CAPTCHA_AFTER) &&
          !(await checkCaptcha(app.db, app.config.captchaHmacKey, body.captcha))
        ) {
          throw new HttpError(401, MSG.captchaRequired, undefined, { captchaRequired: true });
        }
      }
      // The answer is the same, at once, whether the username exists or not (decisions/0004 beside this
      // file): the link is made and mailed after it, so neither the answer nor its time tells.
      if (user?.email) {
        const sending = mailLink({ ...user, email: user.email }, body.timeZone, request).catch((error: unknown) =>
          request.log.error({ err: error }, 'recovery mail not sent'),
        );
        pending.add(sending);
        void sending.finally(() => pending.delete(sending));
      } else {
        await recordLoginAttempt(app.db, body.username, request.ip, false);
      }
      return { message: MSG.recoverySent };
    },
  });

  async function mailLink(
    user: { id: number; email: string; name: string; username: string },
    timeZone: string | undefined,
    request: { headers: { 'accept-language'?: string | undefined } },
  ): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + RESET_LINK_TTL_MS);
    await createPasswordReset(app.db, user.id, resetTokenHash(token), expiresAt);
    const link = new URL('/login/change-password', app.config.publicUrl);
    link.searchParams.set('token', token);
    await mailer.send(
      recoveryMail({
        to: user.email,
        name: user.name,
        username: user.username,
        link: link.toString(),
        expiresAt,
        timeZone: timeZone ?? 'UTC',
        language: mailLanguageOf(request.headers['accept-language']),
      }),
    );
  }

  route({
    method: 'PUT',
    url: '/auth/password',
    access: 'public',
    body: ChangePasswordSchema,
    response: v.strictObject({ changed: v.literal(true) }),
    tags,
    summary: 'Set a new password through a mailed link; ends every session of the user',
    config: rateLimit,
    handler: async ({ body }) => {
      // Hashing first keeps the transaction (and its row lock) short.
      const passwordHash = await hash(body.password);
      const changed = await app.db.transaction(async (tx) => {
        const userId = await spendPasswordReset(tx, resetTokenHash(body.token));
        return userId === undefined ? undefined : setPassword(tx, userId, passwordHash);
      });
      if (changed === undefined) throw new HttpError(401, MSG.linkExpired);
      return { changed: true };
    },
  });

  route({
    method: 'PUT',
    url: '/auth/password/own',
    access: 'signed-in',
    response: AuthResponseSchema,
    body: ChangeOwnPasswordSchema,
    tags,
    summary: "Change one's own password (current one required); ends every other session, answers a fresh token",
    config: rateLimit,
    handler: async ({ user, body, request }) => {
      const current = await passwordHashOf(app.db, user.id);
      const ok = current ? await verify(current, body.currentPassword).catch(() => false) : false;
      // 422, not 401: the session is fine, only the typed value is refused (a 401 would sign the user out).
      if (!ok) throw new HttpError(422, MSG.wrongCurrentPassword, { currentPassword: MSG.wrongCurrentPassword });
      const passwordHash = await hash(body.password);
      const tokenVersion = await app.db.transaction((tx) => setPassword(tx, user.id, passwordHash, sessionOf(request)));
      if (tokenVersion === undefined) throw unauthorized();
      const view = await findUserView(app.db, user.id);
      if (!view) throw unauthorized();
      return { token: await app.signToken({ id: user.id, tokenVersion }, body.expiresIn), user: view };
    },
  });
}
