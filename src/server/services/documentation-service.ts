/**
 * Creating and updating truck and railcar documentation (4 and 6). The files are
 * already in the store when these run; everything else (the lifecycle decision, the checks against the
 * ticket, the purchase-order reservation, the rows, the status move, audit and event) happens in ONE
 * transaction, and the caller removes the stored files if it fails.
 */
import type { FastifyInstance } from 'fastify';
import { fromCents, netTonnes, toCents } from '../../shared/domain/money';
import {
  crossFieldIssues,
  type AdminRailcarEdit,
  type AdminTicketEdit,
  type CreateRailcarDocumentation,
  type CreateTruckDocumentation,
  type UpdateRailcarDocumentation,
  type UpdateTruckDocumentation,
} from '../../shared/schemas/documentation';
import { ERROR_CODES } from '../../shared/errors';
import type { Tx } from '../db/database';
import { HttpError, unprocessable } from '../http/errors';
import { REQUEST_MSG } from '../../shared/schemas/request-messages';
import type { ReceivedFile } from '../http/multipart';
import type { AuthUser } from '../plugins/auth';
import {
  exists,
  giveBackTonnes,
  insertDocument,
  lockDocument,
  lockPurchaseOrder,
  replaceDocumentFiles,
  reserveTonnes,
  uniqueViolation,
  updateDocument,
  writeNotification,
  type DocumentKind,
  type DocumentMode,
  type DocumentValues,
  type NewDocumentFile,
} from '../repositories/documentation';
import { moveTicket, type LockedTicket } from '../repositories/ticket-writes';
import { insertFileRows } from '../repositories/files';
import { transition } from './transition';

export type CreateInput = CreateTruckDocumentation | CreateRailcarDocumentation;
/** A supplier's update, or the admin's ticket edit (everything but its rules optional). */
export type UpdateInput = UpdateTruckDocumentation | UpdateRailcarDocumentation | AdminTicketEdit | AdminRailcarEdit;

const label = (mode: DocumentMode) => (mode === 'TRUCK' ? 'Truck' : 'Railcar');
const money = (n: number) => fromCents(toCents(n));

/** An invoice number's unique-key clash as the 409 the client maps (by its code) to its duplicate texts. */
export function duplicateError(error: unknown, what: string): HttpError | null {
  const constraint = uniqueViolation(error);
  if (!constraint) return null;
  return new HttpError(409, `duplicate key value violates unique constraint "${constraint}": ${what}`, undefined, {
    code: ERROR_CODES.duplicateInvoiceNumber,
  });
}

function fileEntries(files: readonly ReceivedFile[], ids: readonly string[]): NewDocumentFile[] {
  let photo = 0;
  return files.map((f, i) => {
    const kind: DocumentKind = f.slot === 'photos' ? 'photo' : (f.slot as DocumentKind);
    return { kind, position: kind === 'photo' ? ++photo : 1, fileId: ids[i]! };
  });
}

async function storeFileRows(tx: Tx, files: readonly ReceivedFile[], userId: number) {
  const ids = await insertFileRows(
    tx,
    files.map((f) => ({
      key: f.stored.key,
      name: f.filename,
      contentType: f.contentType,
      size: f.stored.size,
      sha256: f.stored.sha256,
    })),
    userId,
  );
  return fileEntries(files, ids);
}

/** Checks the order belongs to the supplier and material, then takes the net weight off it. */
async function reserve(
  tx: Tx,
  purchaseOrderId: number,
  supplierId: number,
  materialId: number,
  tonnes: string,
): Promise<void> {
  const po = await lockPurchaseOrder(tx, purchaseOrderId);
  if (!po || po.supplierId !== supplierId || po.materialId !== materialId) {
    throw unprocessable('purchaseOrderId', REQUEST_MSG.purchaseOrderMismatch);
  }
  if (!(await reserveTonnes(tx, po.id, tonnes))) {
    throw unprocessable(
      'purchaseOrderId',
      `Purchase order ${po.documentNumberId} has only ${po.availableQuantity} t available (${tonnes} t needed)`,
    );
  }
}

