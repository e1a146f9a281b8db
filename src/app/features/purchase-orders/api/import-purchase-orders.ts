import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { purchaseOrderKeys } from '../../../lib/query-keys';
import type { ImportResult } from '../../../../shared/schemas/purchase-order-import';

export type { ImportResult };

/** POST /purchase-orders/import (ADMIN): one CSV or XLSX file; rows that fail are reported, the rest are saved. */
export async function importPurchaseOrders(file: File): Promise<ImportResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiFetch<ImportResult>('/purchase-orders/import', { method: 'POST', body });
}

export function useImportPurchaseOrders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importPurchaseOrders,
    onSuccess: () => void client.invalidateQueries({ queryKey: purchaseOrderKeys.all }),
  });
}
