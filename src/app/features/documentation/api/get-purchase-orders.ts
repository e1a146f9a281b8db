import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { PurchaseOrder } from '../types';
import { purchaseOrderKeys } from '../../../lib/query-keys';

/** Open purchase orders of one material for the supplier. */
export async function getPurchaseOrders(materialId: number, supplierId: number | undefined): Promise<PurchaseOrder[]> {
  const { purchaseOrders } = await apiFetch<{ purchaseOrders: PurchaseOrder[] }>(
    `/trucks-documentation/purchase-orders/material/${materialId}`,
    { query: { supplierId } },
  );
  return purchaseOrders;
}

export const purchaseOrdersQuery = (materialId: number | null, supplierId: number | undefined) =>
  queryOptions({
    queryKey: purchaseOrderKeys.open(materialId, supplierId),
    queryFn: () => getPurchaseOrders(materialId ?? 0, supplierId),
    enabled: materialId !== null,
  });

export const usePurchaseOrders = (materialId: number | null, supplierId: number | undefined) =>
  useQuery(purchaseOrdersQuery(materialId, supplierId));
