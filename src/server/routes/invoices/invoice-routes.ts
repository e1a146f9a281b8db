/** Provider (TA) invoices: read by ticket, multipart create, update and payment, ERP validation. */
import type { FastifyInstance } from 'fastify';
import { fileRule, type FileAccept } from '../../../shared/domain/file-rules';
import { FILE_MSG } from '../../../shared/schemas/documentation';
import { REQUEST_MSG } from '../../../shared/schemas/request-messages';
import {
  CreateInvoiceSchema,
  PaymentSchema,
  SapValidationSchema,
  UpdateInvoiceSchema,
} from '../../../shared/schemas/invoice';
import { HttpError } from '../../http/errors';
import * as v from 'valibot';
import { InvoiceViewSchema } from '../../../shared/schemas/documentation-view';
import { discardOnFailure, receiveMultipart, type PartRoute } from '../../http/multipart';
import { defineRoute, IdParamsSchema, parseOrThrow, TicketIdParamsSchema } from '../../http/route';
import type { AuthUser } from '../../plugins/auth';
import { ticketVisible } from '../../repositories/documentation';
import { findInvoiceViews } from '../../repositories/invoices';
import { addPayment, changeInvoice, createInvoice, setSapValidation } from '../../services/invoice-service';

/** One file in the part `field`, checked as an admin/provider upload. */
function singleFile(field: string, accept: FileAccept) {
  const rule = fileRule(accept, 'admin');
  return (name: string, ordinal: number): PartRoute | undefined => {
    if (name !== field) return undefined;
    return ordinal === 0 ? { slot: field, rule } : { slot: field, refuse: REQUEST_MSG.sendOneFile };
  };
}

const required = (field: string) => new HttpError(400, FILE_MSG.required, { [field]: FILE_MSG.required });

export async function invoiceRoutes(app: FastifyInstance) {
  const route = defineRoute(app);
  const tags = ['invoices'];
  const OneInvoice = v.strictObject({ invoice: InvoiceViewSchema });
  const viewOf = async (user: AuthUser, id: number) => {
    const [invoice] = await findInvoiceViews(app.db, user, { id });
    return { invoice };
  };

  route({
    method: 'GET',
    url: '/invoices/:ticketId/ticket',
    response: v.strictObject({ invoices: v.array(InvoiceViewSchema) }),
    access: 'invoice:read',
    params: TicketIdParamsSchema,
    tags,
    summary: 'The provider invoice of a ticket',
    handler: async ({ user, params: { ticketId } }) => {
      if (!(await ticketVisible(app.db, user, ticketId))) throw new HttpError(404, `Ticket ${ticketId} not found`);
      return { invoices: await findInvoiceViews(app.db, user, { ticketId }) };
    },
  });

  route({
    method: 'POST',
    url: '/invoices',
    response: OneInvoice,
    access: 'invoice:write',
    consumes: ['multipart/form-data'],
    tags,
    summary: 'Add the provider invoice of a SUPPLIER_INVOICED ticket',
    handler: async ({ user, request, reply }) => {
      const upload = await receiveMultipart(request, app.files, {
        jsonField: 'invoice',
        route: singleFile('invoiceFile', 'pdf'),
      });
      const id = await discardOnFailure(app.files, upload.files, async () => {
        const input = parseOrThrow(CreateInvoiceSchema, upload.json ?? {});
        // One invoice per ticket: a ticket that may take one has none yet, so the file is required.
        const file = upload.files[0];
        if (!file) throw required('invoiceFile');
        return createInvoice(app, user, input, file);
      });
      void reply.status(201);
      return viewOf(user, id);
    },
  });

  route({
    method: 'PUT',
    url: '/invoices/:id',
    response: OneInvoice,
    access: 'invoice:write',
    params: IdParamsSchema,
    consumes: ['multipart/form-data', 'application/json'],
    tags,
    summary: 'Correct a provider invoice',
    handler: async ({ user, params: { id }, request }) => {
      const upload = await receiveMultipart(request, app.files, {
        jsonField: 'invoice',
        route: singleFile('invoiceFile', 'pdf'),
      });
      await discardOnFailure(app.files, upload.files, async () => {
        const input = parseOrThrow(UpdateInvoiceSchema, upload.json ?? {});
        await changeInvoice(app, user, id, input, upload.files[0]);
      });
      return viewOf(user, id);
    },
  });

  route({
    method: 'PUT',
    url: '/invoices/:id/payment',
    response: OneInvoice,
    access: 'payment:write',
    params: IdParamsSchema,
    consumes: ['multipart/form-data'],
    tags,
    summary: 'Add the payment voucher',
    handler: async ({ user, params: { id }, request }) => {
      const upload = await receiveMultipart(request, app.files, {
        jsonField: 'invoice',
        route: singleFile('paymentFile', 'pdfOrImage'),
      });
      await discardOnFailure(app.files, upload.files, async () => {
        const input = parseOrThrow(PaymentSchema, upload.json ?? {});
        const file = upload.files[0];
        if (!file) throw required('paymentFile');
        await addPayment(app, user, id, input, file);
      });
      return viewOf(user, id);
    },
  });

  route({
    method: 'PUT',
    url: '/invoices/:id/sap-validation',
    response: OneInvoice,
    access: 'invoice:write',
    params: IdParamsSchema,
    body: SapValidationSchema,
    tags,
    summary: 'The ERP validation of the invoice number',
    handler: async ({ user, params: { id }, body }) => {
      await setSapValidation(app, user, id, body.status);
      return viewOf(user, id);
    },
  });
}
