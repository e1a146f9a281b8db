/**
 * Read-only master data that the ticket filters and forms need. Writes on masters come
 * with their own issue. Scoping (a supplier's own yards, a customs agent's own crossings) is done in the
 * repository's SQL.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { CarrierViewSchema } from '../../../shared/schemas/carrier';
import { ConfigurationViewSchema } from '../../../shared/schemas/configuration';
import { DepotListItemSchema } from '../../../shared/schemas/depot';
import { AnswerCount, AnswerId } from '../../../shared/schemas/schema-helpers';
import { SupplierListItemSchema } from '../../../shared/schemas/supplier';
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

const NamedSchema = v.strictObject({ id: AnswerId, name: v.string() });
/** A border crossing and the customs agent at it. */
const BorderCrossingSchema = v.strictObject({
  id: AnswerId,
  description: v.string(),
  customsAgent: v.nullable(
    v.strictObject({ id: AnswerId, tradeName: v.nullable(v.string()), businessName: v.nullable(v.string()) }),
  ),
});

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
  /** A master list every role's forms and filters read: `{ key: [items] }`. */
  const list = (url: string, key: string, item: v.GenericSchema, read: (user: AuthUser) => Promise<unknown[]>) =>
    route({
      method: 'GET',
      url,
      access: 'masters:read',
      response: v.strictObject({ [key]: v.array(item) }),
      tags,
      handler: async ({ user }) => ({ [key]: await read(user) }),
    });

  list('/destinations', 'destinations', NamedSchema, () => listDestinations(app.db));
  list('/carriers', 'carriers', CarrierViewSchema, () => listCarriers(app.db));

  route({
    method: 'GET',
    url: '/carriers/filters',
    access: 'masters:read',
    query: CarrierFilterSchema,
    response: v.strictObject({ carriers: v.array(CarrierViewSchema), count: AnswerCount }),
    tags,
    handler: async ({ query: q }) => pageCarriers(app.db, { modes: q.mode, page: q.page, limit: q.limit }),
  });

  list('/suppliers', 'suppliers', SupplierListItemSchema, (user) => listSuppliers(app.db, user));
  list('/depots', 'depots', DepotListItemSchema, (user) => listDepots(app.db, user, true));
  list('/depots/all', 'depots', DepotListItemSchema, (user) => listDepots(app.db, user, false));
  list('/border-crossings', 'borderCrossings', BorderCrossingSchema, (user) => listBorderCrossings(app.db, user, true));
  list('/border-crossings/all', 'borderCrossings', BorderCrossingSchema, (user) =>
    listBorderCrossings(app.db, user, false),
  );

  route({
    method: 'GET',
    url: '/configurations',
    access: 'settings:read',
    response: v.strictObject({ configurations: v.array(ConfigurationViewSchema) }),
    tags,
    handler: async () => ({ configurations: await listConfigurations(app.db) }),
  });

  // How long an offer waits for its carrier before it moves on (ALLOCATION_FREQUENCY hours, 0 = never):
  // the carrier's home counts down to it. Only this value, not the settings, which stay the admins'.
  route({
    method: 'GET',
    url: '/configurations/offer-window',
    access: 'masters:read',
    response: v.strictObject({ hours: v.number() }),
    tags,
    handler: async () => ({ hours: await configurationNumber(app.db, 'ALLOCATION_FREQUENCY', 0) }),
  });
}
