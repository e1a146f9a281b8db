/**
 * Accounting batches (RPA) and their exports: GET/POST /rpa, GET /rpa/{id}, GET /data-sap/excel?rpaId=
 * (the ERP workbook) and GET /tickets/pdf?rpaId= (a zip of the batch's invoice PDFs), both streamed.
 */
import type { FastifyInstance } from 'fastify';
import {
  CreateRpaSchema,
  EXPECTED_BYTES_HEADER,
  RpaExportQuerySchema,
  RpaQuerySchema,
  RpaViewSchema,
} from '../../../shared/schemas/rpa';
import * as v from 'valibot';
import { defineRoute, fileAnswer, IdParamsSchema, wrapped } from '../../http/route';
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
  const route = defineRoute(app);
  const tags = ['accounting'];

  route({
    method: 'GET',
    url: '/rpa',
    access: 'rpa:read',
    query: RpaQuerySchema,
    response: v.strictObject({ rpas: v.array(RpaViewSchema), count: v.number() }),
    tags,
    summary: 'Accounting batches, the open period first',
    handler: async ({ query }) => rpaList(app.db, query),
  });

  route({
    method: 'GET',
    url: '/rpa/:id',
    access: 'rpa:read',
    params: IdParamsSchema,
    response: v.strictObject({ rpa: RpaViewSchema }),
    tags,
    summary: 'One accounting batch',
    handler: async ({ params }) => ({ rpa: await rpaById(app.db, params.id) }),
  });

  route({
    method: 'POST',
    url: '/rpa',
    access: 'rpa:create',
    body: wrapped('rpa', CreateRpaSchema),
    response: v.strictObject({ rpa: RpaViewSchema }),
    tags,
    summary: 'Close the open period into a new batch',
    handler: async ({ user, body, reply }) => {
      const rpa = await createRpa(app.db, user.id, body);
      void reply.status(201);
      return { rpa };
    },
  });

  route({
    method: 'GET',
    url: '/data-sap/excel',
    access: 'rpa:read',
    query: RpaExportQuerySchema,
    response: fileAnswer(XLSX),
    tags,
    summary: 'The batch as an ERP workbook (.xlsx, streamed)',
    handler: async ({ query, reply, request }) => {
      const rpa = await rpaById(app.db, query.rpaId);
      return reply
        .header('Content-Type', XLSX)
        .header('Content-Disposition', `attachment; filename="${rpaWorkbookName(query.rpaId)}"`)
        .header('Cache-Control', 'private, no-store')
        .header('X-Row-Count', String(rpa.invoiceQty))
        .send(streamRpaWorkbook(app.db, query.rpaId, request.log));
    },
  });

  route({
    method: 'GET',
    url: '/tickets/pdf',
    access: 'rpa:read',
    query: RpaExportQuerySchema,
    response: fileAnswer('application/zip'),
    tags,
    summary: "A zip of the batch's provider-invoice PDFs (streamed)",
    handler: async ({ query, reply, request }) => {
      await rpaById(app.db, query.rpaId);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${rpaZipName(query.rpaId)}"`)
        .header('Cache-Control', 'private, no-store')
        .header(EXPECTED_BYTES_HEADER, String(await rpaZipExpectedBytes(app.db, query.rpaId)))
        .send(streamRpaZip(app.db, app.files, query.rpaId, request.log));
    },
  });
}
