/**
 * Read-only master data that the ticket filters and forms need. Writes on masters come
 * with their own issue. Scoping (a supplier's own yards, a customs agent's own crossings) is done in the
 * repository's SQL.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { defineRoute } from '../../http/route';
import type { AuthUser } from '../../plugins/auth';
import {
  configurationNumber,
  listBorderCrossings,
  listCarriers,
  listConfigurations,
  listDepots,
  listDestinations,
  listSuppliers,
  pageCarriers,
} from '../../repositories/masters';

const tags = ['masters'];

const CarrierFilterSchema = v.object({
  mode: v.optional(
    v.pipe(
      v.union([v.string(), v.array(v.string())]),
      v.transform((x) =>
        (Array.isArray(x) ? x : [x])
          .flatMap((s) => s.split(','))
          .map((s) => s.trim().toUpperCase())
          .filter(Boolean),
      ),
      v.array(v.picklist(['TRUCK', 'RAILCAR'] as const, 'mode is TRUCK or RAILCAR')),
    ),
  ),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1)), '1'),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,5}$/), v.transform(Number), v.minValue(1), v.maxValue(1000)),
    '50',
  ),
});

export async function masterRoutes(app: FastifyInstance) {
  const route = defineRoute(app);
  const list = (url: string, read: (user: AuthUser) => Promise<unknown>) =>
    route({ method: 'GET', url, access: 'masters:read', tags, handler: async ({ user }) => read(user) });

  list('/destinations', async () => ({ destinations: await listDestinations(app.db) }));
  list('/carriers', async () => ({ carriers: await listCarriers(app.db) }));

  route({
    method: 'GET',
    url: '/carriers/filters',
    access: 'masters:read',
    query: CarrierFilterSchema,
    tags,
    handler: async ({ query: q }) => pageCarriers(app.db, { modes: q.mode, page: q.page, limit: q.limit }),
  });

  list('/suppliers', async (user) => ({ suppliers: await listSuppliers(app.db, user) }));
  list('/depots', async (user) => ({ depots: await listDepots(app.db, user, true) }));
  list('/depots/all', async (user) => ({ depots: await listDepots(app.db, user, false) }));
  list('/border-crossings', async (user) => ({ borderCrossings: await listBorderCrossings(app.db, user, true) }));
  list('/border-crossings/all', async (user) => ({ borderCrossings: await listBorderCrossings(app.db, user, false) }));

  route({
    method: 'GET',
    url: '/configurations',
    access: 'settings:read',
    tags,
    handler: async () => ({ configurations: await listConfigurations(app.db) }),
  });

  // How long an offer waits for its carrier before it moves on (ALLOCATION_FREQUENCY hours, 0 = never):
  // the carrier's home counts down to it. Only this value, not the settings, which stay the admins'.
  route({
    method: 'GET',
    url: '/configurations/offer-window',
    access: 'masters:read',
    tags,
    handler: async () => ({ hours: await configurationNumber(app.db, 'ALLOCATION_FREQUENCY', 0) }),
  });
}
