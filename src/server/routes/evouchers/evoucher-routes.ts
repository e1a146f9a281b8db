/** E-vouchers: GET /evouchers (scoped in SQL: a carrier sees its own) and GET /evouchers/{ticketId}/pdf. */
import type { FastifyInstance } from 'fastify';
import {
  EVOUCHER_MSG,
  EvoucherListSchema,
  EvoucherPdfQuerySchema,
  EvoucherQuerySchema,
} from '../../../shared/schemas/evoucher';
import { HttpError } from '../../http/errors';
import { defineRoute, fileAnswer, TicketIdParamsSchema } from '../../http/route';
import { findEvoucher, listEvouchers } from '../../repositories/evouchers';
import { evoucherFileName, evoucherPdf } from '../../services/evoucher-pdf';

export async function evoucherRoutes(app: FastifyInstance) {
  const route = defineRoute(app);
  const tags = ['evouchers'];

  route({
    method: 'GET',
    url: '/evouchers',
    access: 'evoucher:read',
    query: EvoucherQuerySchema,
    response: EvoucherListSchema,
    tags,
    summary: 'E-vouchers of delivered trips',
    handler: async ({ user, query: q }) =>
      listEvouchers(app.db, user, {
        carrierId: q.carrierId,
        from: q.from,
        to: q.to,
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
      }),
  });

  route({
    method: 'GET',
    url: '/evouchers/:ticketId/pdf',
    access: 'evoucher:read',
    params: TicketIdParamsSchema,
    query: EvoucherPdfQuerySchema,
    response: fileAnswer('application/pdf'),
    tags,
    summary: 'The e-voucher as a one-page PDF',
    handler: async ({ user, params, query, reply }) => {
      const voucher = await findEvoucher(app.db, user, params.ticketId);
      if (!voucher) throw new HttpError(404, EVOUCHER_MSG.notFound);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${evoucherFileName(voucher)}"`)
        .header('Cache-Control', 'private, no-store')
        .send(evoucherPdf(voucher, query.lang, query.tz));
    },
  });
}
