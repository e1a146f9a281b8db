import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { deleteCandidates } from '../../../../shared/domain/role-views';
import { ERROR_CODES } from '../../../../shared/errors';
import { isApiError } from '../../../lib/api-client';
import { ticketsQueryOptions } from './get-tickets';

/** Enough for every open ticket of a supplier; the delete rule needs all of them to choose per yard. */
const OPEN_TICKETS_LIMIT = 1000;

/**
 * The supplier's open tickets and the ones the shared delete rule offers (one per yard), for the delete
 * picker and the ticket page's Delete: both read the rule the server enforces.
 */
export function useDeleteCandidates(enabled: boolean) {
  const open = useQuery({
    ...ticketsQueryOptions({
      statusName: ['PENDING', 'CONFIRMED'],
      page: 1,
      limit: OPEN_TICKETS_LIMIT,
      orderBy: 'DESC',
    }),
    enabled,
  });
  const candidates = useMemo(
    () =>
      deleteCandidates(
        (open.data?.tickets ?? []).map((ticket) => ({
          ...ticket,
          status: ticket.status.name,
          originDepotId: ticket.origin.id,
        })),
      ),
    [open.data],
  );
  return { open, candidates };
}

/** The trip of the same yard the server named when it refused a delete (409 ticket_not_deletable). */
export function deletableInstead(error: unknown): number | null {
  if (!isApiError(error, 409) || error.body?.code !== ERROR_CODES.ticketNotDeletable) return null;
  return error.body.deletableTicketId ?? null;
}
