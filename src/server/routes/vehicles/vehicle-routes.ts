/**
 * A carrier's equipment register (carrier /vehicles), scoped to the caller's carrier in SQL, and the
 * active equipment ids of a ticket's carrier that the supplier's documentation forms suggest (the
 * ticket must be in the caller's view, else 404).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { HttpError } from '../../http/errors';
import { IdParamsSchema } from '../../http/validate';
import { wrappedRoute } from '../../http/wrapped-body';
import { authOf } from '../../plugins/auth';
import { findTicket } from '../../repositories/tickets';
import { activeEquipmentOfTicketCarrier, listVehicles } from '../../repositories/vehicles';
import { createVehicle, editVehicle } from '../../services/vehicle-service';
import {
  EquipmentSuggestionQuerySchema,
  VehicleQuerySchema,
  VehicleSchema,
  type VehicleInput,
  type VehicleQuery,
} from '../../../shared/schemas/vehicle';

const tags = ['vehicles'];
const idOf = (request: FastifyRequest) => (request.params as v.InferOutput<typeof IdParamsSchema>).id;

export async function vehicleRoutes(app: FastifyInstance) {
  app.get(
    '/vehicles',
    { ...wrappedRoute({ query: VehicleQuerySchema, tags }), onRequest: app.requirePermission('vehicle:read') },
    async (request) => listVehicles(app.db, authOf(request).carrierId ?? -1, request.query as VehicleQuery),
  );

  app.get(
    '/vehicles/suggestions',
    {
      ...wrappedRoute({ query: EquipmentSuggestionQuerySchema, tags }),
      onRequest: app.requirePermission('vehicle:suggest'),
    },
    async (request) => {
      const { ticketId } = request.query as v.InferOutput<typeof EquipmentSuggestionQuerySchema>;
      if (!(await findTicket(app.db, authOf(request), ticketId)))
        throw new HttpError(404, `Ticket ${ticketId} not found`);
      return { equipmentIds: await activeEquipmentOfTicketCarrier(app.db, ticketId) };
    },
  );

  app.post(
    '/vehicles',
    {
      ...wrappedRoute({ body: { name: 'vehicle', schema: VehicleSchema }, tags }),
      onRequest: app.requirePermission('vehicle:write'),
    },
    async (request, reply) =>
      reply.status(201).send({ vehicle: await createVehicle(app.db, authOf(request), request.body as VehicleInput) }),
  );

  app.put(
    '/vehicles/:id',
    {
      ...wrappedRoute({ params: IdParamsSchema, body: { name: 'vehicle', schema: VehicleSchema }, tags }),
      onRequest: app.requirePermission('vehicle:write'),
    },
    async (request) => ({
      vehicle: await editVehicle(app.db, authOf(request), idOf(request), request.body as VehicleInput),
    }),
  );
}
