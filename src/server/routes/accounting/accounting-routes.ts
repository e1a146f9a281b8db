/**
 * Accounting batches (RPA) and their exports: GET/POST /rpa, GET /rpa/{id}, GET /data-sap/excel?rpaId=
 * (the ERP workbook) and GET /tickets/pdf?rpaId= (a zip of the batch's invoice PDFs), both streamed.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  CreateRpaSchema,
  EXPECTED_BYTES_HEADER,
  RpaExportQuerySchema,
  RpaQuerySchema,
  type CreateRpa,
  type RpaExportQuery,
  type RpaQuery,
} from '../../../shared/schemas/rpa';
import { IdParamsSchema, withSchemas } from '../../http/validate';
import { authOf } from '../../plugins/auth';
import {
  rpaWorkbookName,
  rpaZipExpectedBytes,
  rpaZipName,
  streamRpaWorkbook,
  streamRpaZip,
} from '../../services/rpa-export';
import { createRpa, rpaById, rpaList } from '../../services/rpa-service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function accountingRoutes(app: FastifyInstance) {
  const tags = ['accounting'];

  app.get(
    '/rpa',
    {
      ...withSchemas({ tags, query: RpaQuerySchema, summary: 'Accounting batches, the open period first' }),
      preHandler: app.requirePermission('rpa:read'),
    },
    async (request) => rpaList(app.db, request.query as RpaQuery),
  );

  app.get(
    '/rpa/:id',
    {
      ...withSchemas({ tags, params: IdParamsSchema, summary: 'One accounting batch' }),
      preHandler: app.requirePermission('rpa:read'),
    },
    async (request) => ({ rpa: await rpaById(app.db, (request.params as v.InferOutput<typeof IdParamsSchema>).id) }),
  );

  app.post(
    '/rpa',
    {
      ...withSchemas({ tags, body: CreateRpaSchema, summary: 'Close the open period into a new batch' }),
      preHandler: app.requirePermission('rpa:create'),
    },
    async (request, reply) => {
      const { rpa } = request.body as CreateRpa;
      return reply.status(201).send({ rpa: await createRpa(app.db, authOf(request).id, rpa) });
    },
  );

  app.get(
    '/data-sap/excel',
    {
      ...withSchemas({ tags, query: RpaExportQuerySchema, summary: 'The batch as an ERP workbook (.xlsx, streamed)' }),
      preHandler: app.requirePermission('rpa:read'),
    },
    async (request, reply) => {
      const { rpaId } = request.query as RpaExportQuery;
      const rpa = await rpaById(app.db, rpaId);
      return reply
        .header('Content-Type', XLSX)
        .header('Content-Disposition', `attachment; filename="${rpaWorkbookName(rpaId)}"`)
        .header('Cache-Control', 'private, no-store')
        .header('X-Row-Count', String(rpa.invoiceQty))
        .send(streamRpaWorkbook(app.db, rpaId, request.log));
    },
  );

  app.get(
    '/tickets/pdf',
    {
      ...withSchemas({
        tags,
        query: RpaExportQuerySchema,
        summary: "A zip of the batch's provider-invoice PDFs (streamed)",
      }),
      preHandler: app.requirePermission('rpa:read'),
    },
    async (request, reply) => {
      const { rpaId } = request.query as RpaExportQuery;
      await rpaById(app.db, rpaId);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${rpaZipName(rpaId)}"`)
        .header('Cache-Control', 'private, no-store')
        .header(EXPECTED_BYTES_HEADER, String(await rpaZipExpectedBytes(app.db, rpaId)))
        .send(streamRpaZip(app.db, app.files, rpaId, request.log));
    },
  );
}
