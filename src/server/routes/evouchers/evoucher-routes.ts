/** E-vouchers: GET /evouchers (scoped in SQL: a carrier sees its own) and GET /evouchers/{ticketId}/pdf. */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  EVOUCHER_MSG,
  EvoucherParamsSchema,
  EvoucherPdfQuerySchema,
  EvoucherQuerySchema,
  type EvoucherQuery,
} from '../../../shared/schemas/evoucher';
import { HttpError } from '../../http/errors';
import { withSchemas } from '../../http/validate';
import { authOf } from '../../plugins/auth';
import { findEvoucher, listEvouchers } from '../../repositories/evouchers';
import { evoucherFileName, evoucherPdf } from '../../services/evoucher-pdf';

export async function evoucherRoutes(app: FastifyInstance) {
  const tags = ['evouchers'];

  app.get(
    '/evouchers',
    {
      ...withSchemas({ tags, query: EvoucherQuerySchema, summary: 'E-vouchers of delivered trips' }),
      preHandler: app.requirePermission('evoucher:read'),
    },
    async (request) => {
      const q = request.query as EvoucherQuery;
      return listEvouchers(app.db, authOf(request), {
        carrierId: q.carrierId,
        from: q.from,
        to: q.to,
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
      });
    },
  );

  app.get(
    '/evouchers/:ticketId/pdf',
    {
      ...withSchemas({
        tags,
        params: EvoucherParamsSchema,
        query: EvoucherPdfQuerySchema,
        summary: 'The e-voucher as a one-page PDF',
      }),
      preHandler: app.requirePermission('evoucher:read'),
    },
    async (request, reply) => {
      const { ticketId } = request.params as v.InferOutput<typeof EvoucherParamsSchema>;
      const { lang } = request.query as v.InferOutput<typeof EvoucherPdfQuerySchema>;
      const voucher = await findEvoucher(app.db, authOf(request), ticketId);
      if (!voucher) throw new HttpError(404, EVOUCHER_MSG.notFound);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${evoucherFileName(voucher)}"`)
        .header('Cache-Control', 'private, no-store')
        .send(evoucherPdf(voucher, lang));
    },
  );
}
