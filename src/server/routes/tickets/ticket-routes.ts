/**
 * Ticket routes of spec section 7. Permission is checked on request (401/403 before anything else), then
 * the id (404 when malformed), then the body (400 with one message per field); the service decides the
 * rest (404 outside the caller's view, 409 in the wrong status, 422 for a refused value).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { IdParamsSchema, withSchemas } from '../../http/validate';
import { authOf } from '../../plugins/auth';
import { carrierServiceLevels, countByStatus, findTicket, listTickets } from '../../repositories/tickets';
import { notFound } from '../../http/errors';
import { TICKET_LIST_DEFAULTS } from '../../../shared/domain/role-views';
import {
  ConfirmTicketSchema,
  CreateTicketSchema,
  DeclineTicketSchema,
  ManualAssignSchema,
  UpdateTicketSchema,
} from '../../../shared/schemas/ticket';
import { documentBody, expandStatuses, ServerTicketQuerySchema, ticketBody, type TicketQuery } from './ticket-schemas';
import {
  assignManually,
  cancelTicket,
  confirmTicket,
  createTickets,
  declineTicket,
  deleteTicket,
  updateTicket,
} from './ticket-service';

type IdParams = v.InferOutput<typeof IdParamsSchema>;
const tags = ['tickets'];
const idOf = (request: FastifyRequest) => (request.params as IdParams).id;

/** The time an offline accept was queued (X-Queued-At); the withdrawal rule decides whether it counts. */
function queuedAtOf(request: FastifyRequest): Date | null {
  const header = request.headers['x-queued-at'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export async function ticketRoutes(app: FastifyInstance) {
  const create = ticketBody(CreateTicketSchema);
  const confirm = ticketBody(ConfirmTicketSchema);
  const decline = ticketBody(DeclineTicketSchema);
  const manual = ticketBody(ManualAssignSchema);
  const update = ticketBody(UpdateTicketSchema);
  const withId = withSchemas({ params: IdParamsSchema, tags });

  app.get(
    '/tickets',
    { ...withSchemas({ query: ServerTicketQuerySchema, tags }), onRequest: app.requirePermission('ticket:read') },
    async (request) => {
      const q = request.query as TicketQuery;
      const auth = authOf(request);
      return listTickets(app.db, auth, {
        statuses: expandStatuses(auth.roles, q.statusName),
        page: q.page,
        limit: q.limit ?? TICKET_LIST_DEFAULTS.generic.limit,
        ticketId: q.ticketId,
        invoiceNumber: q.invoiceNumber,
        taInvoiceNumber: q.taInvoiceNumber,
        equipment: q.equipment,
        carrierIds: q.carrierId,
        carrierModes: q.carrierMode,
        supplierIds: q.supplierId,
        destinationIds: q.destinationId,
        borderCrossingIds: q.borderCrossingId,
        orderBy: q.orderBy,
        beforeDate: q.beforeDate === undefined ? undefined : new Date(q.beforeDate),
        unassigned: q.unassigned,
        all: q.all,
      });
    },
  );

  app.get(
    '/tickets/count/states',
    { schema: { tags }, onRequest: app.requirePermission('ticket:counts') },
    async (request) => countByStatus(app.db, authOf(request)),
  );

  app.get(
    '/tickets/count/carrier',
    { schema: { tags }, onRequest: app.requirePermission('servicelevel:read') },
    async () => ({
      carriers: await carrierServiceLevels(app.db),
    }),
  );

  app.get('/tickets/:id', { ...withId, onRequest: app.requirePermission('ticket:read') }, async (request) => {
    const ticket = await findTicket(app.db, authOf(request), idOf(request));
    if (!ticket) throw notFound(`Ticket ${idOf(request)} not found`);
    return { ticket };
  });

  app.post(
    '/tickets',
    { schema: { tags, body: create.doc }, onRequest: app.requirePermission('ticket:create') },
    async (request, reply) => {
      const tickets = await createTickets(app.db, authOf(request), create.parse(request.body));
      return reply.status(201).send({ tickets });
    },
  );

  app.put(
    '/tickets/:id/confirm',
    {
      ...documentBody(withId, confirm.doc),
      preValidation: withId.preValidation,
      onRequest: app.requirePermission('ticket:confirm'),
    },
    async (request) => ({
      ticket: await confirmTicket(
        app.db,
        authOf(request),
        idOf(request),
        confirm.parse(request.body),
        new Date(),
        queuedAtOf(request),
      ),
    }),
  );

  app.put(
    '/tickets/:id/decline',
    {
      ...documentBody(withId, decline.doc),
      preValidation: withId.preValidation,
      onRequest: app.requirePermission('ticket:decline'),
    },
    async (request) => ({
      ticket: await declineTicket(app.db, authOf(request), idOf(request), decline.parse(request.body).reason),
    }),
  );

  app.put(
    '/tickets/:id/manual',
    {
      ...documentBody(withId, manual.doc),
      preValidation: withId.preValidation,
      onRequest: app.requirePermission('ticket:manual'),
    },
    async (request) => ({
      ticket: await assignManually(app.db, authOf(request), idOf(request), manual.parse(request.body)),
    }),
  );

  app.patch(
    '/tickets/cancel/:id',
    { ...withId, onRequest: app.requirePermission('ticket:cancel') },
    async (request) => ({
      ticket: await cancelTicket(app.db, authOf(request), idOf(request)),
    }),
  );

  app.delete('/tickets/:id', { ...withId, onRequest: app.requirePermission('ticket:delete') }, async (request) =>
    deleteTicket(app.db, authOf(request), idOf(request)),
  );

  app.put(
    '/tickets/:id',
    {
      ...documentBody(withId, update.doc),
      preValidation: withId.preValidation,
      onRequest: app.requirePermission('ticket:update'),
    },
    async (request) => ({
      ticket: await updateTicket(app.db, authOf(request), idOf(request), update.parse(request.body)),
    }),
  );
}
