/**
 * A carrier's equipment register (carrier /vehicles), scoped to the caller's carrier in SQL, and the
 * active equipment ids of a ticket's carrier that the supplier's documentation forms suggest (the
 * ticket must be in the caller's view, else 404).
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors';
import { defineRoute, IdParamsSchema, wrapped } from '../../http/route';
import { findTicket } from '../../repositories/tickets';
import { activeEquipmentOfTicketCarrier, listVehicles } from '../../repositories/vehicles';
import { createVehicle, editVehicle } from '../../services/vehicle-service';
import { EquipmentSuggestionQuerySchema, VehicleQuerySchema, VehicleSchema } from '../../../shared/schemas/vehicle';

const tags = ['vehicles'];

export async function vehicleRoutes(app: FastifyInstance) {
  const route = defineRoute(app);

  route({
    method: 'GET',
    url: '/vehicles',
    access: 'vehicle:read',
    query: VehicleQuerySchema,
    tags,
    handler: async ({ user, query }) => listVehicles(app.db, user.carrierId ?? -1, query),
  });

  route({
    method: 'GET',
    url: '/vehicles/suggestions',
    access: 'vehicle:suggest',
    query: EquipmentSuggestionQuerySchema,
    tags,
    handler: async ({ user, query }) => {
      if (!(await findTicket(app.db, user, query.ticketId)))
        throw new HttpError(404, `Ticket ${query.ticketId} not found`);
      return { equipmentIds: await activeEquipmentOfTicketCarrier(app.db, query.ticketId) };
    },
  });

  route({
    method: 'POST',
    url: '/vehicles',
    access: 'vehicle:write',
    body: wrapped('vehicle', VehicleSchema),
    tags,
    handler: async ({ user, body, reply }) =>
      reply.status(201).send({ vehicle: await createVehicle(app.db, user, body) }),
  });

  route({
    method: 'PUT',
    url: '/vehicles/:id',
    access: 'vehicle:write',
    params: IdParamsSchema,
    body: wrapped('vehicle', VehicleSchema),
    tags,
    handler: async ({ user, params, body }) => ({ vehicle: await editVehicle(app.db, user, params.id, body) }),
  });
}
