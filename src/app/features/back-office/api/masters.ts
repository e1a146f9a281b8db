/** Master-data calls of the back office: carriers, suppliers, depots, settings and their lookups. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { CarrierView, UpdateCarrierInput, UpdateCarrierResult } from '../../../../shared/schemas/carrier';
import type { ConfigurationView } from '../../../../shared/schemas/configuration';
import type { CreateDepotInput, DepotView } from '../../../../shared/schemas/depot';
import type { SupplierView, UpdateSupplierInput } from '../../../../shared/schemas/supplier';
import { backOfficeKeys } from './keys';

export const useCarrierList = () =>
  useQuery({
    queryKey: backOfficeKeys.carriers,
    queryFn: ({ signal }) => apiFetch<{ carriers: CarrierView[] }>('/carriers', { signal }).then((r) => r.carriers),
  });

export function useUpdateCarrier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, carrier }: { id: number; carrier: UpdateCarrierInput }) =>
      apiFetch<UpdateCarrierResult>(`/carriers/${id}`, { method: 'PUT', body: { carrier } }),
    onSettled: () => client.invalidateQueries({ queryKey: backOfficeKeys.carriers }),
  });
}

export interface SupplierFilters {
  page: number;
  limit: number;
  businessName?: string;
  sapId?: string;
}

export const suppliersQueryOptions = (f: SupplierFilters) =>
  queryOptions({
    queryKey: backOfficeKeys.suppliers(f),
    queryFn: ({ signal }) =>
      apiFetch<{ suppliers: SupplierView[]; count: number }>('/suppliers/filters', { signal, query: { ...f } }),
    placeholderData: keepPreviousData,
  });

export function useUpdateSupplier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, supplier }: { id: number; supplier: UpdateSupplierInput }) =>
      apiFetch<{ supplier: SupplierView }>(`/suppliers/${id}`, { method: 'PUT', body: { supplier } }),
    onSettled: () => client.invalidateQueries({ queryKey: backOfficeKeys.suppliersAll }),
  });
}

export interface DepotFilters {
  page: number;
  limit: number;
  supplierId?: number;
  city?: string;
}

export const depotsQueryOptions = (f: DepotFilters) =>
  queryOptions({
    queryKey: backOfficeKeys.depots(f),
    queryFn: ({ signal }) =>
      apiFetch<{ depots: DepotView[]; count: number }>('/depots/filters', { signal, query: { ...f } }),
    placeholderData: keepPreviousData,
  });

export function useCreateDepot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (depot: CreateDepotInput) =>
      apiFetch<{ depot: DepotView }>('/depots', { method: 'POST', body: { depot } }),
    onSettled: () => client.invalidateQueries({ queryKey: backOfficeKeys.depotsAll }),
  });
}

export const useSupplierLookup = () =>
  useQuery({
    queryKey: backOfficeKeys.lookups('suppliers'),
    queryFn: ({ signal }) =>
      apiFetch<{ suppliers: { id: number; businessName: string }[] }>('/suppliers', { signal }).then(
        (r) => r.suppliers,
      ),
    staleTime: 5 * 60_000,
  });

export const useDestinationLookup = () =>
  useQuery({
    queryKey: backOfficeKeys.lookups('destinations'),
    queryFn: ({ signal }) =>
      apiFetch<{ destinations: { id: number; name: string }[] }>('/destinations', { signal }).then(
        (r) => r.destinations,
      ),
    staleTime: 5 * 60_000,
  });

export const useBorderCrossingLookup = () =>
  useQuery({
    queryKey: backOfficeKeys.lookups('border-crossings'),
    queryFn: ({ signal }) =>
      apiFetch<{ borderCrossings: { id: number; description: string }[] }>('/border-crossings/all', { signal }).then(
        (r) => r.borderCrossings,
      ),
    staleTime: 5 * 60_000,
  });

export const useConfigurations = () =>
  useQuery({
    queryKey: backOfficeKeys.configurations,
    queryFn: ({ signal }) =>
      apiFetch<{ configurations: ConfigurationView[] }>('/configurations', { signal }).then((r) => r.configurations),
  });

export function useUpdateConfiguration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, value }: { id: number; value: number }) =>
      apiFetch<{ configuration: ConfigurationView }>(`/configurations/${id}`, {
        method: 'PUT',
        body: { settings: { value } },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: backOfficeKeys.configurations }),
  });
}

export interface ServiceLevelRow {
  id: number;
  businessName: string;
  mode?: string;
  lastMonth: { total: number; confirmed: number };
  lastWeek: { total: number; confirmed: number };
}

export const useServiceLevels = () =>
  useQuery({
    queryKey: backOfficeKeys.serviceLevel,
    queryFn: ({ signal }) =>
      apiFetch<{ carriers: ServiceLevelRow[] }>('/tickets/count/carrier', { signal }).then((r) => r.carriers),
  });
