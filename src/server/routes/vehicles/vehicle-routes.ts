/**
 * A carrier's equipment register (carrier /vehicles), scoped to the caller's carrier in SQL, and the
 * active equipment ids of a ticket's carrier that the supplier's documentation forms suggest (the
 * ticket must be in the caller's view, else 404).
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors';
import { defineRoute, IdParamsSchema, wrapped } from '../../http/route';
import { findTicket } from '../../repositories/ticket-pages';
import { activeEquipmentOfTicketCarrier, listVehicles } from '../../repositories/vehicles';
import { createVehicle, editVehicle } from '../../services/vehicle-service';
import * as v from 'valibot';
import { AnswerCount } from '../../../shared/schemas/schema-helpers';
import {
  EquipmentSuggestionQuerySchema,
  VehicleQuerySchema,
  VehicleSchema,
  VehicleViewSchema,
} from '../../../shared/schemas/vehicle';

const OneVehicle = v.strictObject({ vehicle: VehicleViewSchema });

const tags = ['vehicles'];

export async function vehicleRoutes(app: FastifyInstance) {
  const route = defineRoute(app);

  route({
    method: 'GET',
    url: '/vehicles',
    response: v.strictObject({ vehicles: v.array(VehicleViewSchema), count: AnswerCount }),
    access: 'vehicle:read',
    query: VehicleQuerySchema,
    tags,
    handler: async ({ user, query }) => listVehicles(app.db, user.carrierId ?? -1, query),
  });

  route({
    method: 'GET',
    url: '/vehicles/suggestions',
    response: v.strictObject({ equipmentIds: v.array(v.string()) }),
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
    response: OneVehicle,
    access: 'vehicle:write',
    body: wrapped('vehicle', VehicleSchema),
    tags,
    handler: async ({ user, body, reply }) => {
      const vehicle = await createVehicle(app.db, user, body);
      void reply.status(201);
      return { vehicle };
    },
  });

  route({
    method: 'PUT',
    url: '/vehicles/:id',
    response: OneVehicle,
    access: 'vehicle:write',
    params: IdParamsSchema,
    body: wrapped('vehicle', VehicleSchema),
    tags,
    handler: async ({ user, params, body }) => ({ vehicle: await editVehicle(app.db, user, params.id, body) }),
  });
}
