import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { FirebaseTokenSchema } from '../../../shared/schemas/auth';
import { HttpError } from '../../http/errors';
import { IdParamsSchema, withSchemas } from '../../http/validate';
import { authOf } from '../../plugins/auth';
import { addFirebaseToken, findUserView, removeFirebaseToken } from '../../repositories/users';

type IdParams = v.InferOutput<typeof IdParamsSchema>;

export async function userRoutes(app: FastifyInstance) {
  /** A user may read and change only themselves; admins may read anyone. */
  function ownOrAdmin(request: Parameters<typeof authOf>[0], id: number, write: boolean) {
    const auth = authOf(request);
    if (auth.id === id) return auth;
    if (!write && auth.roles.some((r) => r === 'ADMIN' || r === 'ADMINRO')) return auth;
    throw new HttpError(404, 'Not found');
  }

  app.get('/users/:id', { ...withSchemas({ params: IdParamsSchema, tags: ['users'] }), preHandler: app.authenticate }, async (request) => {
    const { id } = request.params as IdParams;
    ownOrAdmin(request, id, false);
    const user = await findUserView(app.db, id);
    if (!user) throw new HttpError(404, 'Not found');
    return { user };
  });

  app.put(
    '/users/:id/firebaseToken',
    { ...withSchemas({ params: IdParamsSchema, body: FirebaseTokenSchema, tags: ['users'] }), preHandler: app.authenticate },
    async (request) => {
      const { id } = request.params as IdParams;
      const auth = ownOrAdmin(request, id, true);
      const { token } = request.body as v.InferOutput<typeof FirebaseTokenSchema>;
      await addFirebaseToken(app.db, auth.id, token);
      return { ok: true };
    },
  );

  app.put(
    '/users/:id/firebaseToken/remove',
    {
      ...withSchemas({ params: IdParamsSchema, body: v.object({ token: v.optional(v.string()) }), tags: ['users'] }),
      preHandler: app.authenticate,
    },
    async (request) => {
      const { id } = request.params as IdParams;
      const auth = ownOrAdmin(request, id, true);
      const { token } = request.body as { token?: string };
      await removeFirebaseToken(app.db, auth.id, token);
      return { ok: true };
    },
  );
}
