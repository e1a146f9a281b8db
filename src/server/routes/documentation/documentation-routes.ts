/**
 * /trucks-documentation and /railcar-documentation (spec section 7): the multipart create and update and
 * the read by ticket. Both resources share one implementation; `mode` tells them apart.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { checkPhotoCount, fileRule, type Uploader } from '../../../shared/domain/file-rules';
import { TICKET_TRANSITIONS, type TicketAction } from '../../../shared/domain/ticket-transitions';
import {
  AdminTicketEditSchema,
  CreateRailcarDocumentationSchema,
  CreateTruckDocumentationSchema,
  DOCUMENT_SLOTS,
  REQUIRED_FILE_MSG,
  UpdateRailcarDocumentationSchema,
  UpdateTruckDocumentationSchema,
  type DocumentFileField,
} from '../../../shared/schemas/documentation';
import { HttpError } from '../../http/errors';
import { discardOnFailure, receiveMultipart, type PartRoute, type ReceivedFile } from '../../http/multipart';
import { IdParamsSchema, parseOrThrow, withSchemas } from '../../http/validate';
import { authOf, type AuthUser } from '../../plugins/auth';
import { findDocumentationView, type DocumentMode } from '../../repositories/documentation';
import { createDocumentation, updateDocumentation } from './documentation-service';

const TicketParamsSchema = v.object({
  ticketId: v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number)),
});

const uploaderOf = (auth: AuthUser): Uploader => (auth.roles.includes('ADMIN') ? 'admin' : 'supplier');

/** 403 before reading the upload when no role of the caller may perform the action at all. */
function requireActionRole(auth: AuthUser, action: TicketAction) {
  const rule = TICKET_TRANSITIONS[action];
  if (!auth.roles.some((role) => rule.roles.includes(role))) throw new HttpError(403, `Your role cannot ${rule.task}`);
}

/**
 * Which slot a file part fills. POST sends repeated `files[]` in the spec's order (sales invoice, weight
 * certificate, B/L, radioactive certificate, then photos); PUT sends the named parts. Both are accepted
 * on both routes. A document slot takes one PDF, `photos` up to four images.
 */
function partRouter(uploader: Uploader) {
  let photos = 0;
  const taken = new Set<string>();
  const pdf = fileRule('pdf', uploader);
  const image = fileRule('image', uploader);
  const photo = (): PartRoute => {
    const refusal = checkPhotoCount(++photos);
    return refusal ? { slot: 'photos', refuse: refusal } : { slot: 'photos', rule: image };
  };
  return (field: string, ordinal: number): PartRoute | undefined => {
    if (field === 'files[]' || field === 'files') {
      const slot = DOCUMENT_SLOTS[ordinal];
      return slot ? { slot, rule: pdf } : photo();
    }
    if (field === 'photos' || field === 'photos[]') return photo();
    if ((DOCUMENT_SLOTS as readonly string[]).includes(field)) {
      if (taken.has(field)) return { slot: field, refuse: `Only one file is allowed for ${field}` };
      taken.add(field);
      return { slot: field, rule: pdf };
    }
    return undefined;
  };
}

function checkRequiredFiles(files: readonly ReceivedFile[]) {
  const details: Record<string, string> = {};
  for (const slot of [...DOCUMENT_SLOTS, 'photos'] as DocumentFileField[]) {
    if (!files.some((f) => f.slot === slot)) details[slot] = REQUIRED_FILE_MSG[slot];
  }
  const first = Object.values(details)[0];
  if (first) throw new HttpError(400, first, details);
}

function registerMode(app: FastifyInstance, mode: DocumentMode) {
  const base = mode === 'TRUCK' ? '/trucks-documentation' : '/railcar-documentation';
  const field = mode === 'TRUCK' ? 'truckDocumentation' : 'railcarDocumentation';
  const createSchema = mode === 'TRUCK' ? CreateTruckDocumentationSchema : CreateRailcarDocumentationSchema;
  const updateSchema = mode === 'TRUCK' ? UpdateTruckDocumentationSchema : UpdateRailcarDocumentationSchema;
  const tags = ['documentation'];
  const viewOf = async (request: FastifyRequest, id: number) => {
    const view = await findDocumentationView(app.db, authOf(request), { id }, mode);
    return { [field]: view };
  };

  app.post(
    base,
    {
      ...withSchemas({
        tags,
        consumes: ['multipart/form-data'],
        summary: `Load ${mode.toLowerCase()} documentation for a CONFIRMED ticket`,
      }),
      preHandler: app.requirePermission('documentation:write'),
    },
    async (request, reply) => {
      const auth = authOf(request);
      requireActionRole(auth, 'documentation-create');
      const upload = await receiveMultipart(request, app.files, {
        jsonField: field,
        route: partRouter(uploaderOf(auth)),
      });
      const id = await discardOnFailure(app.files, upload.files, async () => {
        const input = parseOrThrow(createSchema, upload.json ?? {});
        checkRequiredFiles(upload.files);
        return createDocumentation(app, auth, mode, input, upload.files);
      });
      return reply.status(201).send(await viewOf(request, id));
    },
  );

  app.put(
    `${base}/:id`,
    {
      ...withSchemas({
        tags,
        params: IdParamsSchema,
        consumes: ['multipart/form-data', 'application/json'],
        summary: `Change ${mode.toLowerCase()} documentation`,
      }),
      preHandler: app.requirePermission('documentation:write'),
    },
    async (request) => {
      const auth = authOf(request);
      requireActionRole(auth, 'documentation-update');
      const { id } = request.params as v.InferOutput<typeof IdParamsSchema>;
      const upload = await receiveMultipart(request, app.files, {
        jsonField: field,
        route: partRouter(uploaderOf(auth)),
      });
      await discardOnFailure(app.files, upload.files, async () => {
        // The admin's ticket edit (spec section 5) leaves out what it does not change; a supplier's update
        // carries its whole form.
        const admin = mode === 'TRUCK' && auth.roles.includes('ADMIN');
        const input = admin
          ? parseOrThrow(AdminTicketEditSchema, upload.json ?? {})
          : parseOrThrow(updateSchema, upload.json ?? {});
        return updateDocumentation(app, auth, mode, id, input, upload.files);
      });
      return viewOf(request, id);
    },
  );

  app.get(
    `${base}/:ticketId/ticket`,
    {
      ...withSchemas({
        tags,
        params: TicketParamsSchema,
        summary: `The ${mode.toLowerCase()} documentation of a ticket`,
      }),
      preHandler: app.requirePermission('documentation:read'),
    },
    async (request) => {
      const { ticketId } = request.params as v.InferOutput<typeof TicketParamsSchema>;
      const view = await findDocumentationView(app.db, authOf(request), { ticketId }, mode);
      if (!view) throw new HttpError(404, `${mode === 'TRUCK' ? 'Truck' : 'Railcar'} documentation not found`);
      return { [field]: view };
    },
  );
}

export async function documentationRoutes(app: FastifyInstance) {
  registerMode(app, 'TRUCK');
  registerMode(app, 'RAILCAR');
}