/** Railcar payloads name the ticket's carrier, yard and destination: they must be the ticket's (422). */
function checkRailcarParties(
  ticket: LockedTicket,
  input: { carrierId?: number | undefined; depotId?: number | undefined },
) {
  if (input.carrierId !== undefined && input.carrierId !== ticket.carrierId) {
    throw unprocessable('carrierId', `The carrier is not the carrier of ticket ${ticket.id}`);
  }
  if (input.depotId !== undefined && input.depotId !== ticket.originDepotId) {
    throw unprocessable('depotId', `The yard is not the origin of ticket ${ticket.id}`);
  }
}

async function checkDestination(tx: Tx, ticket: LockedTicket, destinationId: number) {
  if (!(await exists(tx, 'destinations', destinationId))) throw unprocessable('destinationId', 'Destination not found');
  if (ticket.destinationId !== null && ticket.destinationId !== destinationId) {
    throw unprocessable('destinationId', `The destination is not the destination of ticket ${ticket.id}`);
  }
}

export async function createDocumentation(
  app: FastifyInstance,
  auth: AuthUser,
  mode: DocumentMode,
  input: CreateInput,
  files: readonly ReceivedFile[],
): Promise<number> {
  try {
    return await app.db.transaction((tx) =>
      transition(tx, auth, input.ticketId, 'documentation-create', async (ticket) => {
        if (ticket.carrierMode !== mode) {
          const other = mode === 'TRUCK' ? 'railcar' : 'truck';
          throw unprocessable(
            'ticketId',
            `Ticket ${ticket.id} is a ${other} ticket; load ${other} documentation for it`,
          );
        }
        if ('carrierId' in input) checkRailcarParties(ticket, input);
        await checkDestination(tx, ticket, input.destinationId);
        if (!(await exists(tx, 'materials', input.materialId)))
          throw unprocessable('materialId', REQUEST_MSG.materialNotFound);

        const tonnes =
          input.purchaseOrderId !== null ? netTonnes(input.grossWeight, input.tareWeight).toFixed(3) : '0.000';
        if (input.purchaseOrderId !== null)
          await reserve(tx, input.purchaseOrderId, ticket.supplierId, input.materialId, tonnes);

        const values: DocumentValues = {
          destinationId: input.destinationId,
          invoiceDate: input.invoiceDate,
          invoiceNumber: input.invoiceNumber,
          invoiceAmount: money(input.invoiceAmount),
          grossWeight: money(input.grossWeight),
          tareWeight: money(input.tareWeight),
          carEquipment: input.carEquipment,
          materialId: input.materialId,
          materialDescription: input.materialDescription,
          purchaseOrderId: input.purchaseOrderId,
          reservedTonnes: tonnes,
          carrierId: 'carrierId' in input ? input.carrierId : ticket.carrierId,
          depotId: 'depotId' in input ? input.depotId : ticket.originDepotId,
          waybill: 'waybill' in input ? input.waybill : null,
          comments: 'comments' in input ? input.comments : null,
        };
        const entries = await storeFileRows(tx, files, auth.id);
        const id = await insertDocument(tx, mode, ticket.id, ticket.supplierId, values);
        await replaceDocumentFiles(tx, id, entries);
        if (
          !(await moveTicket(tx, ticket.id, 'CONFIRMED', 'SUPPLIER_INVOICED', { destinationId: input.destinationId }))
        ) {
          throw new HttpError(
            409,
            `Ticket ${ticket.id} changed meanwhile; its documentation cannot be loaded`,
            undefined,
            {
              code: ERROR_CODES.ticketChanged,
            },
          );
        }
        // One notification type for both loads; its title names the mode, so a railcar is not announced as a truck.
        await writeNotification(tx, 'Truck loaded', ticket, mode === 'RAILCAR' ? 'railcar' : 'truck', auth.id);
        return {
          value: id,
          data: { documentationId: id, mode, invoiceNumber: input.invoiceNumber, reservedTonnes: tonnes },
        };
      }),
    );
  } catch (error) {
    throw duplicateError(error, `invoice number ${input.invoiceNumber} is already used by this supplier`) ?? error;
  }
}

