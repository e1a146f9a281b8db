/**
 * Back-office master data: carrier options (/categories), supplier options (/suppliersabm), depots
 * (/depotsabm) and configuration values (/settings). Reads are for ADMIN and ADMINRO; writes for ADMIN
 * only. Permission first, then the id (404 when malformed), the body (400), then the service.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { IdParamsSchema } from '../../http/validate';
import { wrappedRoute } from '../../http/wrapped-body';
import { authOf } from '../../plugins/auth';
import { pageDepots, pageSuppliers } from '../../repositories/master-admin';
import { createDepot, editCarrier, editConfiguration, editSupplier } from '../../services/master-service';
import { UpdateCarrierSchema, type UpdateCarrierInput } from '../../../shared/schemas/carrier';
import { UpdateSettingSchema, type UpdateSettingInput } from '../../../shared/schemas/configuration';
import {
  CreateDepotSchema,
  DepotFilterQuerySchema,
  type CreateDepotInput,
  type DepotFilterQuery,
} from '../../../shared/schemas/depot';
import {
  SupplierFilterQuerySchema,
  UpdateSupplierSchema,
  type SupplierFilterQuery,
  type UpdateSupplierInput,
} from '../../../shared/schemas/supplier';

const tags = ['masters'];
const idOf = (request: FastifyRequest) => (request.params as v.InferOutput<typeof IdParamsSchema>).id;

export async function masterAdminRoutes(app: FastifyInstance) {
  const read = app.requirePermission('masters:manage');
  const edit = app.requirePermission('masters:edit');

  app.put(
    '/carriers/:id',
    {
      ...wrappedRoute({ params: IdParamsSchema, body: { name: 'carrier', schema: UpdateCarrierSchema }, tags }),
      onRequest: edit,
    },
    async (request) => editCarrier(app.db, authOf(request), idOf(request), request.body as UpdateCarrierInput),
  );

  app.get(
    '/suppliers/filters',
    { ...wrappedRoute({ query: SupplierFilterQuerySchema, tags }), onRequest: read },
    async (request) => pageSuppliers(app.db, request.query as SupplierFilterQuery),
  );

  app.put(
    '/suppliers/:id',
    {
      ...wrappedRoute({ params: IdParamsSchema, body: { name: 'supplier', schema: UpdateSupplierSchema }, tags }),
      onRequest: edit,
    },
    async (request) => ({
      supplier: await editSupplier(app.db, authOf(request), idOf(request), request.body as UpdateSupplierInput),
    }),
  );

  app.get(
    '/depots/filters',
    { ...wrappedRoute({ query: DepotFilterQuerySchema, tags }), onRequest: read },
    async (request) => pageDepots(app.db, request.query as DepotFilterQuery),
  );

  app.post(
    '/depots',
    { ...wrappedRoute({ body: { name: 'depot', schema: CreateDepotSchema }, tags }), onRequest: edit },
    async (request, reply) =>
      reply.status(201).send({ depot: await createDepot(app.db, authOf(request), request.body as CreateDepotInput) }),
  );

  app.put(
    '/configurations/:id',
    {
      ...wrappedRoute({ params: IdParamsSchema, body: { name: 'settings', schema: UpdateSettingSchema }, tags }),
      onRequest: app.requirePermission('settings:edit'),
    },
    async (request) => ({
      configuration: await editConfiguration(
        app.db,
        authOf(request),
        idOf(request),
        request.body as UpdateSettingInput,
      ),
    }),
  );
}
