import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Invoice } from '../types';
import { invoiceKeys } from '../../../lib/query-keys';

export async function getInvoices(ticketId: number): Promise<Invoice[]> {
  const { invoices } = await apiFetch<{ invoices: Invoice[] }>(`/invoices/${ticketId}/ticket`);
  return invoices;
}

export const invoicesQuery = (ticketId: number) =>
  queryOptions({ queryKey: invoiceKeys.ofTicket(ticketId), queryFn: () => getInvoices(ticketId) });

export const useInvoices = (ticketId: number) => useQuery(invoicesQuery(ticketId));
