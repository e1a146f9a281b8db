/**
 * Server-side additions to the shared ticket schemas (src/shared/schemas/ticket.ts). Bodies are wrapped
 * as the spec shows ({ticket: {...}}) by the route helper's `wrapped`, so `details` name the form's
 * fields (`count`, not `ticket.count`).
 */
import * as v from 'valibot';
import { resolveStatusFilter } from '../../../shared/domain/role-views';
import type { Role } from '../../../shared/domain/roles';
import { TICKET_STATUSES, type TicketStatus } from '../../../shared/domain/ticket-status';
import { TicketQuerySchema } from '../../../shared/schemas/ticket';

// ---- GET /tickets ----

const flag = v.optional(
  v.pipe(
    v.picklist(['true', 'false', '1', '0'], 'Must be true or false'),
    v.transform((s) => s === 'true' || s === '1'),
  ),
);

/**
 * The shared list filters plus two the server adds: `unassigned=true` (PENDING without an open offer,
 * the admins' view of tickets the allocation could not place) and `all=true` (a carrier's /all page,
 * which also lists tickets it was offered before).
 */
export const ServerTicketQuerySchema = v.object({ ...TicketQuerySchema.entries, unassigned: flag, all: flag });
export type TicketQuery = v.InferOutput<typeof ServerTicketQuerySchema>;

/**
 * Stored statuses for a statusName filter, aliases expanded for the caller's roles (a user holding
 * several roles gets the union); without a filter, the generic list's default (every status but
 * CANCELED). Unknown values select nothing, so a filter of only unknown values lists no ticket.
 */
export function expandStatuses(roles: readonly Role[], values: readonly string[] | undefined): TicketStatus[] {
  const selected = new Set(roles.flatMap((role) => resolveStatusFilter(role, 'generic', values)));
  return TICKET_STATUSES.filter((status) => selected.has(status));
}
