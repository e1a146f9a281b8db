/**
 * Back-office master data: carrier options (/categories), supplier options (/suppliersabm), depots
 * (/depotsabm) and configuration values (/settings). Reads are for ADMIN and ADMINRO, writes for ADMIN
 * only; the services decide 404 / 409 / 422.
 */
import type { FastifyInstance } from 'fastify';
import { defineRoute, IdParamsSchema, wrapped } from '../../http/route';
import { pageDepots, pageSuppliers } from '../../repositories/master-admin';
import { createDepot, editCarrier, editConfiguration, editSupplier } from '../../services/master-service';
import * as v from 'valibot';
import { UpdateCarrierResultSchema, UpdateCarrierSchema } from '../../../shared/schemas/carrier';
import { ConfigurationViewSchema, UpdateSettingSchema } from '../../../shared/schemas/configuration';
import { CreateDepotSchema, DepotFilterQuerySchema, DepotViewSchema } from '../../../shared/schemas/depot';
import { AnswerCount } from '../../../shared/schemas/schema-helpers';
import { SupplierFilterQuerySchema, SupplierViewSchema, UpdateSupplierSchema } from '../../../shared/schemas/supplier';

const tags = ['masters'];

export async function masterAdminRoutes(app: FastifyInstance) {
  const route = defineRoute(app);

  route({
    method: 'PUT',
    url: '/carriers/:id',
    access: 'masters:edit',
    params: IdParamsSchema,
    body: wrapped('carrier', UpdateCarrierSchema),
    response: UpdateCarrierResultSchema,
    tags,
    handler: async ({ user, params, body }) => editCarrier(app.db, user, params.id, body),
  });

  route({
    method: 'GET',
    url: '/suppliers/filters',
    access: 'masters:manage',
    query: SupplierFilterQuerySchema,
    response: v.strictObject({ suppliers: v.array(SupplierViewSchema), count: AnswerCount }),
    tags,
    handler: async ({ query }) => pageSuppliers(app.db, query),
  });

  route({
    method: 'PUT',
    url: '/suppliers/:id',
    access: 'masters:edit',
    params: IdParamsSchema,
    body: wrapped('supplier', UpdateSupplierSchema),
    response: v.strictObject({ supplier: SupplierViewSchema }),
    tags,
    handler: async ({ user, params, body }) => ({ supplier: await editSupplier(app.db, user, params.id, body) }),
  });

  route({
    method: 'GET',
    url: '/depots/filters',
    access: 'masters:manage',
    query: DepotFilterQuerySchema,
    response: v.strictObject({ depots: v.array(DepotViewSchema), count: AnswerCount }),
    tags,
    handler: async ({ query }) => pageDepots(app.db, query),
  });

  route({
    method: 'POST',
    url: '/depots',
    access: 'masters:edit',
    body: wrapped('depot', CreateDepotSchema),
    response: v.strictObject({ depot: DepotViewSchema }),
    tags,
    handler: async ({ user, body, reply }) => {
      const depot = await createDepot(app.db, user, body);
      void reply.status(201);
      return { depot };
    },
  });

  route({
    method: 'PUT',
    url: '/configurations/:id',
    access: 'settings:edit',
    params: IdParamsSchema,
    body: wrapped('settings', UpdateSettingSchema),
    response: v.strictObject({ configuration: ConfigurationViewSchema }),
    tags,
    handler: async ({ user, params, body }) => ({
      configuration: await editConfiguration(app.db, user, params.id, body),
    }),
  });
}
