import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { documentationKeys } from '../../../lib/query-keys';

/** The active equipment ids the ticket's carrier registered (GET /vehicles/suggestions). */
export async function getEquipmentSuggestions(ticketId: number, signal?: AbortSignal): Promise<string[]> {
  const { equipmentIds } = await apiFetch<{ equipmentIds: string[] }>('/vehicles/suggestions', {
    query: { ticketId },
    signal,
  });
  return equipmentIds;
}

export const equipmentSuggestionsQuery = (ticketId: number) =>
  queryOptions({
    queryKey: documentationKeys.equipmentSuggestions(ticketId),
    queryFn: ({ signal }) => getEquipmentSuggestions(ticketId, signal),
    staleTime: 5 * 60_000,
    // Suggestions are a convenience: a failure (offline, server down) leaves the field free text, no retry storm.
    retry: false,
  });

/** The suggestions for the picked ticket; none while no ticket is picked, loading or unreachable. */
export function useEquipmentSuggestions(ticketId: number | null): string[] {
  const query = useQuery({ ...equipmentSuggestionsQuery(ticketId ?? 0), enabled: ticketId !== null });
  return query.data ?? [];
}
