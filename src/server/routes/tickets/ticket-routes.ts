/**
 * Ticket routes. The route helper refuses in order (401, 403, 404 for a malformed id,
 * 400 for the body); the service decides the rest (404 outside the caller's view, 409 in the wrong
 * status, 422 for a refused value).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { defineRoute, IdParamsSchema, wrapped } from '../../http/route';
import { carrierServiceLevels } from '../../repositories/service-levels';
import { countByStatus } from '../../repositories/ticket-counts';
import { findTicket, listTickets } from '../../repositories/ticket-pages';
import { notFound } from '../../http/errors';
import { JsonText } from '../../http/json-text';
import { TICKET_LIST_DEFAULTS } from '../../../shared/domain/role-views';
import {
  ConfirmTicketSchema,
  CreateTicketSchema,
  DeclineTicketSchema,
  ManualAssignSchema,
  PassOfferSchema,
  TicketQuerySchema,
  UpdateTicketSchema,
} from '../../../shared/schemas/ticket';
import {
  CarrierServiceLevelSchema,
  StatusCountSchema,
  TicketPageSchema,
  TicketViewSchema,
} from '../../../shared/schemas/ticket-view';
import { expandStatuses } from './ticket-schemas';
import {
  assignManually,
  cancelTicket,
  confirmTicket,
  createTickets,
  declineTicket,
  passOffer,
  updateTicket,
} from '../../services/ticket-service';
import { deleteTicket } from '../../services/ticket-delete';

const tags = ['tickets'];
/** A transition's answer: the ticket as it now stands. */
const OneTicket = v.strictObject({ ticket: TicketViewSchema });

/**
 * The time an offline accept was queued (X-Queued-At). The device could only queue it while signed in
 * in this token's session, which silent renewals continue (plugins/auth.ts), so a claim earlier than the
 * session's sign-in is not believed (nor is one that is unreadable); the withdrawal rule then also
 * ignores one older than 24 h or in the future. A claim not believed is dropped: the accept is judged
 * at the real now.
 */
function queuedAtOf(request: FastifyRequest): Date | null {
  const header = request.headers['x-queued-at'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const since = request.sessionStartedAt;
  return since !== null && date.getTime() >= since ? date : null;
}

export async function ticketRoutes(app: FastifyInstance) {
  const route = defineRoute(app);

  route({
    method: 'GET',
    url: '/tickets',
    access: 'ticket:read',
    query: TicketQuerySchema,
    response: TicketPageSchema,
    tags,
    handler: async ({ user, query: q }) => {
      const page = await listTickets(app.db, user, {
        statuses: expandStatuses(user.roles, q.statusName),
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
        customsRead: q.customsRead,
        unpaid: q.unpaid,
      });
      // The views as the database wrote them: TicketPage without parsing and serialising them again.
      return new JsonText(`{"tickets":${page.viewsJson},"count":${page.count}}`);
    },
  });

  route({
    method: 'GET',
    url: '/tickets/count/states',
    access: 'ticket:counts',
    response: v.array(StatusCountSchema),
    tags,
    handler: async ({ user }) => countByStatus(app.db, user),
  });

  route({
    method: 'GET',
    url: '/tickets/count/carrier',
    access: 'servicelevel:read',
    response: v.strictObject({ carriers: v.array(CarrierServiceLevelSchema) }),
    tags,
    handler: async () => new JsonText(`{"carriers":${await carrierServiceLevels(app.db)}}`),
  });

  route({
    method: 'GET',
    url: '/tickets/:id',
    access: 'ticket:read',
    params: IdParamsSchema,
    response: OneTicket,
    tags,
    handler: async ({ user, params }) => {
      const ticket = await findTicket(app.db, user, params.id);
      if (!ticket) throw notFound(`Ticket ${params.id} not found`);
      return { ticket };
    },
  });

  route({
    method: 'POST',
    url: '/tickets',
    access: 'ticket:create',
    body: wrapped('ticket', CreateTicketSchema),
    response: v.strictObject({ tickets: v.array(TicketViewSchema) }),
    tags,
    handler: async ({ user, body, reply }) => {
      const tickets = await createTickets(app.db, user, body);
      void reply.status(201);
      return { tickets };
    },
  });

  route({
    method: 'PUT',
    url: '/tickets/:id/confirm',
    access: 'ticket:confirm',
    params: IdParamsSchema,
    body: wrapped('ticket', ConfirmTicketSchema),
    response: OneTicket,
    tags,
    handler: async ({ user, params, body, request }) => ({
      ticket: await confirmTicket(app.db, user, params.id, body, new Date(), queuedAtOf(request)),
    }),
  });

  route({
    method: 'PUT',
    url: '/tickets/:id/decline',
    access: 'ticket:decline',
    params: IdParamsSchema,
    body: wrapped('ticket', DeclineTicketSchema),
    response: OneTicket,
    tags,
    handler: async ({ user, params, body }) => ({ ticket: await declineTicket(app.db, user, params.id, body.reason) }),
  });

  // Beyond the spec (DESIGN.md section 3): the carrier passes on a PENDING offer with a reason.
  route({
    method: 'PUT',
    url: '/tickets/:id/pass',
    access: 'ticket:pass',
    params: IdParamsSchema,
    body: wrapped('ticket', PassOfferSchema),
    response: OneTicket,
    tags,
    handler: async ({ user, params, body }) => ({ ticket: await passOffer(app.db, user, params.id, body.reason) }),
  });

  route({
    method: 'PUT',
    url: '/tickets/:id/manual',
    access: 'ticket:manual',
    params: IdParamsSchema,
    body: wrapped('ticket', ManualAssignSchema),
    response: OneTicket,
    tags,
    handler: async ({ user, params, body }) => ({ ticket: await assignManually(app.db, user, params.id, body) }),
  });

  route({
    method: 'PATCH',
    url: '/tickets/cancel/:id',
    access: 'ticket:cancel',
    params: IdParamsSchema,
    response: OneTicket,
    tags,
    handler: async ({ user, params }) => ({ ticket: await cancelTicket(app.db, user, params.id) }),
  });

  route({
    method: 'DELETE',
    url: '/tickets/:id',
    access: 'ticket:delete',
    params: IdParamsSchema,
    response: v.strictObject({ ok: v.literal(true), id: v.number() }),
    tags,
    handler: async ({ user, params }) => deleteTicket(app.db, user, params.id),
  });

  route({
    method: 'PUT',
    url: '/tickets/:id',
    access: 'ticket:update',
    params: IdParamsSchema,
    body: wrapped('ticket', UpdateTicketSchema),
    response: OneTicket,
    tags,
    handler: async ({ user, params, body }) => ({ ticket: await updateTicket(app.db, user, params.id, body) }),
  });
}
