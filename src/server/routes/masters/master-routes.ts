/**
 * Read-only master data of spec section 7 that the ticket filters and forms need. Writes on masters come
 * with their own issue. Scoping (a supplier's own yards, a customs agent's own crossings) is done in the
 * repository's SQL.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { withSchemas } from '../../http/validate';
import { authOf } from '../../plugins/auth';
import {
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
  const read = app.requirePermission('masters:read');

  app.get('/destinations', { schema: { tags }, onRequest: read }, async () => ({
    destinations: await listDestinations(app.db),
  }));

  app.get('/carriers', { schema: { tags }, onRequest: read }, async () => ({ carriers: await listCarriers(app.db) }));

  app.get(
    '/carriers/filters',
    { ...withSchemas({ query: CarrierFilterSchema, tags }), onRequest: read },
    async (request) => {
      const q = request.query as v.InferOutput<typeof CarrierFilterSchema>;
      return pageCarriers(app.db, { modes: q.mode, page: q.page, limit: q.limit });
    },
  );

  app.get('/suppliers', { schema: { tags }, onRequest: read }, async (request) => ({
    suppliers: await listSuppliers(app.db, authOf(request)),
  }));

  app.get('/depots', { schema: { tags }, onRequest: read }, async (request) => ({
    depots: await listDepots(app.db, authOf(request), true),
  }));

  app.get('/depots/all', { schema: { tags }, onRequest: read }, async (request) => ({
    depots: await listDepots(app.db, authOf(request), false),
  }));

  app.get('/border-crossings', { schema: { tags }, onRequest: read }, async (request) => ({
    borderCrossings: await listBorderCrossings(app.db, authOf(request), true),
  }));

  app.get('/border-crossings/all', { schema: { tags }, onRequest: read }, async (request) => ({
    borderCrossings: await listBorderCrossings(app.db, authOf(request), false),
  }));

  app.get('/configurations', { schema: { tags }, onRequest: app.requirePermission('settings:read') }, async () => ({
    configurations: await listConfigurations(app.db),
  }));
}
