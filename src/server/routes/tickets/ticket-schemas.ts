/**
 * Server-side helpers for the shared ticket schemas (src/shared/schemas/ticket.ts). Bodies are wrapped
 * as the spec shows ({ticket: {...}}) by the route helper's `wrapped`, so `details` name the form's
 * fields (`count`, not `ticket.count`).
 */
import { resolveStatusFilter } from '../../../shared/domain/role-views';
import type { Role } from '../../../shared/domain/roles';
import { TICKET_STATUSES, type TicketStatus } from '../../../shared/domain/ticket-status';

// ---- GET /tickets ----

/**
 * Stored statuses for a statusName filter, aliases expanded for the caller's roles (a user holding
 * several roles gets the union); without a filter, the generic list's default (every status but
 * CANCELED). Unknown values select nothing, so a filter of only unknown values lists no ticket.
 */
export function expandStatuses(roles: readonly Role[], values: readonly string[] | undefined): TicketStatus[] {
  const selected = new Set(roles.flatMap((role) => resolveStatusFilter(role, 'generic', values)));
  return TICKET_STATUSES.filter((status) => selected.has(status));
}
