/**
 * /trucks-documentation and /railcar-documentation: the multipart create and update and
 * the read by ticket. Both resources share one implementation; `mode` tells them apart.
 */
import type { FastifyInstance } from 'fastify';
import { checkPhotoCount, fileRule, type Uploader } from '../../../shared/domain/file-rules';
import {
  AdminRailcarEditSchema,
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
import * as v from 'valibot';
import { DocumentationViewSchema } from '../../../shared/schemas/documentation-view';
import { discardOnFailure, receiveMultipart, type PartRoute, type ReceivedFile } from '../../http/multipart';
import { defineRoute, IdParamsSchema, parseOrThrow, TicketIdParamsSchema } from '../../http/route';
import type { AuthUser } from '../../plugins/auth';
import { findDocumentationView, type DocumentMode } from '../../repositories/documentation';
import { createDocumentation, updateDocumentation } from '../../services/documentation-service';

const uploaderOf = (auth: AuthUser): Uploader => (auth.roles.includes('ADMIN') ? 'admin' : 'supplier');

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
  const route = defineRoute(app);
  const base = mode === 'TRUCK' ? '/trucks-documentation' : '/railcar-documentation';
  const field = mode === 'TRUCK' ? 'truckDocumentation' : 'railcarDocumentation';
  const createSchema = mode === 'TRUCK' ? CreateTruckDocumentationSchema : CreateRailcarDocumentationSchema;
  const updateSchema = mode === 'TRUCK' ? UpdateTruckDocumentationSchema : UpdateRailcarDocumentationSchema;
  const adminEditSchema = mode === 'TRUCK' ? AdminTicketEditSchema : AdminRailcarEditSchema;
  const tags = ['documentation'];
  const answer = v.strictObject({ [field]: DocumentationViewSchema });
  const viewOf = async (user: AuthUser, id: number) => {
    const view = await findDocumentationView(app.db, user, { id }, mode);
    return { [field]: view };
  };

  route({
    method: 'POST',
    url: base,
    response: answer,
    access: 'documentation:create',
    consumes: ['multipart/form-data'],
    tags,
    summary: `Load ${mode.toLowerCase()} documentation for a CONFIRMED ticket`,
    handler: async ({ user, request, reply }) => {
      const upload = await receiveMultipart(request, app.files, {
        jsonField: field,
        route: partRouter(uploaderOf(user)),
      });
      const id = await discardOnFailure(app.files, upload.files, async () => {
        const input = parseOrThrow(createSchema, upload.json ?? {});
        checkRequiredFiles(upload.files);
        return createDocumentation(app, user, mode, input, upload.files);
      });
      void reply.status(201);
      return viewOf(user, id);
    },
  });

  route({
    method: 'PUT',
    url: `${base}/:id`,
    response: answer,
    access: 'documentation:update',
    params: IdParamsSchema,
    consumes: ['multipart/form-data', 'application/json'],
    tags,
    summary: `Change ${mode.toLowerCase()} documentation`,
    handler: async ({ user, params: { id }, request }) => {
      const upload = await receiveMultipart(request, app.files, {
        jsonField: field,
        route: partRouter(uploaderOf(user)),
      });
      await discardOnFailure(app.files, upload.files, async () => {
        // The admin's ticket edit (truck or railcar) leaves out what it does not change; a supplier's
        // update carries its whole form.
        const admin = user.roles.includes('ADMIN');
        const input = parseOrThrow(admin ? adminEditSchema : updateSchema, upload.json ?? {});
        return updateDocumentation(app, user, mode, id, input, upload.files);
      });
      return viewOf(user, id);
    },
  });

  route({
    method: 'GET',
    url: `${base}/:ticketId/ticket`,
    response: answer,
    access: 'documentation:read',
    params: TicketIdParamsSchema,
    tags,
    summary: `The ${mode.toLowerCase()} documentation of a ticket`,
    handler: async ({ user, params: { ticketId } }) => {
      const view = await findDocumentationView(app.db, user, { ticketId }, mode);
      if (!view) throw new HttpError(404, `${mode === 'TRUCK' ? 'Truck' : 'Railcar'} documentation not found`);
      return { [field]: view };
    },
  });
}

export async function documentationRoutes(app: FastifyInstance) {
  registerMode(app, 'TRUCK');
  registerMode(app, 'RAILCAR');
}
