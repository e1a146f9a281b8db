import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SapValidationStatus } from '../../../../shared/schemas/invoice';
import { apiFetch } from '../../../lib/api-client';
import { invoiceKeys } from '../../../lib/query-keys';

export async function setSapValidation({
  invoiceId,
  status,
}: {
  invoiceId: number;
  status: SapValidationStatus;
}): Promise<void> {
  await apiFetch(`/invoices/${invoiceId}/sap-validation`, { method: 'PUT', body: { status } });
}

export function useSetSapValidation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setSapValidation,
    onSuccess: () => client.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
