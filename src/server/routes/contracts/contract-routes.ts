/**
 * Contracts (admin /contracts): the paged list and the create and edit modals' calls. Permission first
 * (401, then 403 — ADMINRO never writes), then the ids (404 when malformed), the body (400), and the
 * service's 404 / 409 (ended) / 422 (end before start).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { wrappedRoute } from '../../http/wrapped-body';
import { authOf } from '../../plugins/auth';
import { listContracts } from '../../repositories/contracts';
import { createContract, editContract, utcDay } from '../../services/contract-service';
import {
  ContractQuerySchema,
  CreateContractSchema,
  UpdateContractSchema,
  type ContractQuery,
  type CreateContractInput,
  type UpdateContractInput,
} from '../../../shared/schemas/contract';

const tags = ['contracts'];
const idText = v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number));
const CarrierParams = v.object({ carrierId: idText });
const ContractParams = v.object({ carrierId: idText, contractId: idText });

const paramsOf = <T>(request: FastifyRequest) => request.params as T;

export async function contractRoutes(app: FastifyInstance) {
  app.get(
    '/contracts',
    { ...wrappedRoute({ query: ContractQuerySchema, tags }), onRequest: app.requirePermission('contract:read') },
    async (request) => listContracts(app.db, request.query as ContractQuery, utcDay(new Date())),
  );

  app.post(
    '/carriers/:carrierId/contracts',
    {
      ...wrappedRoute({ params: CarrierParams, body: { name: 'contract', schema: CreateContractSchema }, tags }),
      onRequest: app.requirePermission('contract:edit'),
    },
    async (request, reply) => {
      const { carrierId } = paramsOf<v.InferOutput<typeof CarrierParams>>(request);
      const contract = await createContract(app.db, authOf(request), carrierId, request.body as CreateContractInput);
      return reply.status(201).send({ contract });
    },
  );

  app.put(
    '/carriers/:carrierId/contracts/:contractId',
    {
      ...wrappedRoute({ params: ContractParams, body: { name: 'contract', schema: UpdateContractSchema }, tags }),
      onRequest: app.requirePermission('contract:edit'),
    },
    async (request) => {
      const { carrierId, contractId } = paramsOf<v.InferOutput<typeof ContractParams>>(request);
      return {
        contract: await editContract(
          app.db,
          authOf(request),
          carrierId,
          contractId,
          request.body as UpdateContractInput,
        ),
      };
    },
  );
}
