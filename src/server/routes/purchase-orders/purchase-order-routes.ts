/**
 * Purchase orders and materials for the documentation forms, and the admin's import of the ERP's orders
 * (CSV or XLSX). A supplier sees only its own orders; naming another supplier answers 404.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { HttpError } from '../../http/errors';
import {
  ImportResultSchema,
  MaterialSchema,
  PurchaseOrderViewSchema,
} from '../../../shared/schemas/purchase-order-import';
import { FILE_MSG } from '../../../shared/schemas/documentation';
import { REQUEST_MSG } from '../../../shared/schemas/request-messages';
import { asHttpError } from '../../http/multipart';
import { defineRoute, PathIdSchema } from '../../http/route';
import type { AuthUser } from '../../plugins/auth';
import { FileTooLargeError, type StoredObject } from '../../files/file-store';
import { listMaterials, listPurchaseOrders, supplierExists } from '../../repositories/purchase-orders';
import { importPurchaseOrders } from '../../services/purchase-order-import';
import { IMPORT_MAX_BYTES } from '../../services/purchase-order-sheet';

const SupplierQuerySchema = v.object({ supplierId: v.optional(PathIdSchema) });
const MaterialParamsSchema = v.object({ materialId: PathIdSchema });

/** The supplier whose orders are listed: a supplier's own; an admin's choice (all when none). */
async function supplierFor(app: FastifyInstance, auth: AuthUser, asked: number | undefined): Promise<number | null> {
  const isAdmin = auth.roles.includes('ADMIN') || auth.roles.includes('ADMINRO');
  if (!isAdmin) {
    if (auth.supplierId === null || (asked !== undefined && asked !== auth.supplierId))
      throw new HttpError(404, 'Supplier not found');
    return auth.supplierId;
  }
  if (asked !== undefined && !(await supplierExists(app.db, asked))) throw new HttpError(404, 'Supplier not found');
  return asked ?? null;
}

const PurchaseOrders = v.strictObject({ purchaseOrders: v.array(PurchaseOrderViewSchema) });

export async function purchaseOrderRoutes(app: FastifyInstance) {
  const route = defineRoute(app);
  const tags = ['purchase orders'];

  route({
    method: 'GET',
    url: '/trucks-documentation/purchase-orders/material',
    response: PurchaseOrders,
    access: 'purchaseorder:read',
    query: SupplierQuerySchema,
    tags,
    summary: 'Open purchase orders of a supplier',
    handler: async ({ user, query }) => {
      const supplier = await supplierFor(app, user, query.supplierId);
      return { purchaseOrders: await listPurchaseOrders(app.db, { supplierId: supplier, materialId: null }) };
    },
  });

  route({
    method: 'GET',
    url: '/trucks-documentation/purchase-orders/material/:materialId',
    response: PurchaseOrders,
    access: 'purchaseorder:read',
    params: MaterialParamsSchema,
    query: SupplierQuerySchema,
    tags,
    summary: 'Open purchase orders of a supplier for one material',
    handler: async ({ user, params: { materialId }, query }) => {
      const supplier = await supplierFor(app, user, query.supplierId);
      return { purchaseOrders: await listPurchaseOrders(app.db, { supplierId: supplier, materialId }) };
    },
  });

  route({
    method: 'GET',
    url: '/materials',
    response: v.strictObject({ materials: v.array(MaterialSchema) }),
    access: 'masters:read',
    tags,
    summary: 'Materials',
    handler: async () => ({ materials: await listMaterials(app.db) }),
  });

  route({
    method: 'POST',
    url: '/purchase-orders/import',
    response: ImportResultSchema,
    access: 'purchaseorder:import',
    consumes: ['multipart/form-data'],
    tags,
    summary: 'Import purchase orders (CSV or XLSX)',
    handler: async ({ request }) => {
      if (!request.isMultipart()) throw new HttpError(400, REQUEST_MSG.sendMultipart, { file: FILE_MSG.required });
      // The upload goes to the store (streamed, bounded) and is read from there; it is never kept.
      let stored: StoredObject | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (stored) throw new HttpError(400, REQUEST_MSG.sendOneFile, { file: REQUEST_MSG.sendOneFile });
          stored = await app.files.put(part.file, IMPORT_MAX_BYTES).catch((error: unknown) => {
            throw error instanceof FileTooLargeError
              ? new HttpError(413, REQUEST_MSG.importTooLarge, { file: REQUEST_MSG.importTooLarge })
              : error;
          });
          if (part.file.truncated) throw new HttpError(413, REQUEST_MSG.importTooLarge);
        }
        if (!stored) throw new HttpError(400, FILE_MSG.required, { file: FILE_MSG.required });
        return await importPurchaseOrders(app.db, app.files, stored);
      } catch (error) {
        // A body cut short or with a wrong boundary is the sender's fault (400), not the server's.
        throw asHttpError(error);
      } finally {
        // The import's answer stands even if the upload cannot be removed now: the orphan sweep removes
        // an unreferenced file later, so a failed delete is logged, not answered as a 500.
        if (stored) {
          const key = stored.key;
          await app.files.remove(key).catch((error: unknown) => {
            request.log.warn({ err: error, key }, 'could not remove an imported spreadsheet');
          });
        }
      }
    },
  });
}
