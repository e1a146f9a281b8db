import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Invoice } from '../types';
import { invoiceKeys } from '../../../lib/query-keys';

export interface SavePaymentInput {
  invoiceId: number;
  payment: { paymentNumber: string; paymentDate: string };
  file: File;
}

/** PUT /invoices/{id}/payment: multipart `paymentFile` plus the JSON part `invoice`. */
export async function savePayment({ invoiceId, payment, file }: SavePaymentInput): Promise<Invoice> {
  const body = new FormData();
  body.append('paymentFile', file, file.name);
  body.append('invoice', new Blob([JSON.stringify(payment)], { type: 'application/json' }));
  return (await apiFetch<{ invoice: Invoice }>(`/invoices/${invoiceId}/payment`, { method: 'PUT', body })).invoice;
}

export function useSavePayment() {
  const client = useQueryClient();
  // Not awaited, for the reason given in save-invoice.ts: the form remounts with the refetched invoice.
  return useMutation({
    mutationFn: savePayment,
    onSuccess: () => void client.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
