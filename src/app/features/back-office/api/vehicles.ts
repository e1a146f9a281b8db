import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { VehicleInput, VehicleView } from '../../../../shared/schemas/vehicle';
import { backOfficeKeys } from './keys';

export interface VehicleFilters {
  page: number;
  limit: number;
  equipmentId?: string;
  active?: 'true' | 'false';
}

export const vehiclesQueryOptions = (f: VehicleFilters) =>
  queryOptions({
    queryKey: backOfficeKeys.vehicles(f),
    queryFn: ({ signal }) =>
      apiFetch<{ vehicles: VehicleView[]; count: number }>('/vehicles', { signal, query: { ...f } }),
    placeholderData: keepPreviousData,
  });

export function useSaveVehicle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, vehicle }: { id: number | null; vehicle: VehicleInput }) =>
      id === null
        ? apiFetch<{ vehicle: VehicleView }>('/vehicles', { method: 'POST', body: { vehicle } })
        : apiFetch<{ vehicle: VehicleView }>(`/vehicles/${id}`, { method: 'PUT', body: { vehicle } }),
    onSettled: () => client.invalidateQueries({ queryKey: backOfficeKeys.vehiclesAll }),
  });
}
