/** Provider (TA) invoices (spec section 7): read by ticket, multipart create, update and payment, ERP validation. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { fileRule, type FileAccept } from '../../../shared/domain/file-rules';
import { FILE_MSG } from '../../../shared/schemas/documentation';
import { CreateInvoiceSchema, PaymentSchema, SapValidationSchema, UpdateInvoiceSchema } from '../../../shared/schemas/invoice';
import { HttpError } from '../../http/errors';
import { discardOnFailure, receiveMultipart, type PartRoute } from '../../http/multipart';
import { IdParamsSchema, parseOrThrow, withSchemas } from '../../http/validate';
import { authOf } from '../../plugins/auth';
import { ticketVisible } from '../../repositories/documentation';
import { findInvoiceViews } from '../../repositories/invoices';
import { addPayment, changeInvoice, createInvoice, setSapValidation } from './invoice-service';

const TicketParamsSchema = v.object({
  ticketId: v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number)),
});
type IdParams = v.InferOutput<typeof IdParamsSchema>;

/** One file in the part `field`, checked as an admin/provider upload. */
function singleFile(field: string, accept: FileAccept) {
  const rule = fileRule(accept, 'admin');
  return (name: string, ordinal: number): PartRoute | undefined => {
    if (name !== field) return undefined;
    return ordinal === 0 ? { slot: field, rule } : { slot: field, refuse: 'Send one file' };
  };
}

const required = (field: string) => new HttpError(400, FILE_MSG.required, { [field]: FILE_MSG.required });

export async function invoiceRoutes(app: FastifyInstance) {
  const tags = ['invoices'];
  const viewOf = async (request: FastifyRequest, id: number) => {
    const [invoice] = await findInvoiceViews(app.db, authOf(request), { id });
    return { invoice };
  };

  app.get(
    '/invoices/:ticketId/ticket',
    { ...withSchemas({ tags, params: TicketParamsSchema, summary: 'The provider invoice of a ticket' }), preHandler: app.requirePermission('invoice:read') },
    async (request) => {
      const { ticketId } = request.params as v.InferOutput<typeof TicketParamsSchema>;
      const auth = authOf(request);
      if (!(await ticketVisible(app.db, auth, ticketId))) throw new HttpError(404, `Ticket ${ticketId} not found`);
      return { invoices: await findInvoiceViews(app.db, auth, { ticketId }) };
    },
  );

  app.post(
    '/invoices',
    { ...withSchemas({ tags, consumes: ['multipart/form-data'], summary: 'Add the provider invoice of a SUPPLIER_INVOICED ticket' }), preHandler: app.requirePermission('invoice:write') },
    async (request, reply) => {
      const auth = authOf(request);
      const upload = await receiveMultipart(request, app.files, { jsonField: 'invoice', route: singleFile('invoiceFile', 'pdf') });
      const id = await discardOnFailure(app.files, upload.files, async () => {
        const input = parseOrThrow(CreateInvoiceSchema, upload.json ?? {});
        // One invoice per ticket: a ticket that may take one has none yet, so the file is required.
        const file = upload.files[0];
        if (!file) throw required('invoiceFile');
        return createInvoice(app, auth, input, file);
      });
      return reply.status(201).send(await viewOf(request, id));
    },
  );

  app.put(
    '/invoices/:id',
    {
      ...withSchemas({ tags, params: IdParamsSchema, consumes: ['multipart/form-data', 'application/json'], summary: 'Correct a provider invoice' }),
      preHandler: app.requirePermission('invoice:write'),
    },
    async (request) => {
      const { id } = request.params as IdParams;
      const auth = authOf(request);
      const upload = await receiveMultipart(request, app.files, { jsonField: 'invoice', route: singleFile('invoiceFile', 'pdf') });
      await discardOnFailure(app.files, upload.files, async () => {
        const input = parseOrThrow(UpdateInvoiceSchema, upload.json ?? {});
        await changeInvoice(app, auth, id, input, upload.files[0]);
      });
      return viewOf(request, id);
    },
  );

  app.put(
    '/invoices/:id/payment',
    { ...withSchemas({ tags, params: IdParamsSchema, consumes: ['multipart/form-data'], summary: 'Add the payment voucher' }), preHandler: app.requirePermission('payment:write') },
    async (request) => {
      const { id } = request.params as IdParams;
      const auth = authOf(request);
      const upload = await receiveMultipart(request, app.files, { jsonField: 'invoice', route: singleFile('paymentFile', 'pdfOrImage') });
      await discardOnFailure(app.files, upload.files, async () => {
        const input = parseOrThrow(PaymentSchema, upload.json ?? {});
        const file = upload.files[0];
        if (!file) throw required('paymentFile');
        await addPayment(app, auth, id, input, file);
      });
      return viewOf(request, id);
    },
  );

  app.put(
    '/invoices/:id/sap-validation',
    { ...withSchemas({ tags, params: IdParamsSchema, body: SapValidationSchema, summary: 'The ERP validation of the invoice number' }), preHandler: app.requirePermission('invoice:write') },
    async (request) => {
      const { id } = request.params as IdParams;
      const { status } = request.body as v.InferOutput<typeof SapValidationSchema>;
      await setSapValidation(app, authOf(request), id, status);
      return viewOf(request, id);
    },
  );
}
