/**
 * Provider (TA) invoice writes: create moves a SUPPLIER_INVOICED ticket to
 * TA_INVOICED; update corrects it until it belongs to an RPA; the payment voucher is added in TA_INVOICED,
 * MX_TRANSIT or DELIVERED. Each write is one transaction after the uploaded file is stored.
 */
import type { FastifyInstance } from 'fastify';
import type { CreateInvoice, Payment, SapValidationStatus, UpdateInvoice } from '../../shared/schemas/invoice';
import type { Tx } from '../db/database';
import { HttpError, unprocessable } from '../http/errors';
import { ERROR_CODES } from '../../shared/errors';
import { REQUEST_MSG } from '../../shared/schemas/request-messages';
import type { ReceivedFile } from '../http/multipart';
import type { AuthUser } from '../plugins/auth';
import { exists, writeNotification } from '../repositories/documentation';
import { lockTicket, moveTicket, type LockedTicket } from '../repositories/ticket-writes';
import { writeAudit } from '../repositories/audit';
import { insertFileRows } from '../repositories/files';
import {
  insertInvoice,
  lockInvoice,
  markCustomsUnread,
  updateInvoice,
  type StoredInvoice,
} from '../repositories/invoices';
import { duplicateError } from './documentation-service';
import { transition, type Transitioned } from './transition';

async function storeFile(tx: Tx, file: ReceivedFile | undefined, userId: number): Promise<string | undefined> {
  if (!file) return undefined;
  const [id] = await insertFileRows(
    tx,
    [
      {
        key: file.stored.key,
        name: file.filename,
        contentType: file.contentType,
        size: file.stored.size,
        sha256: file.stored.sha256,
      },
    ],
    userId,
  );
  return id;
}

const duplicateNumber = (error: unknown, number: string | undefined) =>
  duplicateError(error, `invoice number ${number ?? ''} is already used`) ?? error;

export async function createInvoice(
  app: FastifyInstance,
  auth: AuthUser,
  input: CreateInvoice,
  file: ReceivedFile,
): Promise<number> {
  try {
    return await app.db.transaction((tx) =>
      transition(tx, auth, input.ticketId, 'invoice-create', async (ticket) => {
        if (!(await exists(tx, 'border_crossings', input.borderCrossingId)))
          throw unprocessable('borderCrossingId', 'Border crossing not found');
        const invoiceFileId = (await storeFile(tx, file, auth.id))!;
        const id = await insertInvoice(tx, {
          ticketId: ticket.id,
          number: input.number,
          date: input.date,
          borderCrossingId: input.borderCrossingId,
          invoiceFileId,
        });
        if (!(await moveTicket(tx, ticket.id, 'SUPPLIER_INVOICED', 'TA_INVOICED'))) {
          throw new HttpError(
            409,
            `Ticket ${ticket.id} changed meanwhile; it cannot take a provider invoice`,
            undefined,
            {
              code: ERROR_CODES.ticketChanged,
            },
          );
        }
        await writeNotification(tx, 'Ticket invoiced', ticket, 'invoiced', auth.id);
        return { value: id, data: { invoiceId: id, number: input.number, borderCrossingId: input.borderCrossingId } };
      }),
    );
  } catch (error) {
    throw duplicateNumber(error, input.number);
  }
}

const invoiceNotFound = () => new HttpError(404, REQUEST_MSG.invoiceNotFound);

/**
 * Reads the invoice, then runs `action` as a transition of its ticket, locking the ticket and then the
 * invoice (the order every ticket write takes them in).
 */
async function invoiceTransition<T>(
  tx: Tx,
  auth: AuthUser,
  id: number,
  action: 'invoice-update' | 'payment',
  work: (ticket: LockedTicket, invoice: StoredInvoice) => Promise<Transitioned<T>>,
): Promise<T> {
  const peek = await lockInvoice(tx, id, false);
  if (!peek) throw invoiceNotFound();
  return transition(
    tx,
    auth,
    peek.ticketId,
    action,
    async (ticket) => {
      const invoice = await lockInvoice(tx, id);
      if (!invoice) throw invoiceNotFound();
      return work(ticket, invoice);
    },
    { missing: invoiceNotFound },
  );
}

/** Reads the invoice, then locks its ticket and the invoice in that order (as every ticket write does). */
async function lockInvoiceAndTicket(tx: Tx, id: number) {
  const peek = await lockInvoice(tx, id, false);
  const ticket = peek ? await lockTicket(tx, peek.ticketId) : undefined;
  const invoice = ticket ? await lockInvoice(tx, id) : undefined;
  if (!ticket || !invoice) throw invoiceNotFound();
  return { ticket, invoice };
}

export async function changeInvoice(
  app: FastifyInstance,
  auth: AuthUser,
  id: number,
  input: UpdateInvoice,
  file: ReceivedFile | undefined,
): Promise<void> {
  try {
    await app.db.transaction((tx) =>
      invoiceTransition(tx, auth, id, 'invoice-update', async (ticket, invoice) => {
        if (invoice.rpaId !== null)
          throw new HttpError(409, `Invoice ${invoice.number} belongs to RPA ${invoice.rpaId}; it cannot be changed`);
        if (input.ticketId !== undefined && Number(input.ticketId) !== invoice.ticketId) {
          throw unprocessable('ticketId', REQUEST_MSG.invoiceTicketFixed);
        }
        const crossingChanged =
          input.borderCrossingId !== undefined && input.borderCrossingId !== invoice.borderCrossingId;
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
        if (crossingChanged) {
          await markCustomsUnread(tx, ticket.id);
          await writeNotification(tx, 'Changed Customs Agent', ticket, 'customs', auth.id);
        }
        return {
          value: undefined,
          data: { invoiceId: id, number: input.number, borderCrossingId: input.borderCrossingId, file: Boolean(file) },
        };
      }),
    );
  } catch (error) {
    throw duplicateNumber(error, input.number);
  }
}

export async function addPayment(
  app: FastifyInstance,
  auth: AuthUser,
  id: number,
  input: Payment,
  file: ReceivedFile,
): Promise<void> {
  await app.db.transaction((tx) =>
    invoiceTransition(tx, auth, id, 'payment', async () => {
      const paymentFileId = await storeFile(tx, file, auth.id);
      await updateInvoice(tx, id, {
        paymentNumber: input.paymentNumber,
        paymentDate: input.paymentDate,
        paymentFileId,
      });
      return {
        value: undefined,
        data: { invoiceId: id, paymentNumber: input.paymentNumber, paymentDate: input.paymentDate },
      };
    }),
  );
}

export async function setSapValidation(
  app: FastifyInstance,
  auth: AuthUser,
  id: number,
  status: SapValidationStatus,
): Promise<void> {
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