export async function updateDocumentation(
  app: FastifyInstance,
  auth: AuthUser,
  mode: DocumentMode,
  documentId: number,
  input: UpdateInput,
  files: readonly ReceivedFile[],
): Promise<number> {
  const notFound = () => new HttpError(404, `${label(mode)} documentation not found`);
  try {
    return await app.db.transaction(async (tx) => {
      // The ticket is locked before the document, in the order the ticket cancel takes them.
      const peek = await lockDocument(tx, documentId, false);
      if (!peek || peek.mode !== mode) throw notFound();
      // Outside the caller's view the documentation does not exist for them.
      return transition(
        tx,
        auth,
        peek.ticketId,
        'documentation-update',
        async (ticket) => {
          const doc = (await lockDocument(tx, documentId))!;

          if ('ticketId' in input && input.ticketId !== undefined && input.ticketId !== doc.ticketId) {
            throw unprocessable('ticketId', REQUEST_MSG.documentationTicketFixed);
          }
          if ('carrierId' in input) checkRailcarParties(ticket, input);
          if (input.destinationId !== undefined && input.destinationId !== doc.destinationId) {
            throw unprocessable('destinationId', REQUEST_MSG.destinationFixed);
          }

          const { id: _id, mode: _mode, ticketId: _ticketId, supplierId: _supplierId, ...stored } = doc;
          const merged: DocumentValues = {
            ...stored,
            invoiceDate: input.invoiceDate ?? doc.invoiceDate,
            invoiceNumber: input.invoiceNumber ?? doc.invoiceNumber,
            // Left out (the admin's edit may leave them out): the stored values stay.
            invoiceAmount: input.invoiceAmount === undefined ? doc.invoiceAmount : money(input.invoiceAmount),
            grossWeight: input.grossWeight === undefined ? doc.grossWeight : money(input.grossWeight),
            tareWeight: input.tareWeight === undefined ? doc.tareWeight : money(input.tareWeight),
            carEquipment: input.carEquipment ?? doc.carEquipment,
            materialId: input.materialId ?? doc.materialId,
            materialDescription:
              input.materialDescription === undefined ? doc.materialDescription : input.materialDescription,
            purchaseOrderId: input.purchaseOrderId === undefined ? doc.purchaseOrderId : input.purchaseOrderId,
            waybill: 'waybill' in input && input.waybill !== undefined ? input.waybill : doc.waybill,
            comments: 'comments' in input && input.comments !== undefined ? input.comments : doc.comments,
          };
          const issues = crossFieldIssues({
            ...merged,
            grossWeight: Number(merged.grossWeight),
            tareWeight: Number(merged.tareWeight),
          });
          const first = Object.values(issues)[0];
          if (first) throw new HttpError(400, first, issues);
          if (merged.materialId !== doc.materialId && !(await exists(tx, 'materials', merged.materialId))) {
            throw unprocessable('materialId', REQUEST_MSG.materialNotFound);
          }

          // Give the old reservation back, then reserve the new net weight (same or another order).
          if (doc.purchaseOrderId !== null && Number(doc.reservedTonnes) > 0)
            await giveBackTonnes(tx, doc.purchaseOrderId, doc.reservedTonnes);
          merged.reservedTonnes = '0.000';
          if (merged.purchaseOrderId !== null) {
            merged.reservedTonnes = netTonnes(merged.grossWeight, merged.tareWeight).toFixed(3);
            await reserve(tx, merged.purchaseOrderId, doc.supplierId, merged.materialId, merged.reservedTonnes);
          }

          const entries = await storeFileRows(tx, files, auth.id);
          await updateDocument(tx, doc.id, merged);
          await replaceDocumentFiles(tx, doc.id, entries);
          if (!(await moveTicket(tx, ticket.id, 'SUPPLIER_INVOICED', 'SUPPLIER_INVOICED'))) {
            throw new HttpError(
              409,
              `Ticket ${ticket.id} changed meanwhile; its documentation cannot be changed`,
              undefined,
              {
                code: ERROR_CODES.ticketChanged,
              },
            );
          }
          return {
            value: doc.id,
            data: {
              documentationId: doc.id,
              mode,
              files: [...new Set(files.map((f) => f.slot))],
              reservedTonnes: merged.reservedTonnes,
            },
          };
        },
        { missing: notFound, hideOutsideView: true },
      );
    });
  } catch (error) {
    throw (
      duplicateError(error, `invoice number ${input.invoiceNumber ?? ''} is already used by this supplier`) ?? error
    );
  }
}
