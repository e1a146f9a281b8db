import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { BorderCrossing } from '../types';
import { lookupKeys } from '../../../lib/query-keys';

export async function getBorderCrossings(): Promise<BorderCrossing[]> {
  const { borderCrossings } = await apiFetch<{ borderCrossings: BorderCrossing[] }>('/border-crossings/all');
  return borderCrossings;
}

export const borderCrossingsQuery = () =>
  queryOptions({ queryKey: lookupKeys.borderCrossings, queryFn: getBorderCrossings, staleTime: 10 * 60_000 });

export const useBorderCrossings = () => useQuery(borderCrossingsQuery());
