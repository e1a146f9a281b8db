import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { FirebaseTokenSchema } from '../../../shared/schemas/auth';
import { OkAnswer } from '../../../shared/schemas/schema-helpers';
import { UserSchema } from '../../../shared/schemas/user';
import { ERROR_CODES } from '../../../shared/errors';
import { HttpError } from '../../http/errors';
import { defineRoute, IdParamsSchema } from '../../http/route';
import type { AuthUser } from '../../plugins/auth';
import { addFirebaseToken, findUserView, removeFirebaseToken } from '../../repositories/users';

/** A user may read and change only themselves; admins may read anyone. */
function ownOrAdmin(auth: AuthUser, id: number, write: boolean) {
  if (auth.id === id) return auth;
  if (!write && auth.roles.some((r) => r === 'ADMIN' || r === 'ADMINRO')) return auth;
  throw new HttpError(404, 'Not found');
}

/** How long after a sign-in its session may take a device token from another user. */
const TAKE_AFTER_SIGN_IN_MS = 10 * 60 * 1000;

export async function userRoutes(app: FastifyInstance) {
  const route = defineRoute(app);
  const tags = ['users'];

  route({
    method: 'GET',
    url: '/users/:id',
    response: v.strictObject({ user: UserSchema }),
    access: 'signed-in',
    params: IdParamsSchema,
    tags,
    handler: async ({ user, params: { id } }) => {
      ownOrAdmin(user, id, false);
      const found = await findUserView(app.db, id);
      if (!found) throw new HttpError(404, 'Not found');
      return { user: found };
    },
  });

  route({
    method: 'PUT',
    url: '/users/:id/firebaseToken',
    response: OkAnswer,
    access: 'signed-in',
    params: IdParamsSchema,
    body: FirebaseTokenSchema,
    tags,
    handler: async ({ user, params: { id }, body, request }) => {
      // Only a sign-in moves a device token from another user (repositories/users.ts addFirebaseToken):
      // the app registers the device right after signing in, so a session this young is that sign-in.
      const mayTake =
        request.sessionStartedAt !== null && Date.now() - request.sessionStartedAt <= TAKE_AFTER_SIGN_IN_MS;
      const { takenFrom, dropped, refused } = await addFirebaseToken(
        app.db,
        ownOrAdmin(user, id, true).id,
        body.token,
        {
          mayTake,
        },
      );
      if (refused) {
        throw new HttpError(
          409,
          "This device's notifications belong to another user's sign-in. Sign in again on it to take them.",
          undefined,
          {
            code: ERROR_CODES.deviceTokenTaken,
          },
        );
      }
      // The token itself is a credential of the device: it is not logged, only whose registration ended.
      if (takenFrom !== null) app.log.info({ userId: user.id, takenFrom }, 'device token moved to another user');
      if (dropped > 0) app.log.info({ userId: user.id, dropped }, 'oldest device tokens dropped over the cap');
      return { ok: true };
    },
  });

  route({
    method: 'PUT',
    url: '/users/:id/firebaseToken/remove',
    response: OkAnswer,
    access: 'signed-in',
    params: IdParamsSchema,
    body: v.object({ token: v.optional(v.string()) }),
    tags,
    handler: async ({ user, params: { id }, body }) => {
      await removeFirebaseToken(app.db, ownOrAdmin(user, id, true).id, body.token);
      return { ok: true };
    },
  });
}
