/**
 * Contracts (admin /contracts): the paged list and the create and edit modals' calls. The route helper
 * refuses 401, 403 (ADMINRO never writes), 404 (malformed ids) and 400 first; the service then answers
 * 404 (unknown carrier or a contract not of that carrier), 409 (ended) and 422 (end before start).
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { defineRoute, PathIdSchema, wrapped } from '../../http/route';
import { listContracts } from '../../repositories/contracts';
import { createContract, editContract, utcDay } from '../../services/contract-service';
import {
  ContractListSchema,
  ContractQuerySchema,
  ContractViewSchema,
  CreateContractSchema,
  UpdateContractSchema,
} from '../../../shared/schemas/contract';

const tags = ['contracts'];
const CarrierParams = v.object({ carrierId: PathIdSchema });
const ContractParams = v.object({ carrierId: PathIdSchema, contractId: PathIdSchema });

export async function contractRoutes(app: FastifyInstance) {
  const route = defineRoute(app);

  route({
    method: 'GET',
    url: '/contracts',
    access: 'contract:read',
    query: ContractQuerySchema,
    response: ContractListSchema,
    tags,
    handler: async ({ query }) => listContracts(app.db, query, utcDay(new Date())),
  });

  route({
    method: 'POST',
    url: '/carriers/:carrierId/contracts',
    access: 'contract:edit',
    params: CarrierParams,
    body: wrapped('contract', CreateContractSchema),
    response: v.strictObject({ contract: ContractViewSchema }),
    tags,
    handler: async ({ user, params, body, reply }) => {
      const contract = await createContract(app.db, user, params.carrierId, body);
      void reply.status(201);
      return { contract };
    },
  });

  route({
    method: 'PUT',
    url: '/carriers/:carrierId/contracts/:contractId',
    access: 'contract:edit',
    params: ContractParams,
    body: wrapped('contract', UpdateContractSchema),
    response: v.strictObject({ contract: ContractViewSchema }),
    tags,
    handler: async ({ user, params, body }) => ({
      contract: await editContract(app.db, user, params.carrierId, params.contractId, body),
    }),
  });
}
