/**
 * Purchase orders and materials for the documentation forms, and the admin's import of the ERP's orders
 * (CSV or XLSX). A supplier sees only its own orders; naming another supplier answers 404.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { HttpError } from '../../http/errors';
import { defineRoute, PathIdSchema } from '../../http/route';
import type { AuthUser } from '../../plugins/auth';
import type { StoredObject } from '../../plugins/file-store';
import { FileTooLargeError } from '../../plugins/file-store';
import {
  importLookups,
  insertMaterial,
  listMaterials,
  listPurchaseOrders,
  supplierExists,
  upsertPurchaseOrder,
  type PurchaseOrderImportRow,
} from '../../repositories/purchase-orders';
import { importDate, importQuantity, readSheet } from './purchase-order-import';

const SupplierQuerySchema = v.object({ supplierId: v.optional(PathIdSchema) });
const MaterialParamsSchema = v.object({ materialId: PathIdSchema });
/** Largest import accepted: a year of orders is far below it. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
const MAX_IMPORT_ROWS = 20_000;

/** The supplier whose orders are listed: a supplier's own; an admin's choice (all when none). */
async function supplierFor(app: FastifyInstance, auth: AuthUser, asked: number | undefined): Promise<number | null> {
  const isAdmin = auth.roles.includes('ADMIN') || auth.roles.includes('ADMINRO');
  if (!isAdmin) {
    if (auth.supplierId === null || (asked !== undefined && asked !== auth.supplierId)) throw new HttpError(404, 'Supplier not found');
    return auth.supplierId;
  }
  if (asked !== undefined && !(await supplierExists(app.db, asked))) throw new HttpError(404, 'Supplier not found');
  return asked ?? null;
}

export async function purchaseOrderRoutes(app: FastifyInstance) {
  const route = defineRoute(app);
  const tags = ['purchase orders'];

  route({
    method: 'GET',
    url: '/trucks-documentation/purchase-orders/material',
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
    access: 'masters:read',
    tags,
    summary: 'Materials',
    handler: async () => ({ materials: await listMaterials(app.db) }),
  });

  route({
    method: 'POST',
    url: '/purchase-orders/import',
    access: 'purchaseorder:import',
    consumes: ['multipart/form-data'],
    tags,
    summary: 'Import purchase orders (CSV or XLSX)',
    handler: async ({ request }) => {
      if (!request.isMultipart()) throw new HttpError(400, 'Send the file as multipart/form-data', { file: 'This is a required file' });
      // The upload goes to the store (streamed, bounded) and is read from there; it is never kept.
      let stored: StoredObject | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (stored) throw new HttpError(400, 'Send one file', { file: 'Send one file' });
          stored = await app.files.put(part.file, IMPORT_MAX_BYTES).catch((error: unknown) => {
            throw error instanceof FileTooLargeError ? new HttpError(413, 'The file exceeds the maximum size of 10 MB', { file: 'The file exceeds the maximum size of 10 MB' }) : error;
          });
          if (part.file.truncated) throw new HttpError(413, 'The file exceeds the maximum size of 10 MB');
        }
        if (!stored) throw new HttpError(400, 'This is a required file', { file: 'This is a required file' });
        const sheet = await readSheet(app.files.read(stored.key), stored.head).catch(() => {
          throw new HttpError(400, 'The file must be a CSV or XLSX spreadsheet', { file: 'The file must be a CSV or XLSX spreadsheet' });
        });
        if (sheet.missing.length > 0) {
          const message = `Missing columns: ${sheet.missing.join(', ')}`;
          throw new HttpError(400, message, { file: message });
        }
        if (sheet.rows.length > MAX_IMPORT_ROWS) throw new HttpError(400, `At most ${MAX_IMPORT_ROWS} rows per import`);
        return await app.db.transaction(async (tx) => {
          const lookups = await importLookups(tx);
          const errors: { row: number; message: string }[] = [];
          const seen = new Set<string>();
          let imported = 0;
          for (const { row, values } of sheet.rows) {
            const fail = (message: string) => errors.push({ row, message });
            const number = values.documentNumberId ?? '';
            if (!/^[A-Za-z0-9-]{1,40}$/.test(number)) { fail('documentNumberId is missing or invalid'); continue; }
            if (seen.has(number)) { fail(`Purchase order ${number} appears twice`); continue; }
            const supplierId = lookups.suppliers.get(values.supplierSapId ?? '');
            if (supplierId === undefined) { fail(`Unknown supplier SAP id ${values.supplierSapId ?? ''}`); continue; }
            const code = values.materialCode ?? '';
            let materialId = lookups.materials.get(code);
            if (materialId === undefined && code && values.materialDesc) {
              materialId = await insertMaterial(tx, code, values.materialDesc);
              lookups.materials.set(code, materialId);
            }
            if (materialId === undefined) { fail(`Unknown material code ${code}`); continue; }
            const earlyDeliveryDate = importDate(values.earlyDeliveryDate ?? '');
            if (!earlyDeliveryDate) { fail('earlyDeliveryDate must be a date (YYYY-MM-DD)'); continue; }
            const quantity = importQuantity(values.quantity ?? '');
            if (!quantity) { fail('quantity must be a positive number of tonnes'); continue; }
            const item: PurchaseOrderImportRow = { documentNumberId: number, supplierId, materialId, earlyDeliveryDate, quantity };
            await upsertPurchaseOrder(tx, item);
            seen.add(number);
            imported++;
          }
          return { imported, errors };
        });
      } finally {
        if (stored) await app.files.remove(stored.key);
      }
    },
  });
}
