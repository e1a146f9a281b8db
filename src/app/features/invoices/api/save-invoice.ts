import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Invoice } from '../types';
import { invoiceKeys, ticketKeys } from '../../../lib/query-keys';

export interface SaveInvoiceInput {
  /** The invoice id when correcting one. */
  id?: number | undefined;
  invoice: { number: string; date: string; borderCrossingId: number; ticketId: number };
  file: File | null;
}

/** POST /invoices (→ TA_INVOICED) or PUT /invoices/{id}: multipart `invoiceFile` plus the JSON part `invoice`. */
export async function saveInvoice({ id, invoice, file }: SaveInvoiceInput): Promise<Invoice> {
  const body = new FormData();
  if (file) body.append('invoiceFile', file, file.name);
  body.append('invoice', new Blob([JSON.stringify(invoice)], { type: 'application/json' }));
  const answer = await apiFetch<{ invoice: Invoice }>(id === undefined ? '/invoices' : `/invoices/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    body,
  });
  return answer.invoice;
}

export function useSaveInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveInvoice,
    // Not awaited: the refetched invoice re-keys (remounts) the form, and TanStack Query drops the
    // per-call mutate() callbacks of an unmounted observer, which would swallow the success toast.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: invoiceKeys.all });
      void client.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
}
