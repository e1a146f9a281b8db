/** Materials and purchase orders from the ERP: lists for the forms and the import. */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/database';
import { materials } from '../db/schema/parties';
import type { PurchaseOrderView } from '../../shared/schemas/purchase-order-import';

export type { PurchaseOrderView };

/** Open orders (something left) of a supplier, optionally of one material, earliest delivery first. */
export async function listPurchaseOrders(
  db: Tx,
  filter: { supplierId: number | null; materialId: number | null },
): Promise<PurchaseOrderView[]> {
  const rows = await queryRows<
    Omit<PurchaseOrderView, 'availableQuantity' | 'quantity'> & { availableQuantity: string; quantity: string }
  >(
    db,
    sql`
    select po.id, po.document_number_id as "documentNumberId", po.early_delivery_date::text as "earlyDeliveryDate",
      po.available_quantity::text as "availableQuantity", po.quantity::text as quantity, po.material_id as "materialId",
      m.description as "materialDesc", po.supplier_id as "supplierId"
    from purchase_orders po join materials m on m.id = po.material_id
    where po.available_quantity > 0
      ${filter.supplierId !== null ? sql`and po.supplier_id = ${filter.supplierId}` : sql``}
      ${filter.materialId !== null ? sql`and po.material_id = ${filter.materialId}` : sql``}
    order by po.early_delivery_date, po.document_number_id`,
  );
  return rows.map((r) => ({ ...r, availableQuantity: Number(r.availableQuantity), quantity: Number(r.quantity) }));
}

export async function supplierExists(db: Tx, id: number): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from suppliers where id = ${id}`);
  return (rows[0]?.n ?? 0) > 0;
}

export async function listMaterials(db: Tx): Promise<{ id: number; code: string; description: string }[]> {
  return db
    .select({ id: materials.id, code: materials.code, description: materials.description })
    .from(materials)
    .orderBy(materials.description);
}

/** Supplier ids by SAP id and material ids by code, for the import. */
export async function importLookups(
  db: Tx,
): Promise<{ suppliers: Map<string, number>; materials: Map<string, number> }> {
  const s = await queryRows<{ id: number; sapId: string }>(
    db,
    sql`select id, sap_id as "sapId" from suppliers where sap_id is not null`,
  );
  const m = await queryRows<{ id: number; code: string }>(db, sql`select id, code from materials`);
  return { suppliers: new Map(s.map((r) => [r.sapId, r.id])), materials: new Map(m.map((r) => [r.code, r.id])) };
}

export async function insertMaterial(db: Tx, code: string, description: string): Promise<number> {
  const [row] = await db
    .insert(materials)
    .values({ code, description })
    .onConflictDoNothing()
    .returning({ id: materials.id });
  if (row) return row.id;
  const found = await queryRows<{ id: number }>(db, sql`select id from materials where code = ${code}`);
  return found[0]!.id;
}

export interface PurchaseOrderImportRow {
  documentNumberId: string;
  supplierId: number;
  materialId: number;
  earlyDeliveryDate: string;
  quantity: string;
}

/**
 * Inserts or updates an order by its document number. On update the tonnes already reserved by loaded
 * documentation stay consumed: available = new quantity - (old quantity - old available), never below 0.
 */
export async function upsertPurchaseOrder(db: Tx, row: PurchaseOrderImportRow): Promise<void> {
  await db.execute(sql`
    insert into purchase_orders (document_number_id, supplier_id, material_id, early_delivery_date, quantity, available_quantity)
    values (${row.documentNumberId}, ${row.supplierId}, ${row.materialId}, ${row.earlyDeliveryDate}, ${row.quantity}::numeric, ${row.quantity}::numeric)
    on conflict (document_number_id) do update set
      supplier_id = excluded.supplier_id,
      material_id = excluded.material_id,
      early_delivery_date = excluded.early_delivery_date,
      quantity = excluded.quantity,
      available_quantity = greatest(0, excluded.quantity - (purchase_orders.quantity - purchase_orders.available_quantity))`);
}
