import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { ContractView, CreateContractInput, UpdateContractInput } from '../../../../shared/schemas/contract';
import { backOfficeKeys } from './keys';

export interface ContractFilters {
  page: number;
  limit: number;
  orderBy: 'ASC' | 'DESC';
  carrierId?: number;
  contractStatus?: 'active' | 'inactive';
}

export const contractsQueryOptions = (f: ContractFilters) =>
  queryOptions({
    queryKey: backOfficeKeys.contracts(f),
    queryFn: ({ signal }) =>
      apiFetch<{ contracts: ContractView[]; total: number }>('/contracts', {
        signal,
        query: {
          page: f.page,
          limit: f.limit,
          orderBy: f.orderBy,
          carrierId: f.carrierId,
          contractStatus: f.contractStatus,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const useContracts = (f: ContractFilters) => useQuery(contractsQueryOptions(f));

export function useSaveContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { kind: 'create'; carrierId: number; contract: CreateContractInput }
        | { kind: 'edit'; carrierId: number; contractId: number; contract: UpdateContractInput },
    ) =>
      input.kind === 'create'
        ? apiFetch<{ contract: ContractView }>(`/carriers/${input.carrierId}/contracts`, {
            method: 'POST',
            body: { contract: input.contract },
          })
        : apiFetch<{ contract: ContractView }>(`/carriers/${input.carrierId}/contracts/${input.contractId}`, {
            method: 'PUT',
            body: { contract: input.contract },
          }),
    onSettled: () => client.invalidateQueries({ queryKey: backOfficeKeys.contractsAll }),
  });
}
