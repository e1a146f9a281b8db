import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../lib/api-client';
import type { Documentation, DocumentationMode } from '../types';
import { documentationKeys } from '../../../lib/query-keys';

const BASE: Record<DocumentationMode, string> = { TRUCK: '/trucks-documentation', RAILCAR: '/railcar-documentation' };

/** GET /trucks-documentation/{ticketId}/ticket or the railcar one; null when the ticket has none (404). */
export async function getDocumentation(mode: DocumentationMode, ticketId: number): Promise<Documentation | null> {
  try {
    const body = await apiFetch<{ truckDocumentation?: Documentation; railcarDocumentation?: Documentation }>(
      `${BASE[mode]}/${ticketId}/ticket`,
    );
    return (mode === 'TRUCK' ? body.truckDocumentation : body.railcarDocumentation) ?? null;
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export const documentationQuery = (mode: DocumentationMode, ticketId: number | null) =>
  queryOptions({
    queryKey: documentationKeys.ofTicket(mode, ticketId),
    queryFn: () => getDocumentation(mode, ticketId ?? 0),
    enabled: ticketId !== null,
  });

export const useDocumentation = (mode: DocumentationMode, ticketId: number | null) =>
  useQuery(documentationQuery(mode, ticketId));
