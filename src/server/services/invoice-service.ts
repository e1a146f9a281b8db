/**
 * Provider (TA) invoice writes (DESIGN.md sections 3 and 6): create moves a SUPPLIER_INVOICED ticket to
 * TA_INVOICED; update corrects it until it belongs to an RPA; the payment voucher is added in TA_INVOICED,
 * MX_TRANSIT or DELIVERED. Each write is one transaction after the uploaded file is stored.
 */
import type { FastifyInstance } from 'fastify';
import type { CreateInvoice, Payment, SapValidationStatus, UpdateInvoice } from '../../shared/schemas/invoice';
import type { Tx } from '../db/database';
import { HttpError } from '../http/errors';
import type { ReceivedFile } from '../http/multipart';
import type { AuthUser } from '../plugins/auth';
import { exists, lockTicket, writeNotification } from '../repositories/documentation';
import { moveTicket } from '../repositories/assignments';
import { writeAudit } from '../repositories/audit';
import { insertFileRows } from '../repositories/files';
import { insertInvoice, lockInvoice, markCustomsUnread, updateInvoice } from '../repositories/invoices';
import { decideOrThrow, duplicateError, unprocessable } from './documentation-service';

async function storeFile(tx: Tx, file: ReceivedFile | undefined, userId: number): Promise<string | undefined> {
  if (!file) return undefined;
  const [id] = await insertFileRows(
    tx,
    [{ key: file.stored.key, name: file.filename, contentType: file.contentType, size: file.stored.size, sha256: file.stored.sha256 }],
    userId,
  );
  return id;
}

const duplicateNumber = (error: unknown, number: string | undefined) =>
  duplicateError(error, `invoice number ${number ?? ''} is already used`) ?? error;

export async function createInvoice(app: FastifyInstance, auth: AuthUser, input: CreateInvoice, file: ReceivedFile): Promise<number> {
  try {
    return await app.db.transaction(async (tx) => {
      const ticket = await lockTicket(tx, input.ticketId);
      if (!ticket) throw new HttpError(404, `Ticket ${input.ticketId} not found`);
      decideOrThrow(ticket, 'invoice-create', auth);
      if (!(await exists(tx, 'border_crossings', input.borderCrossingId))) throw unprocessable('borderCrossingId', 'Border crossing not found');
      const invoiceFileId = (await storeFile(tx, file, auth.id))!;
      const id = await insertInvoice(tx, { ticketId: ticket.id, number: input.number, date: input.date, borderCrossingId: input.borderCrossingId, invoiceFileId });
      if (!(await moveTicket(tx, ticket.id, 'SUPPLIER_INVOICED', 'TA_INVOICED'))) {
        throw new HttpError(409, `Ticket ${ticket.id} changed meanwhile; it cannot take a provider invoice`);
      }
      await writeAudit(tx, {
        userId: auth.id,
        ticketId: ticket.id,
        action: 'invoice-create',
        fromStatus: 'SUPPLIER_INVOICED',
        toStatus: 'TA_INVOICED',
        data: { invoiceId: id, number: input.number, borderCrossingId: input.borderCrossingId },
      });
      await writeNotification(tx, 'Ticket invoiced', ticket, 'invoiced');
      return id;
    });
  } catch (error) {
    throw duplicateNumber(error, input.number);
  }
}

/** Reads the invoice, then locks its ticket and the invoice in that order (as every ticket write does). */
async function lockInvoiceAndTicket(tx: Tx, id: number) {
  const peek = await lockInvoice(tx, id, false);
  const ticket = peek ? await lockTicket(tx, peek.ticketId) : undefined;
  const invoice = ticket ? await lockInvoice(tx, id) : undefined;
  if (!ticket || !invoice) throw new HttpError(404, 'Invoice not found');
  return { ticket, invoice };
}

export async function changeInvoice(app: FastifyInstance, auth: AuthUser, id: number, input: UpdateInvoice, file: ReceivedFile | undefined): Promise<void> {
  try {
    await app.db.transaction(async (tx) => {
      const { ticket, invoice } = await lockInvoiceAndTicket(tx, id);
      decideOrThrow(ticket, 'invoice-update', auth);
      if (invoice.rpaId !== null) throw new HttpError(409, `Invoice ${invoice.number} belongs to RPA ${invoice.rpaId}; it cannot be changed`);
      if (input.ticketId !== undefined && Number(input.ticketId) !== invoice.ticketId) {
        throw unprocessable('ticketId', 'The ticket of an invoice cannot be changed');
      }
      const crossingChanged = input.borderCrossingId !== undefined && input.borderCrossingId !== invoice.borderCrossingId;
      if (crossingChanged && !(await exists(tx, 'border_crossings', input.borderCrossingId!))) {
        throw unprocessable('borderCrossingId', 'Border crossing not found');
      }
      const numberChanged = input.number !== undefined && input.number !== invoice.number;
      const invoiceFileId = await storeFile(tx, file, auth.id);
      await updateInvoice(tx, id, {
        ...(input.number !== undefined ? { number: input.number } : {}),
        ...(input.date !== undefined ? { date: input.date } : {}),
        ...(input.borderCrossingId !== undefined ? { borderCrossingId: input.borderCrossingId } : {}),
        ...(invoiceFileId ? { invoiceFileId } : {}),
        // A new number has not been checked by the ERP yet.
        ...(numberChanged ? { sapValidationStatus: 'pending' as const } : {}),
      });
      await writeAudit(tx, {
        userId: auth.id,
        ticketId: ticket.id,
        action: 'invoice-update',
        fromStatus: ticket.status,
        toStatus: ticket.status,
        data: { invoiceId: id, number: input.number, borderCrossingId: input.borderCrossingId, file: Boolean(file) },
      });
      if (crossingChanged) {
        await markCustomsUnread(tx, ticket.id);
        await writeNotification(tx, 'Changed Customs Agent', ticket, 'customs');
      }
    });
  } catch (error) {
    throw duplicateNumber(error, input.number);
  }
}

export async function addPayment(app: FastifyInstance, auth: AuthUser, id: number, input: Payment, file: ReceivedFile): Promise<void> {
  await app.db.transaction(async (tx) => {
    const { ticket } = await lockInvoiceAndTicket(tx, id);
    decideOrThrow(ticket, 'payment', auth);
    const paymentFileId = await storeFile(tx, file, auth.id);
    await updateInvoice(tx, id, { paymentNumber: input.paymentNumber, paymentDate: input.paymentDate, paymentFileId });
    await writeAudit(tx, {
      userId: auth.id,
      ticketId: ticket.id,
      action: 'payment',
      fromStatus: ticket.status,
      toStatus: ticket.status,
      data: { invoiceId: id, paymentNumber: input.paymentNumber, paymentDate: input.paymentDate },
    });
  });
}

export async function setSapValidation(app: FastifyInstance, auth: AuthUser, id: number, status: SapValidationStatus): Promise<void> {
  await app.db.transaction(async (tx) => {
    const { ticket } = await lockInvoiceAndTicket(tx, id);
    await updateInvoice(tx, id, { sapValidationStatus: status });
    await writeAudit(tx, {
      userId: auth.id,
      ticketId: ticket.id,
      action: 'sap-validation',
      fromStatus: ticket.status,
      toStatus: ticket.status,
      data: { invoiceId: id, sapValidationStatus: status },
    });
  });
}
